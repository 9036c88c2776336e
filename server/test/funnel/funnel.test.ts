import { describe, expect, it } from 'vitest';
import { DIRECT_SOURCE } from '@workshop/shared';
import { insertInterest, insertRegistration } from '../support/fixtures';
import { buyer, createWorkshop, payInRazorpaySandbox } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true, env: { RECONCILE_INTERVAL_SECONDS: '3600' } });
const today = () => new Date().toISOString().slice(0, 10);

async function checkout(workshopId: string, who: ReturnType<typeof buyer>, utm?: Record<string, string>) {
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: workshopId, ...who, utm } });
  expect(co.status).toBe(201);
  return co.body;
}
async function pay(workshopId: string, who: ReturnType<typeof buyer>, utm?: Record<string, string>) {
  const co = await checkout(workshopId, who, utm);
  const paid = await payInRazorpaySandbox(h.server, co.order, co.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
}
async function abandon(workshopId: string, who: ReturnType<typeof buyer>, utm?: Record<string, string>) {
  const co = await checkout(workshopId, who, utm);
  await h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: co.order.id } });
}

describe('the sales funnel', () => {
  it('keeps the landing URL campaign through checkout and shows it on the registration', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('from-newsletter');
    await pay(w.id, who, { source: 'newsletter', medium: 'email', campaign: 'spring', term: 'nocode', content: 'top-link' });
    const list = await h.api('GET', `/api/admin/registrations?q=${encodeURIComponent(who.email)}`, { token: h.token });
    expect(list.body.items[0]).toMatchObject({ utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'spring', utm_term: 'nocode', utm_content: 'top-link' });
    // A malformed campaign never costs the sale: the bad part is dropped.
    const odd = buyer('odd-utm');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...odd, utm: { source: 42, medium: 'x'.repeat(500) } } });
    expect(co.status).toBe(201);
    const row = await h.db('workshop_registrations').where({ email: odd.email }).first();
    expect(row.utm_source).toBeNull();
    expect(row.utm_medium).toHaveLength(200);
  });

  it('counts each stage per workshop, by source and overall, from the tables, with the rates', async () => {
    await h.db('workshop_registrations').delete();
    const a = await createWorkshop(h.db, { title: 'Funnel A' });
    const b = await createWorkshop(h.db, { title: 'Funnel B' });
    // A: two paid (one from ads), one abandoned twice (one person), one refunded.
    await pay(a.id, buyer('a1'), { source: 'ads' });
    await pay(a.id, buyer('a2'));
    await abandon(a.id, buyer('a3'), { source: 'ads' });
    await abandon(a.id, buyer('a3'), { source: 'ads' });
    await insertRegistration(h.db, a.id, { email: 'refunded@example.com', status: 'refunded', completed_at: new Date(), utm_source: 'ads' });
    // B: one abandoned then recovered by the follow-up.
    const back = buyer('b1');
    await abandon(b.id, back);
    await h.db('checkout_recoveries').where({ workshop_id: b.id }).update({ status: 'sent', sent_at: h.db.raw(`now() - interval '1 minute'`) });
    await pay(b.id, back);
    // Outside the period: yesterday-but-one.
    await insertRegistration(h.db, b.id, { created_at: new Date(Date.now() - 3 * 86_400_000), completed_at: new Date(Date.now() - 3 * 86_400_000) });
    await h.db('video_leads').insert({ name: 'Lead', email: 'lead@example.com' });
    await insertInterest(h.db);
    await insertInterest(h.db);

    const res = await h.api('GET', `/api/admin/funnel?from=${today()}&to=${today()}&tz=UTC`, { token: h.token });
    expect(res.status).toBe(200);
    expect(res.body.overall).toEqual({
      preview_leads: 1,
      interests: 2,
      checkouts_started: 5,
      completed: 4,
      abandoned: 1,
      recovery_emails: 1,
      recovered: 1,
      refunded: 1,
      revenue_cents: 3 * 9900,
      recovered_revenue_cents: 9900,
      checkout_conversion: 0.8,
      abandonment_rate: 0.2,
      recovery_rate: 1,
      refund_rate: 0.2,
    });
    const byTitle = Object.fromEntries(res.body.workshops.map((w: { title: string }) => [w.title, w]));
    expect(byTitle['Funnel A']).toMatchObject({ checkouts_started: 4, completed: 3, abandoned: 1, refunded: 1, revenue_cents: 2 * 9900 });
    expect(byTitle['Funnel B']).toMatchObject({ checkouts_started: 1, completed: 1, recovered: 1, recovered_revenue_cents: 9900 });
    const bySource = Object.fromEntries(res.body.sources.map((s: { source: string }) => [s.source, s]));
    expect(bySource.ads).toMatchObject({ checkouts_started: 3, completed: 2, abandoned: 1, refunded: 1, checkout_conversion: 0.6667 });
    expect(bySource[DIRECT_SOURCE]).toMatchObject({ checkouts_started: 2, completed: 2 });

    // An earlier period holds only the older registration.
    const old = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const before = await h.api('GET', `/api/admin/funnel?from=${old}&to=${old}&tz=UTC`, { token: h.token });
    expect(before.body.overall).toMatchObject({ checkouts_started: 1, completed: 1, preview_leads: 0, interests: 0 });
  });

  it('refuses a bad period with the message, and anyone but an admin', async () => {
    const bad = await h.api('GET', '/api/admin/funnel?from=2026-13&to=2026-01-01', { token: h.token });
    expect({ status: bad.status, message: bad.body.error.message }).toEqual({ status: 422, message: 'Dates must be YYYY-MM-DD' });
    const backwards = await h.api('GET', '/api/admin/funnel?from=2026-02-01&to=2026-01-01', { token: h.token });
    expect(backwards.body.error.message).toBe('The start date must be on or before the end date');
    expect((await h.api('GET', '/api/admin/funnel')).status).toBe(401);
    const defaults = await h.api('GET', '/api/admin/funnel?tz=UTC', { token: h.token });
    expect(defaults.body).toMatchObject({ to: today(), time_zone: 'UTC' });
    expect((Date.parse(defaults.body.to) - Date.parse(defaults.body.from)) / 86_400_000).toBe(29);
  });
});
