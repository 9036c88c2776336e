import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password';
import { seedDemoData } from '../../src/demo/seed';
import { rowCounts } from '../support/fixtures';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.drop());

describe('seedDemoData', () => {
  it('fills an empty database so the admin looks alive, with one admin whose password works', async () => {
    const now = new Date();
    const seeded = await seedDemoData(t.db, now);
    expect(seeded).not.toBeNull();
    const { admin } = seeded!;
    expect(admin.password.length).toBeGreaterThanOrEqual(10);

    const users = await t.db('users as u').join('user_roles as r', 'r.user_id', 'u.id').select('u.email', 'u.password_hash', 'r.role');
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ email: admin.email, role: 'admin' });
    expect(await verifyPassword(admin.password, users[0].password_hash)).toBe(true);

    const upcoming = await t.db('workshops').where('is_active', true).andWhere('date', '>', now).orderBy('date');
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    // Dated relative to today: the first within two weeks, none more than two months out.
    expect(new Date(upcoming[0].date).getTime() - now.getTime()).toBeLessThan(14 * 86_400_000);
    expect(upcoming.every((w) => new Date(w.date).getTime() - now.getTime() < 60 * 86_400_000)).toBe(true);
    expect(upcoming.filter((w) => w.registration_open).length).toBeGreaterThanOrEqual(2);

    const counts = await rowCounts(t.db);
    expect(counts.workshop_registrations).toBeGreaterThanOrEqual(20);
    expect(counts.workshop_interests).toBeGreaterThanOrEqual(10);
    expect(counts.revive).toBeGreaterThanOrEqual(5);
    const statuses = (await t.db('workshop_registrations').distinct('status')).map((r) => r.status).sort();
    expect(statuses).toEqual(['completed', 'failed', 'pending']);
    const interestStatuses = (await t.db('workshop_interests').distinct('status')).map((r) => r.status).sort();
    expect(interestStatuses).toEqual(['contacted', 'converted', 'interested']);
    // No demo workshop is oversold.
    const over = await t.db.raw(`
      SELECT w.id FROM workshops w JOIN workshop_registrations r ON r.workshop_id = w.id AND r.status = 'completed'
       WHERE w.max_participants IS NOT NULL GROUP BY w.id, w.max_participants HAVING count(*) > w.max_participants`);
    expect(over.rows).toEqual([]);
  });

  it('does nothing the second time', async () => {
    const before = await rowCounts(t.db);
    expect(await seedDemoData(t.db)).toBeNull();
    expect(await rowCounts(t.db)).toEqual(before);
  });
});
