import type { Knex } from 'knex';

/**
 * Admin events (a completed registration) kept for a while, so a client that reconnects to any
 * instance with Last-Event-ID gets what it missed, and an instance whose LISTEN connection
 * dropped catches up. `txid` (the writing transaction) and `snap` (which transactions had
 * committed when the row was written) let a replay find rows with a smaller id that committed later.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS admin_events (
      id bigserial PRIMARY KEY,
      type text NOT NULL,
      payload jsonb NOT NULL,
      txid xid8 NOT NULL DEFAULT pg_current_xact_id(),
      snap pg_snapshot NOT NULL DEFAULT pg_current_snapshot(),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS admin_events_created_at_idx ON admin_events (created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS admin_events');
}
