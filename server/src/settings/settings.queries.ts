import { DEFAULT_SETTINGS, type SettingKey, type Settings } from '@workshop/shared';
import type { Db } from '../db/knex';

export async function readSettings(db: Db): Promise<Settings> {
  const rows: { setting_key: SettingKey; setting_value: unknown }[] = await db('admin_settings').select('setting_key', 'setting_value');
  const settings = structuredClone(DEFAULT_SETTINGS) as Record<SettingKey, unknown>;
  // Only the switches of this list: a domain's own settings row (invoicing) is read by that domain.
  for (const row of rows) if (row.setting_key in DEFAULT_SETTINGS) settings[row.setting_key] = { ...(settings[row.setting_key] as object), ...(row.setting_value as object) };
  return settings as Settings;
}

export async function readSetting<K extends SettingKey>(db: Db, key: K): Promise<Settings[K]> {
  const row = await db('admin_settings').where({ setting_key: key }).first('setting_value');
  return { ...DEFAULT_SETTINGS[key], ...(row?.setting_value ?? {}) } as Settings[K];
}

export async function writeSetting<K extends SettingKey>(db: Db, key: K, value: Settings[K]): Promise<void> {
  await db('admin_settings')
    .insert({ setting_key: key, setting_value: JSON.stringify(value), updated_at: db.fn.now() })
    .onConflict('setting_key')
    .merge();
}
