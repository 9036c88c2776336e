import { parseArgs } from 'node:util';
import { createAdminSchema, firstMessage } from '@workshop/shared';
import { createAdminUser, findUserByEmail } from '../auth/auth.queries';
import { hashPassword } from '../auth/password';
import { createDb } from '../db/knex';
import { migrateLatest } from '../db/migrate';

export interface DatabaseHandle {
  url: string;
  stop: () => Promise<void>;
}

/**
 * `admin:create -- --email E --password P`: the first admin, from the command line. Shared by
 * `npm run admin:create` (DATABASE_URL or the embedded database) and `npm run admin:create:prod`
 * (DATABASE_URL only). Exit codes: 0 created, 1 already exists, 2 bad arguments.
 */
export async function createAdminCommand(argv: string[], openDatabase: () => Promise<DatabaseHandle>): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { email: { type: 'string' }, password: { type: 'string' } } });
  const parsed = createAdminSchema.safeParse(values);
  if (!parsed.success) {
    console.error(firstMessage(parsed.error));
    return 2;
  }
  const database = await openDatabase();
  const db = createDb(database.url, 2);
  try {
    await migrateLatest(db);
    if (await findUserByEmail(db, parsed.data.email)) {
      console.error(`An account with the email ${parsed.data.email} already exists.`);
      return 1;
    }
    await createAdminUser(db, parsed.data.email, await hashPassword(parsed.data.password));
    console.log(`Admin user created successfully for ${parsed.data.email}`);
    return 0;
  } finally {
    await db.destroy();
    await database.stop();
  }
}
