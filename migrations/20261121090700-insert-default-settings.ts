import type { Knex } from 'knex';

// Data kept apart from schema; the values mirror DEFAULT_SETTINGS in packages/shared.
const defaults = {
  site_maintenance: { enabled: false, message: 'We are performing scheduled maintenance. Please check back soon.' },
  registration_limit: { enabled: false, max_registrations: 100 },
  email_notifications: { enabled: false, admin_email: '' },
};

export async function up(knex: Knex): Promise<void> {
  for (const [key, value] of Object.entries(defaults)) {
    await knex.raw('INSERT INTO admin_settings (setting_key, setting_value) VALUES (?, ?::jsonb) ON CONFLICT DO NOTHING', [
      key,
      JSON.stringify(value),
    ]);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DELETE FROM admin_settings');
}
