import type { Knex } from 'knex';

/**
 * Who holds a seat (client IP, browser) so one buyer holds at most one seat per workshop and
 * one IP only a few; when the reconciler may look at a row again, so rows it cannot settle
 * back off instead of blocking the others; and where archived rows' orders can be found.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE workshop_registrations
      ADD COLUMN IF NOT EXISTS client_ip inet NULL,
      ADD COLUMN IF NOT EXISTS browser_id text NULL CHECK (length(browser_id) <= 64),
      ADD COLUMN IF NOT EXISTS reconcile_attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN IF NOT EXISTS reconcile_after timestamptz NULL,
      ADD COLUMN IF NOT EXISTS reconcile_error text NULL`);
  await knex.raw(`CREATE INDEX IF NOT EXISTS registrations_reconcile_idx ON workshop_registrations (coalesce(reconcile_after, hold_expires_at)) WHERE status = 'pending'`);
  await knex.raw(`CREATE INDEX IF NOT EXISTS registrations_late_check_idx ON workshop_registrations (reconcile_after) WHERE status = 'failed' AND reconcile_after IS NOT NULL`);
  await knex.raw(`CREATE INDEX IF NOT EXISTS registrations_archive_order_idx ON workshop_registrations_archive ((record->>'provider_order_id'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS registrations_archive_order_idx');
  await knex.raw('DROP INDEX IF EXISTS registrations_late_check_idx');
  await knex.raw('DROP INDEX IF EXISTS registrations_reconcile_idx');
  await knex.raw(`ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS client_ip, DROP COLUMN IF EXISTS browser_id,
    DROP COLUMN IF EXISTS reconcile_attempts, DROP COLUMN IF EXISTS reconcile_after, DROP COLUMN IF EXISTS reconcile_error`);
}
