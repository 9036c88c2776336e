import type { Knex } from 'knex';

/**
 * A refund that gave up is looked at again at its provider now and then (the reconcile pass,
 * server/src/payments/refunds/failed-refund-watch.ts): `looked_at` is when it last was. The
 * partial index keeps that scan to the few refunds that failed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE refunds ADD COLUMN IF NOT EXISTS looked_at timestamptz NULL');
  await knex.raw(`CREATE INDEX IF NOT EXISTS refunds_failed_idx ON refunds (updated_at) WHERE status = 'failed'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS refunds_failed_idx');
  await knex.raw('ALTER TABLE refunds DROP COLUMN IF EXISTS looked_at');
}
