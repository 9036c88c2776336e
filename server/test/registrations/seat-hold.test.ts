import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/knex';
import { AppError } from '../../src/http/errors';
import { holdSeat, type HoldInput } from '../../src/payments/seat-hold.service';
import { SEAT_MESSAGES } from '../../src/registrations/seat-messages';
import { writeSetting } from '../../src/settings/settings.queries';
import { insertRegistration, insertWorkshop } from '../support/fixtures';
import { createTestDb, type TestDb } from '../support/test-db';

let t: TestDb;
let db: Db;

beforeAll(async () => {
  t = await createTestDb();
  db = t.db;
});
afterAll(() => t.drop());
beforeEach(async () => {
  await db('workshop_registrations').delete();
  await writeSetting(db, 'registration_limit', { enabled: false, max_registrations: 100 });
  await writeSetting(db, 'site_maintenance', { enabled: false, message: 'Back soon' });
});

const buyer = (workshopId: string, i = 0): HoldInput => ({
  workshopId,
  name: `Buyer ${i}`,
  email: `buyer${i}@example.com`,
  phone: '9876543210',
  paymentMethod: 'paypal',
});

async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: err.status, code: err.code, message: err.message };
}

const pendingCount = async (workshopId: string) =>
  Number((await db('workshop_registrations').where({ workshop_id: workshopId, status: 'pending' }).count('* as n').first())?.n);

describe('holdSeat', () => {
  it('gives exactly 20 holds to 200 simultaneous buyers of a 20-seat workshop', async () => {
    const w = await insertWorkshop(db, { max_participants: 20 });
    const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => holdSeat(db, buyer(w.id, i), 30)));
    const held = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(held).toHaveLength(20);
    expect(refused).toHaveLength(180);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 409, code: 'sold_out', message: SEAT_MESSAGES.soldOut });
    expect(await pendingCount(w.id)).toBe(20);
  });

  it('records a pending registration with the workshop price, a unique access id and a 30-minute expiry', async () => {
    const w = await insertWorkshop(db, { price_usd_cents: 12345 });
    const hold = await holdSeat(db, buyer(w.id), 30);
    const row = await db('workshop_registrations').where({ id: hold.registrationId }).first();
    expect(row).toMatchObject({ status: 'pending', amount: 12345, currency: 'USD', payment_method: 'paypal', access_id: hold.accessId });
    expect(hold.accessId).toMatch(/^NC-[A-Z2-9]{8}$/);
    const minutes = (new Date(row.hold_expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30.1);
  });

  it('uses the configured hold length', async () => {
    const w = await insertWorkshop(db);
    const hold = await holdSeat(db, buyer(w.id), 5);
    const minutes = (hold.holdExpiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(4);
    expect(minutes).toBeLessThanOrEqual(5.1);
  });

  it('stops counting a hold once it expires', async () => {
    const w = await insertWorkshop(db, { max_participants: 2 });
    const first = await holdSeat(db, buyer(w.id, 1), 30);
    await holdSeat(db, buyer(w.id, 2), 30);
    expect(await refusal(holdSeat(db, buyer(w.id, 3), 30))).toMatchObject({ status: 409, message: SEAT_MESSAGES.soldOut });
    await db('workshop_registrations').where({ id: first.registrationId }).update({ hold_expires_at: db.raw(`now() - interval '1 second'`) });
    await expect(holdSeat(db, buyer(w.id, 3), 30)).resolves.toMatchObject({ workshop: { id: w.id } });
  });

  it('counts completed seats but not failed or refunded ones', async () => {
    const w = await insertWorkshop(db, { max_participants: 2 });
    await insertRegistration(db, w.id, { status: 'completed' });
    await insertRegistration(db, w.id, { status: 'failed' });
    await insertRegistration(db, w.id, { status: 'refunded', payment_id: 'R-1' });
    await holdSeat(db, buyer(w.id), 30);
    expect(await refusal(holdSeat(db, buyer(w.id, 2), 30))).toMatchObject({ status: 409, code: 'sold_out' });
  });

  it('caps seats at the registration-limit setting when it is on, and says so', async () => {
    const w = await insertWorkshop(db, { max_participants: null });
    await writeSetting(db, 'registration_limit', { enabled: true, max_registrations: 3 });
    for (let i = 0; i < 3; i++) await holdSeat(db, buyer(w.id, i), 30);
    expect(await refusal(holdSeat(db, buyer(w.id, 9), 30))).toEqual({ status: 409, code: 'sold_out', message: SEAT_MESSAGES.limitReached });
    await writeSetting(db, 'registration_limit', { enabled: false, max_registrations: 3 });
    await expect(holdSeat(db, buyer(w.id, 9), 30)).resolves.toBeTruthy();
  });

  it('uses the tighter of max_participants and the limit', async () => {
    const w = await insertWorkshop(db, { max_participants: 1 });
    await writeSetting(db, 'registration_limit', { enabled: true, max_registrations: 5 });
    await holdSeat(db, buyer(w.id), 30);
    expect(await refusal(holdSeat(db, buyer(w.id, 2), 30))).toMatchObject({ message: SEAT_MESSAGES.soldOut });
  });

  it('refuses with a reason when the workshop is closed, inactive, started or unknown', async () => {
    const closed = await insertWorkshop(db, { registration_open: false });
    expect(await refusal(holdSeat(db, buyer(closed.id), 30))).toEqual({
      status: 409,
      code: 'registration_closed',
      message: 'Registration for this workshop is currently closed.',
    });
    const inactive = await insertWorkshop(db, { is_active: false });
    expect(await refusal(holdSeat(db, buyer(inactive.id), 30))).toEqual({ status: 404, code: 'not_found', message: SEAT_MESSAGES.notFound });
    const started = await insertWorkshop(db, { date: new Date(Date.now() - 60_000) });
    expect(await refusal(holdSeat(db, buyer(started.id), 30))).toEqual({ status: 409, code: 'registration_closed', message: SEAT_MESSAGES.started });
    expect(await refusal(holdSeat(db, buyer('00000000-0000-4000-8000-000000000000'), 30))).toMatchObject({ status: 404 });
    expect(await db('workshop_registrations').count('* as n').first()).toEqual({ n: 0 });
  });

  it('refuses during maintenance with the configured message', async () => {
    const w = await insertWorkshop(db);
    await writeSetting(db, 'site_maintenance', { enabled: true, message: 'Upgrading, back at 5 PM.' });
    expect(await refusal(holdSeat(db, buyer(w.id), 30))).toEqual({ status: 503, code: 'maintenance', message: 'Upgrading, back at 5 PM.' });
    expect(await pendingCount(w.id)).toBe(0);
  });
});
