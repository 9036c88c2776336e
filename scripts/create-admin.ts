import { parseArgs } from 'node:util';
import { createAdminSchema, firstMessage } from '@workshop/shared';
import { createAdminUser, findUserByEmail } from '../server/src/auth/auth.queries';
import { hashPassword } from '../server/src/auth/password';
import { createDb, migrateLatest } from '../server/src/index';
import { resolveDatabaseUrl } from './database-url';

/** npm run admin:create -- --email E --password P : the first admin, from the command line. */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } });
  const parsed = createAdminSchema.safeParse(values);
  if (!parsed.success) {
    console.error(firstMessage(parsed.error));
    process.exit(2);
  }
  const database = await resolveDatabaseUrl(process.env);
  const db = createDb(database.url, 2);
  try {
    await migrateLatest(db);
    if (await findUserByEmail(db, parsed.data.email)) {
      console.error(`An account with the email ${parsed.data.email} already exists.`);
      process.exitCode = 1;
      return;
    }
    await createAdminUser(db, parsed.data.email, await hashPassword(parsed.data.password));
    console.log(`Admin user created successfully for ${parsed.data.email}`);
  } finally {
    await db.destroy();
    await database.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
