import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDb, type Db } from '../../src/db/knex';
import { migrateLatest, migrateRollbackAll } from '../../src/db/migrate';
import { migrations } from '../../../migrations';
import { adminQuery, withDatabase } from '../support/pg-admin';

const name = `wk_mig_${randomBytes(5).toString('hex')}`;
let db: Db;

beforeAll(async () => {
  await adminQuery(inject('pgAdminUrl'), `CREATE DATABASE ${name}`);
  db = createDb(withDatabase(inject('pgAdminUrl'), name), 2);
});
afterAll(async () => {
  await db.destroy();
  await adminQuery(inject('pgAdminUrl'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

const tables = async () =>
  (await db.raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).rows.map((r: { tablename: string }) => r.tablename);
const applied = async () => (await db('knex_migrations').orderBy('id').select('name')).map((r) => r.name);

const SPEC_TABLES = ['users', 'user_roles', 'sessions', 'workshops', 'workshop_registrations', 'workshop_interests', 'video_leads', 'revive', 'admin_settings', 'workshop_registrations_archive'];

describe('migrations on a fresh database', () => {
  it('go up, all the way down, and up again', async () => {
    await migrateLatest(db);
    expect(await tables()).toEqual(expect.arrayContaining(SPEC_TABLES));
    expect(await applied()).toEqual(Object.keys(migrations).sort());
    expect((await db('admin_settings').select('setting_key')).map((r) => r.setting_key).sort()).toEqual(['email_notifications', 'registration_limit', 'site_maintenance']);

    await migrateRollbackAll(db);
    expect(await tables()).toEqual(['knex_migrations', 'knex_migrations_lock']);
    expect(await applied()).toEqual([]);

    await migrateLatest(db);
    expect(await tables()).toEqual(expect.arrayContaining(SPEC_TABLES));
    expect(await applied()).toEqual(Object.keys(migrations).sort());
    await migrateLatest(db); // a second run is a no-op
    expect(await applied()).toHaveLength(Object.keys(migrations).length);
  });
});

describe('the database enforces the rules itself', () => {
  const workshop = { title: 'W', description: '', date: new Date(Date.now() + 86_400_000), duration_hours: 2, price_usd_cents: 9900, max_participants: 20 };
  const violation = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => undefined,
      (e: { code?: string }) => e,
    );
    return err?.code;
  };

  it('checks workshop ranges: duration 1-24, price >= 0, max_participants null or >= 1', async () => {
    for (const bad of [{ duration_hours: 0 }, { duration_hours: 25 }, { price_usd_cents: -1 }, { max_participants: 0 }]) {
      expect(await violation(db('workshops').insert({ ...workshop, ...bad }))).toBe('23514');
    }
    for (const good of [{ duration_hours: 1 }, { duration_hours: 24 }, { price_usd_cents: 0 }, { max_participants: null }, { max_participants: 1 }]) {
      await db('workshops').insert({ ...workshop, ...good });
    }
  });

  it('checks the status enums, unique access id, foreign keys and a paid completion', async () => {
    const [w] = await db('workshops').insert(workshop).returning('id');
    const reg = { name: 'A', email: 'a@b.co', workshop_id: w.id, amount: 100, access_id: 'NC-UNIQUE22' };
    await db('workshop_registrations').insert(reg);
    expect(await violation(db('workshop_registrations').insert({ ...reg }))).toBe('23505');
    expect(await violation(db('workshop_registrations').insert({ ...reg, access_id: 'NC-X1', status: 'paid' }))).toBe('23514');
    expect(await violation(db('workshop_registrations').insert({ ...reg, access_id: 'NC-X2', status: 'completed' }))).toBe('23514');
    expect(await violation(db('workshop_registrations').insert({ ...reg, access_id: 'NC-X3', workshop_id: '00000000-0000-4000-8000-000000000000' }))).toBe('23503');
    expect(await violation(db('workshop_interests').insert({ name: 'A', email: 'a@b.co', status: 'lost' }))).toBe('23514');
    expect(await violation(db('admin_settings').insert({ setting_key: 'dark_mode', setting_value: '{}' }))).toBe('23514');
    expect(await violation(db('workshops').where({ id: w.id }).delete())).toBe('23503');
  });

  it('keeps user emails unique case-insensitively and roles limited to admin', async () => {
    const [u] = await db('users').insert({ email: 'Case@Example.com', password_hash: 'x' }).returning('id');
    expect(await violation(db('users').insert({ email: 'case@example.COM', password_hash: 'x' }))).toBe('23505');
    expect(await violation(db('user_roles').insert({ user_id: u.id, role: 'editor' }))).toBe('23514');
  });

  it('indexes the admin search and created_at ordering', async () => {
    const idx = (await db.raw(`SELECT indexname FROM pg_indexes WHERE schemaname = 'public'`)).rows.map((r: { indexname: string }) => r.indexname);
    expect(idx).toEqual(
      expect.arrayContaining([
        'registrations_name_trgm_idx',
        'registrations_email_trgm_idx',
        'registrations_access_id_trgm_idx',
        'registrations_created_id_idx',
        'registrations_status_created_id_idx',
        'registrations_workshop_created_id_idx',
        'interests_name_trgm_idx',
        'interests_email_trgm_idx',
        'interests_phone_trgm_idx',
        'interests_created_at_idx',
        'revive_created_at_idx',
        'workshops_created_at_idx',
        'users_email_lower_key',
      ]),
    );
  });
});
