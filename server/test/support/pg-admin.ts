import pg from 'pg';

/** Runs one statement on a short-lived connection (CREATE/DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const MACHINE_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchPostgres {
  adminUrl: string;
  /** Which server it is, for reports. */
  where: string;
  stop: () => Promise<void>;
}

/**
 * A PostgreSQL to make throwaway databases in: `preferred` when given, else the machine's
 * on 127.0.0.1:5432 when it answers, else an embedded one in a temporary folder.
 */
export async function scratchPostgres(preferred?: string): Promise<ScratchPostgres> {
  if (preferred) return { adminUrl: preferred, where: 'TEST_DATABASE_URL', stop: async () => {} };
  if (await canConnect(MACHINE_PG)) return { adminUrl: MACHINE_PG, where: '127.0.0.1:5432', stop: async () => {} };
  const [{ mkdtempSync, rmSync, chmodSync }, { tmpdir }, path, { startEmbeddedPostgres }] = await Promise.all([
    import('node:fs'),
    import('node:os'),
    import('node:path'),
    import('../../src/db/embedded'),
  ]);
  const dir = mkdtempSync(path.join(tmpdir(), 'wk-pg-'));
  // PostgreSQL drops root privileges and must still reach its data folder.
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres(path.join(dir, 'data'), 55000 + Math.floor(Math.random() * 5000));
  return {
    adminUrl: pg.url(),
    where: 'embedded',
    stop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh empty database on `adminUrl`; `drop` removes it even while connections remain. */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(adminUrl, name),
    drop: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {}),
  };
}
