import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS admin_settings (
      setting_key text PRIMARY KEY CHECK (setting_key IN ('site_maintenance', 'registration_limit', 'email_notifications')),
      setting_value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS admin_settings');
}
