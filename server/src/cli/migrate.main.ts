import { ConfigError } from '../config';
import { createDb } from '../db/knex';
import { migrateLatest } from '../db/migrate';
import { requireDatabaseUrl } from './production-env';

/**
 * `npm run migrate:prod` (server/dist/migrate.js): applies pending migrations to DATABASE_URL
 * as a release step, before new instances start. Safe to run while instances are starting:
 * everyone takes the same migration lock. There is deliberately no roll-back-all here.
 */
async function main() {
  const db = createDb(requireDatabaseUrl(process.env), 2);
  try {
    await migrateLatest(db, { onWait: () => console.log('Another instance is migrating the database: waiting for it…') });
    console.log('Database is up to date.');
  } finally {
    await db.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
