import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, razorpayDashboardRefund, refundedAtProvider, refundsSettled, startsIn } from './booking-flows';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from './payments-helpers';

/**
 * Team orders after the sale, found by the fifth adversarial review: money all given back by hand
 * while a seat refund of ours waits ends the booking; a hand refund pays our open refund first and
 * counts toward later policy refunds, however often its webhook comes; a clear and every replay
 * give back nothing more; a late team payment beyond the seats left is refunded in full.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);
const linkIn = (text: string | null) => text?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1] as string;
const team = (tag: string) => [1, 2, 3].map((i) => ({ name: `P${i} ${tag}`, email: `p${i}-${tag}@example.com` }));

async function razorpayTeam(tag: string, w: { id: string }, extra: Record<string, unknown> = {}) {
  const who = buyer(tag);
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who, seats: 3, attendees: team(tag), ...extra } });
  expect(co.status, co.text).toBe(201);
  return { who, co };
}

describe('everything refunded by hand at PayPal while a seat refund of ours waits (refunds outage)', () => {
  it('the booking whose money all went back ends; the provider gave back exactly the capture', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const b = await bookByPaypal(h, w.id, 's3-allhand', { seats: 3, attendees: team('s3') });
    await startsIn(h, w.id, 5);
    const seats = (await h.api('GET', `/api/booking/${b.token}`)).body.seats as { id: string }[];
    await refundsDown(600);
    expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true, attendee_ids: [seats[0].id] } })).body.refund_cents).toBe(4950);
    await waitFor(async () => {
      const r = await h.db('refunds').where({ payment_id: b.paymentId }).first();
      return r?.attempts >= 1 && !r.claim_id;
    });
    await refundsDown(0);
    const hand = await paypalDashboardRefund(h, b.paymentId, '297.00');
    const eventId = `WH-${randomUUID()}`;
    await hand.webhook(eventId);
    await refundsSettled(h);
    await hand.webhook(eventId); // the same event delivered again
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 29700, refunds: 1 });
    const reg = await h.db('workshop_registrations').where({ payment_id: b.paymentId }).first('status', 'seats');
    expect(reg.status).not.toBe('completed');
  }, 60_000);
});

describe('a Razorpay hand refund larger than our open refund, its webhook replayed, then the rest cancelled by policy', () => {
  it('the hand refund pays the open refund first and counts toward the policy: 3 x 4950 in all', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const { who, co } = await razorpayTeam('s4-big', w);
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
    const paymentId = paid.body.razorpay_payment_id as string;
    const token = linkIn((await waitFor(async () => (await sandboxEmails(h.server, who.email))[0]))?.text_body);
    await startsIn(h, w.id, 5);
    const seats = (await h.api('GET', `/api/booking/${token}`)).body.seats as { id: string }[];
    await refundsDown(600);
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true, attendee_ids: [seats[0].id] } })).body.refund_cents).toBe(4950);
    await waitFor(async () => {
      const r = await h.db('refunds').where({ payment_id: paymentId }).first();
      return r?.attempts >= 1 && !r.claim_id;
    });
    await refundsDown(0);
    const hand = await razorpayDashboardRefund(h, paymentId, 9900);
    expect((await hand.webhook()).body).toEqual({ status: 'refund_noted' });
    expect((await hand.webhook()).body).toEqual({ status: 'duplicate' });
    await hand.webhook(`evt_${randomUUID()}`);
    await refundsSettled(h);
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } })).status).toBe(200);
    await refundsSettled(h);
    await hand.webhook(`evt_${randomUUID()}`);
    await refundsSettled(h);
    expect((await refundedAtProvider(h, { provider: 'razorpay', paymentId })).cents).toBe(14850);
  }, 60_000);
});

describe('a clear of all registrations after a team seat cancel, then every replay', () => {
  it('gives back nothing more, and the booking keeps its seats', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const b = await bookByPaypal(h, w.id, 's5-clear', { seats: 3, attendees: team('s5') });
    await startsIn(h, w.id, 5);
    const seats = (await h.api('GET', `/api/booking/${b.token}`)).body.seats as { id: string }[];
    expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true, attendee_ids: [seats[0].id] } })).body.refund_cents).toBe(4950);
    await refundsSettled(h);
    expect((await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token })).status).toBe(200);
    await b.replay();
    await b.webhook();
    const { reconcilePass } = await import('../../src/payments/reconcile.job');
    await reconcilePass(h.server.payments!, 3600);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 4950, refunds: 1 });
    expect(await h.db('workshop_registrations').where({ payment_id: b.paymentId }).first('status', 'seats')).toEqual({ status: 'completed', seats: 2 });
  }, 60_000);
});

describe('a team hold that expired, paid late when fewer seats are left', () => {
  it('is refunded in full; completed seats never pass capacity', async () => {
    const w = await createWorkshop(h.db, { max_participants: 3 });
    const { co } = await razorpayTeam('s7-cap', w);
    await h.db('workshop_registrations').where({ provider_order_id: co.body.order.id }).update({ hold_expires_at: h.db.raw(`now() - interval '1 second'`) });
    const other = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('s7-other') } });
    expect(other.status, other.text).toBe(201);
    const paidO = await payInRazorpaySandbox(h.server, other.body.order, other.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paidO.body })).status).toBe(200);
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    const v = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(v.status).toBe(409);
    await refundsSettled(h);
    const sold = await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' }).sum('seats as n').first();
    expect(Number(sold?.n)).toBeLessThanOrEqual(3);
    expect((await refundedAtProvider(h, { provider: 'razorpay', paymentId: paid.body.razorpay_payment_id })).cents).toBe(29700);
  }, 60_000);
});
