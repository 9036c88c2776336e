import { createDb, migrateLatest, migrateRollbackAll } from '../server/src/index';
import { resolveDatabaseUrl } from './database-url';

/** npm run migrate [-- down] : apply every migration, or roll them all back. */
async function main() {
  const database = await resolveDatabaseUrl(process.env);
  const db = createDb(database.url, 2);
  try {
    if (process.argv[2] === 'down') await migrateRollbackAll(db);
    else await migrateLatest(db);
    console.log(process.argv[2] === 'down' ? 'Rolled back all migrations.' : 'Database is up to date.');
  } finally {
    await db.destroy();
    await database.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
