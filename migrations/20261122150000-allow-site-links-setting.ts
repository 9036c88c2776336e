import type { Knex } from 'knex';

// refund_policy is added by 20261122130000, which runs before this one.
const KEYS = ['site_maintenance', 'registration_limit', 'email_notifications', 'refund_policy'];

function keyCheck(keys: string[]): string {
  return `ALTER TABLE admin_settings ADD CONSTRAINT admin_settings_setting_key_check CHECK (setting_key IN (${keys.map((k) => `'${k}'`).join(', ')}))`;
}

/** The site's community and social links (WhatsApp, Discord, demo video, social accounts) are an admin setting. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE admin_settings DROP CONSTRAINT IF EXISTS admin_settings_setting_key_check');
  await knex.raw(keyCheck([...KEYS, 'site_links']));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM admin_settings WHERE setting_key = 'site_links'`);
  await knex.raw('ALTER TABLE admin_settings DROP CONSTRAINT IF EXISTS admin_settings_setting_key_check');
  await knex.raw(keyCheck(KEYS));
}
