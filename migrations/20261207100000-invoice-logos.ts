import type { Knex } from 'knex';

/**
 * The seller's logo on invoices (issue 25), kept by the sha256 of its bytes: a document names the
 * logo it was issued with, and a logo is never deleted, so a document keeps its look after the
 * logo changes (documents never change).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS invoice_logos (
      sha256 text PRIMARY KEY CHECK (sha256 ~ '^[0-9a-f]{64}$'),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
      bytes bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS invoice_logos');
}
