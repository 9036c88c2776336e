import type { Knex } from 'knex';
import pg from 'pg';
import { migrations } from '../../../migrations';

/** Migrations are listed in code so they run the same under tsx, vitest and a bundle. */
const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name],
};

/**
 * Key of the session-level advisory lock every migrator of this product takes ("wkmg").
 * knex's own lock lives in a table it must first create, which races when two instances
 * start together on an empty database (duplicate key on knex_migrations); this one cannot.
 */
export const MIGRATION_LOCK_KEY = 0x776b6d67;

export interface MigrateOptions {
  /** Called once when another migrator holds the lock and this one starts waiting for it. */
  onWait?: () => void;
}

/**
 * Runs `work` while holding the migration lock, on a connection of its own (outside the pool,
 * so a pool of one cannot deadlock, and the lock ends with the session if the process dies).
 */
async function withMigrationLock<T>(db: Knex, options: MigrateOptions, work: () => Promise<T>): Promise<T> {
  const settings = (db.client as { connectionSettings: string | pg.ClientConfig }).connectionSettings;
  const client = new pg.Client(typeof settings === 'string' ? { connectionString: settings } : settings);
  // A dropped connection must not crash the process; the queries below report real failures.
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query('SELECT pg_try_advisory_lock($1) AS ok', [MIGRATION_LOCK_KEY]);
    if (!rows[0].ok) {
      options.onWait?.();
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    }
    return await work();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * Holding the advisory lock, no other migrator runs, so a set knex lock row can only be left by
 * one that died mid-migration (each migration's own transaction rolled back): clear it, or every
 * later start would fail with "Migration table is already locked".
 */
const freeStaleKnexLock = (db: Knex) => db.migrate.forceFreeMigrationsLock({ migrationSource: source });

/** Applies every pending migration; concurrent callers (other instances) wait their turn. */
export async function migrateLatest(db: Knex, options: MigrateOptions = {}): Promise<void> {
  await withMigrationLock(db, options, async () => {
    await freeStaleKnexLock(db);
    await db.migrate.latest({ migrationSource: source });
  });
}

export async function migrateRollbackAll(db: Knex, options: MigrateOptions = {}): Promise<void> {
  await withMigrationLock(db, options, async () => {
    await freeStaleKnexLock(db);
    await db.migrate.rollback({ migrationSource: source }, true);
  });
}
