import type { Knex } from 'knex';

/**
 * How many times the provider reported a refund failed after accepting it (the bank sent the
 * money back): made again once by itself, a second time it stops and the admins are told, since
 * the buyer's card or account evidently cannot take it (refunds-sent-back.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE refunds ADD COLUMN IF NOT EXISTS sent_back integer NOT NULL DEFAULT 0');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE refunds DROP COLUMN IF EXISTS sent_back');
}
