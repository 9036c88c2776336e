import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, seedDemoData, startServer } from '../server/src/index';
import { resolveDatabaseUrl } from './database-url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const database = await resolveDatabaseUrl(process.env);
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const shutdown = async (signal: string) => {
    console.log(`\n${signal}: shutting down…`);
    await server?.close();
    await database.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    const config = loadConfig({ ...process.env, DATABASE_URL: database.url });
    const siteDist = config.SITE_DIST ?? path.join(root, 'site', 'dist');
    let seeded = null as Awaited<ReturnType<typeof seedDemoData>>;
    server = await startServer(config, {
      siteDist,
      beforeListen: async ({ db }) => {
        seeded = await seedDemoData(db);
      },
    });
    console.log(`\nWorkshop site, API and admin: ${config.publicBaseUrl}  (admin at ${config.publicBaseUrl}/admin)`);
    if (seeded) {
      console.log('Demo data loaded. Admin sign-in (shown once; run `npm run admin:create` for more):');
      console.log(`  email:    ${seeded.admin.email}\n  password: ${seeded.admin.password}`);
    }
    console.log('Press Ctrl+C to stop.');
  } catch (err) {
    await server?.close().catch(() => {});
    await database.stop();
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
