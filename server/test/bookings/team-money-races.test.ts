import { describe, expect, it } from 'vitest';
import { refundedAtProvider, refundsSettled, startsIn } from '../payments/booking-flows';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { createCode } from '../promo-codes/promo-helpers';
import { useTestServer } from '../support/test-server';

/**
 * Team bookings under races and promo codes (found by a fourth fresh review, each failing before):
 * a cancel of every seat racing an attendee's own cancel paid that seat twice; a team checkout
 * let go and paid late took one promo use instead of its seats.
 */
const h = useTestServer({ admin: true });
const linkIn = (text: string | null) => text?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1] as string;

async function bookTeam(tag: string, seats = 3, workshop: Record<string, unknown> = {}) {
  const w = await createWorkshop(h.db, { max_participants: 10, ...workshop });
  const who = buyer(tag);
  const attendees = [
    { name: `Ann ${tag}`, email: `ann-${tag}@example.com` },
    { name: `Bo ${tag}`, email: `bo-${tag}@example.com` },
    { name: `Cy ${tag}`, email: `cy-${tag}@example.com` },
  ].slice(0, seats);
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who, seats, attendees } });
  expect(co.status, co.text).toBe(201);
  const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
  const mail = async (to: string) => linkIn((await waitFor(async () => (await sandboxEmails(h.server, to))[0]))?.text_body);
  const links = { buyer: await mail(who.email), ann: await mail(attendees[0].email), bo: seats > 1 ? await mail(attendees[1].email) : '' };
  return { w, who, attendees, links, paymentId: paid.body.razorpay_payment_id as string };
}

/** Backends waiting on a lock (the test's own lock holds the workshop row). */
async function waiting(n: number) {
  await waitFor(async () => {
    const r = await h.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    return r.rows[0].n >= n;
  }, 10_000, 20);
}

describe('a buyer cancelling all while an attendee cancels their seat', () => {
  it('never gives back more than the policy for the seats bought', async () => {
    const t = await bookTeam('stale-all');
    await startsIn(h, t.w.id, 5); // 50% band: each seat 4950 back
    const reg = await h.db('workshop_registrations').where({ workshop_id: t.w.id }).first();
    // Widen the race window as a slow database would: hold the workshop row for a moment.
    const trx = await h.db.transaction();
    await trx('workshops').where({ id: t.w.id }).forUpdate().first('id');
    const bo = h.api('POST', `/api/booking/${t.links.bo}/cancel`, { body: { confirm: true } });
    await waiting(1);
    const all = h.api('POST', `/api/booking/${t.links.buyer}/cancel`, { body: { confirm: true } });
    await waiting(2);
    await trx.rollback();
    const answers = await Promise.all([bo, all]);
    const given = answers.filter((a) => a.status === 200).reduce((s, a) => s + a.body.refund_cents, 0);
    await refundsSettled(h);
    const back = await refundedAtProvider(h, { provider: 'razorpay', paymentId: t.paymentId });
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ status: 'refunded', seats: 0 });
    // Three seats cancelled at 50%: at most 3 × 4950 goes back, the rest is the fee kept by policy.
    expect(back.cents).toBe(given);
    expect(back.cents).toBeLessThanOrEqual(3 * 4950);
  });
});

describe('a team checkout let go, then paid late', () => {
  it('never sells more discounted seats than max_uses', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    await createCode(h, { code: 'TEAMLATE', kind: 'percent', value: 50, max_uses: 3 });
    const a = buyer('late-team');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...a, seats: 3, promo_code: 'TEAMLATE' } });
    expect(co.status, co.text).toBe(201);
    // The buyer closes the card window: the hold (and its 3 uses) is let go.
    expect((await h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: co.body.order.id } })).body).toEqual({ status: 'released' });
    // Someone else takes one use.
    const b = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('late-other'), seats: 1, promo_code: 'TEAMLATE' } });
    expect(b.status, b.text).toBe(201);
    const paidB = await payInRazorpaySandbox(h.server, b.body.order, b.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paidB.body })).status).toBe(200);
    // The let-go team order is paid after all.
    const paidA = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paidA.body });
    expect([verify.status, verify.body.error.code]).toEqual([409, 'promo_invalid']);
    await refundsSettled(h);
    const uses = (await h.api('GET', '/api/admin/promo-codes', { token: h.token })).body.find((c: { code: string }) => c.code === 'TEAMLATE').uses;
    expect(uses).toBe(1);
    expect(await refundedAtProvider(h, { provider: 'razorpay', paymentId: paidA.body.razorpay_payment_id })).toEqual({ cents: 3 * 4950, refunds: 1 });
  });
});

describe('a PayPal team checkout cancelled at PayPal, then approved anyway', () => {
  it('is never captured past max_uses (seats)', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    await createCode(h, { code: 'PPLATE', kind: 'percent', value: 50, max_uses: 3 });
    const co = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('pp-late-team'), seats: 3, promo_code: 'PPLATE' } });
    expect(co.status, co.text).toBe(201);
    const orderId = new URL(co.body.approval_url).searchParams.get('token') as string;
    expect((await h.api('GET', `/api/checkout/paypal/cancel?token=${orderId}`)).status).toBe(302);
    const b = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('pp-late-other'), seats: 1, promo_code: 'PPLATE' } });
    expect(b.status, b.text).toBe(201);
    const paidB = await payInRazorpaySandbox(h.server, b.body.order, b.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paidB.body })).status).toBe(200);
    // The old PayPal window is approved after all: the server captures it.
    const back = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${orderId}/approve`, { method: 'POST', redirect: 'manual' });
    const res = await fetch(new URL(back.headers.get('location')!, h.server.url), { redirect: 'manual' });
    expect(new URL(res.headers.get('location')!, 'http://site').searchParams.get('message')).toMatch(/promo code .* was used up/);
    await refundsSettled(h);
    expect(await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first()).toMatchObject({ capture_id: null });
    const uses = (await h.api('GET', '/api/admin/promo-codes', { token: h.token })).body.find((c: { code: string }) => c.code === 'PPLATE').uses;
    expect(uses).toBe(1);
  });
});
