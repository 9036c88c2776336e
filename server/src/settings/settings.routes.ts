import { settingKeySchema, settingSchemas, type SettingKey } from '@workshop/shared';
import { z } from 'zod';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { readSettings, writeSetting } from './settings.queries';

export const settingsRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/settings',
    access: 'admin',
    handler: async (_req, res) => {
      res.json(await readSettings(db));
    },
  },
  {
    method: 'put',
    path: '/api/admin/settings/:key',
    access: 'admin',
    handler: async (req, res) => {
      const key: SettingKey = parse(settingKeySchema, req.params.key);
      const { setting_value } = parse(z.object({ setting_value: settingSchemas[key] }), req.body);
      await writeSetting(db, key, setting_value);
      res.json({ setting_key: key, setting_value });
    },
  },
];
