import { describe, expect, it } from 'vitest';
import { DAY, insertRefund, insertRegistration, insertWorkshop } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

describe('GET /api/admin/dashboard', () => {
  it('is all zeros on an empty database, with 30 daily entries', async () => {
    const res = await h.api('GET', '/api/admin/dashboard', { token: h.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total_registrations: 0,
      today_registrations: 0,
      total_revenue_cents: 0,
      collected_cents: 0,
      pending_cents: 0,
      refunded_cents: 0,
      revenue_by_workshop: [],
      active_workshops: 0,
      upcoming_workshops: 0,
      recent_registrations: [],
    });
    expect(res.body.daily).toHaveLength(30);
  });

  it('matches hand-computed figures: UTC day, revenue over every status, active and upcoming', async () => {
    // Anchor on the database's UTC midnight so the test means the same thing at any hour.
    const { rows } = await h.db.raw(`SELECT date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS midnight, now() AS now`);
    const midnight = new Date(rows[0].midnight).getTime();
    const now = new Date(rows[0].now).getTime();

    const upcoming = await insertWorkshop(h.db, { title: 'Upcoming', date: new Date(now + 5 * DAY) });
    await insertWorkshop(h.db, { title: 'Active but past', date: new Date(now - DAY) });
    await insertWorkshop(h.db, { title: 'Inactive upcoming', is_active: false, date: new Date(now + 5 * DAY) });
    await insertWorkshop(h.db, { title: 'Closed upcoming', registration_open: false, date: new Date(now + 6 * DAY) });

    // name, status, amount, created_at
    const regs: [string, string, number, number][] = [
      ['Today A', 'completed', 9900, midnight + 1_000],
      ['Today B', 'pending', 4900, midnight],
      ['Today C', 'failed', 100, now - 1_000],
      ['Yesterday late', 'completed', 12900, midnight - 1_000],
      ['Two days ago', 'refunded', 2500, midnight - DAY - 60_000],
      ['Forty days ago', 'completed', 7700, midnight - 40 * DAY],
    ];
    for (const [name, status, amount, created] of regs) {
      const reg = await insertRegistration(h.db, upcoming.id, { name, status, amount, created_at: new Date(created), ...(status === 'refunded' ? { payment_id: `R-${name}` } : {}) });
      if (status === 'refunded') await insertRefund(h.db, { registration_id: reg.id, payment_id: `R-${name}`, amount_cents: amount, reason: 'cancellation', status: 'succeeded' });
    }

    const res = await h.api('GET', '/api/admin/dashboard', { token: h.token });
    expect(res.status).toBe(200);
    const d = res.body;
    expect(d.total_registrations).toBe(6);
    expect(d.today_registrations).toBe(3);
    expect(d.total_revenue_cents).toBe(9900 + 4900 + 100 + 12900 + 2500 + 7700);
    // Collected = completed, Pending = pending, Refunded = the refunds made; failed counts only in the total.
    expect({ collected: d.collected_cents, pending: d.pending_cents, refunded: d.refunded_cents }).toEqual({ collected: 9900 + 12900 + 7700, pending: 4900, refunded: 2500 });
    expect(d.revenue_by_workshop.find((w: { title: string }) => w.title === 'Upcoming')).toEqual({
      workshop_id: upcoming.id,
      title: 'Upcoming',
      date: new Date(upcoming.date).toISOString(),
      completed: 3,
      collected_cents: 9900 + 12900 + 7700,
      offline_cents: 0,
      pending_cents: 4900,
      refunded_cents: 2500,
    });
    // Active workshops are listed even before anyone registers; inactive ones without registrations are not.
    expect(d.revenue_by_workshop.map((w: { title: string }) => w.title).sort()).toEqual(['Active but past', 'Closed upcoming', 'Upcoming']);
    expect(d.active_workshops).toBe(3);
    expect(d.upcoming_workshops).toBe(2);

    const byTime = [...regs].sort((a, b) => b[3] - a[3]).slice(0, 5).map((r) => r[0]);
    expect(d.recent_registrations.map((r: { name: string }) => r.name)).toEqual(byTime);
    expect(d.recent_registrations[0]).toMatchObject({ workshop_title: 'Upcoming', amount: expect.any(Number), email: expect.stringContaining('@') });

    const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
    expect(d.daily).toHaveLength(30);
    expect(d.daily[29]).toEqual({ date: iso(midnight), registrations: 3, revenue_cents: 9900 + 4900 + 100 });
    expect(d.daily[28]).toEqual({ date: iso(midnight - DAY), registrations: 1, revenue_cents: 12900 });
    expect(d.daily[27]).toEqual({ date: iso(midnight - 2 * DAY), registrations: 1, revenue_cents: 2500 });
    expect(d.daily[0].date).toBe(iso(midnight - 29 * DAY));
    expect(d.daily.reduce((n: number, x: { registrations: number }) => n + x.registrations, 0)).toBe(5);
  });
});

describe('Refunded: the refunds made, not the price of refunded bookings', () => {
  it('counts a $20 refund of a $99 booking as $20, and money given back by hand at the provider, so it reconciles with the providers', async () => {
    const w = await insertWorkshop(h.db, { title: 'Refunds Workshop' });
    const before = (await h.api('GET', '/api/admin/dashboard', { token: h.token })).body.refunded_cents as number;
    // An admin's $20 refund of a $99 booking (the booking ends refunded).
    const partial = await insertRegistration(h.db, w.id, { status: 'refunded', amount: 9900, payment_id: 'CAP-PARTIAL' });
    await insertRefund(h.db, { registration_id: partial.id, payment_id: 'CAP-PARTIAL', amount_cents: 2000, reason: 'cancellation', status: 'succeeded' });
    // A refund still queued has not gone back yet.
    const queued = await insertRegistration(h.db, w.id, { status: 'refund_pending', amount: 9900, payment_id: 'CAP-QUEUED' });
    await insertRefund(h.db, { registration_id: queued.id, payment_id: 'CAP-QUEUED', amount_cents: 9900, reason: 'cancellation', status: 'queued' });
    // $15 given back by hand at the provider on a booking that stands.
    const kept = await insertRegistration(h.db, w.id, { status: 'completed', amount: 9900, payment_id: 'CAP-HAND' });
    await h.db('payments').insert({ provider: 'paypal', payment_id: 'CAP-HAND', registration_id: kept.id, amount_cents: 9900, currency: 'USD', kept_cents: 8400, refunded_outside_cents: 1500, decision: 'refunded_at_provider' });
    // Money nobody registered for, refunded in full: in the total, under no workshop.
    await insertRefund(h.db, { registration_id: null, payment_id: 'CAP-NOBODY', amount_cents: 12900, reason: 'unattributed', status: 'succeeded' });

    const d = (await h.api('GET', '/api/admin/dashboard', { token: h.token })).body;
    expect(d.refunded_cents - before).toBe(2000 + 1500 + 12900);
    expect(d.revenue_by_workshop.find((x: { title: string }) => x.title === 'Refunds Workshop').refunded_cents).toBe(2000 + 1500);
  });
});
