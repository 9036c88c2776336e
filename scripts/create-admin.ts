import { createAdminCommand } from '../server/src/cli/create-admin.command';
import { resolveDatabaseUrl } from './database-url';

/** npm run admin:create -- --email E --password P : the first admin, from the command line. */
createAdminCommand(process.argv.slice(2), () => resolveDatabaseUrl(process.env)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
