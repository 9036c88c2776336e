import type { Knex } from 'knex';
import { extendInCheck } from './support/extend-in-check';

/**
 * Retention (issue 27, point 1): the periods are an owner setting; the job's batches find what is
 * due by indexes, not by reading whole tables.
 */
export async function up(knex: Knex): Promise<void> {
  await extendInCheck(knex, 'admin_settings', 'admin_settings_setting_key_check', 'setting_key', ['retention']);
  for (const [name, table, column] of DUE) await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${column})`);
}

const DUE = [
  ['workshop_interests_changed_idx', 'workshop_interests', 'updated_at'],
  ['video_leads_created_idx', 'video_leads', 'created_at'],
  ['revive_created_idx', 'revive', 'created_at'],
  ['waitlist_entries_changed_idx', 'waitlist_entries', 'updated_at'],
  ['checkout_recoveries_created_idx', 'checkout_recoveries', 'created_at'],
] as const;

export async function down(knex: Knex): Promise<void> {
  for (const [name] of DUE) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
  await knex('admin_settings').where({ setting_key: 'retention' }).delete();
  await extendInCheck(knex, 'admin_settings', 'admin_settings_setting_key_check', 'setting_key', [], ['retention']);
}
