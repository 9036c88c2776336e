import type { SettingKey, Settings } from '@workshop/shared';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useMaintenanceState } from '../../queries/maintenance.store';
import { useAppApi } from '../../app/app-api';

/** Saves one setting with the SPEC's toasts; `saving` drives the 'Saving...' indicator. */
export function useSettingWriter(onSaved: (key: SettingKey, value: Settings[SettingKey]) => void) {
  const api = useApi();
  const { message } = useAppApi();
  const [saving, setSaving] = useState<SettingKey | null>(null);
  const setMaintenance = useMaintenanceState((s) => s.set);

  async function save<K extends SettingKey>(key: K, value: Settings[K]): Promise<boolean> {
    setSaving(key);
    try {
      await api.admin.settings.update(key, value);
      onSaved(key, value);
      if (key === 'site_maintenance') setMaintenance(value as Settings['site_maintenance']);
      message.success('Setting updated successfully');
      return true;
    } catch (err) {
      const detail = err instanceof Error && 'status' in err && (err as { status: number }).status === 422 ? `: ${err.message}` : '';
      message.error(`Failed to update setting${detail}`);
      return false;
    } finally {
      setSaving(null);
    }
  }

  return { saving, save };
}
