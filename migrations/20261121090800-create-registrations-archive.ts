import type { Knex } from 'knex';

/** Where "clear all registrations" moves rows: payment records must outlive the admin list.
 * Rows are kept whole as jsonb so later columns on the live table never break the archive. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS workshop_registrations_archive (
      id uuid PRIMARY KEY,
      record jsonb NOT NULL,
      archived_at timestamptz NOT NULL DEFAULT now()
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS workshop_registrations_archive');
}
