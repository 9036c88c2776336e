import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { createDb, type Db } from '../../src/db/knex';
import { adminQuery, withDatabase } from './pg-admin';

export interface TestDb {
  db: Db;
  url: string;
  drop: () => Promise<void>;
}

/** A fresh, migrated database of its own (copied from the run's template). */
export async function createTestDb(): Promise<TestDb> {
  const adminUrl = inject('pgAdminUrl');
  const name = `wk_t_${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
      break;
    } catch (err) {
      // Two files copying the template at the same instant can collide; try again.
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
    }
  }
  const url = withDatabase(adminUrl, name);
  const db = createDb(url, 20);
  return {
    db,
    url,
    drop: async () => {
      await db.destroy();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
