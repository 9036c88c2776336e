import { ConfigError } from '../config';
import { createAdminCommand } from './create-admin.command';
import { requireDatabaseUrl } from './production-env';

/** `npm run admin:create:prod -- --email E --password P` (server/dist/create-admin.js): DATABASE_URL only. */
createAdminCommand(process.argv.slice(2), async () => ({ url: requireDatabaseUrl(process.env), stop: async () => {} })).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
