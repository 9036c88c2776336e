import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it, inject, vi } from 'vitest';
import { createDb, type Db } from '../../src/db/knex';
import { MIGRATION_LOCK_KEY, migrateLatest } from '../../src/db/migrate';
import { migrations } from '../../../migrations';
import { adminQuery, withDatabase } from '../support/pg-admin';

/**
 * Several instances starting together on one empty database (a cluster's first deploy, or a
 * release step racing a restart) must each wait for the others, never crash on
 * knex's migration tables (`duplicate key … knex_migrations`).
 */
const names: string[] = [];
const dbs: Db[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `wk_migc_${randomBytes(5).toString('hex')}`;
  await adminQuery(inject('pgAdminUrl'), `CREATE DATABASE ${name}`);
  names.push(name);
  return withDatabase(inject('pgAdminUrl'), name);
}

afterAll(async () => {
  await Promise.all(dbs.map((db) => db.destroy()));
  for (const name of names) await adminQuery(inject('pgAdminUrl'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('instances migrating the same empty database at once', () => {
  it('all succeed, and every migration is applied exactly once', async () => {
    for (let round = 0; round < 2; round++) {
      const url = await emptyDatabase();
      // Separate pools, as separate processes would have.
      const starters = Array.from({ length: 3 }, () => createDb(url, 2));
      dbs.push(...starters);
      const results = await Promise.allSettled(starters.map((db) => migrateLatest(db)));
      expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
      const applied = (await starters[0]('knex_migrations').orderBy('id').select('name')).map((r) => r.name);
      expect(applied).toEqual(Object.keys(migrations).sort());
    }
  });

  it('a starter that finds the lock taken waits, touching nothing, until it is free', async () => {
    const url = await emptyDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const db = createDb(url, 2);
    dbs.push(db);
    let waited = 0;
    const run = migrateLatest(db, { onWait: () => waited++ });
    await vi.waitFor(() => expect(waited).toBe(1));
    expect((await holder.query(`SELECT to_regclass('knex_migrations') AS t`)).rows[0].t).toBeNull();

    await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await holder.end();
    await run;
    expect(await db('knex_migrations').count('* as n').first()).toEqual({ n: Object.keys(migrations).length });
  });

  it('recovers from a migrator that died mid-migration (knex\'s own lock row left set)', async () => {
    const url = await emptyDatabase();
    const db = createDb(url, 2);
    dbs.push(db);
    await migrateLatest(db);
    // What a killed process leaves behind: knex sets is_locked = 1 before migrating, and clears it after.
    await db('knex_migrations_lock').update({ is_locked: 1 });
    await db('knex_migrations').where('name', Object.keys(migrations).sort().at(-1)!).delete();
    await migrateLatest(db);
    expect(await db('knex_migrations').count('* as n').first()).toEqual({ n: Object.keys(migrations).length });
    expect(await db('knex_migrations_lock').first('is_locked')).toEqual({ is_locked: 0 });
  });
});
