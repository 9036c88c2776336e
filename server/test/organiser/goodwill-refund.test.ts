import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SEAT_MOVE_MESSAGES } from '../../src/bookings/seat-move.service';
import { CANCEL_MESSAGES } from '../../src/payments/cancellation.service';
import { GOODWILL_MESSAGES } from '../../src/payments/goodwill.service';
import { bookByCard, bookByPaypal, type Booked, refundedAtProvider, refundsSettled, startsIn } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * A goodwill refund that keeps the booking (issue 23, point 4): part of the money goes back, the
 * seat, join details and reminders stay, and nothing (two admins, a buyer's cancel at the same
 * moment, a second click) ever gives back more than was paid.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;

const regOf = (b: Booked) => h.db('workshop_registrations').where({ email: b.email }).first();
const goodwill = async (b: Booked, cents: number) => h.api('POST', `/api/admin/registrations/${(await regOf(b)).id}/refund`, { token: h.token, body: { amount_cents: cents, reason: 'Sorry about the audio', keep_booking: true } });

describe.each(['razorpay', 'paypal'] as const)('%s: a goodwill refund', (provider) => {
  const book = (workshopId: string, name: string) => (provider === 'paypal' ? bookByPaypal(h, workshopId, name) : bookByCard(h, workshopId, name));

  it('gives back the amount chosen and keeps the booking, its link and its reminders; the buyer is told', async () => {
    const w = await createWorkshop(h.db, { title: 'Goodwill Build', date: new Date(Date.now() + 5 * DAY), join_url: 'https://meet.example.com/goodwill' });
    const b = await book(w.id, `goodwill-${provider}`);
    const res = await goodwill(b, 2000);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ refundCents: 2000 });
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 2000, refunds: 1 });
    const reg = await regOf(b);
    expect(reg).toMatchObject({ status: 'completed', seats: 1, cancelled_at: null });
    expect((await h.api('GET', `/api/booking/${b.token}`)).status).toBe(200);
    const reminder = (await h.db.raw(`SELECT 1 FROM graphile_worker._private_jobs WHERE key = ?`, [`reminder_24h:${reg.id}`])).rows;
    expect(reminder).toHaveLength(1);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, b.email)).find((m) => m.subject === 'Refund issued, booking confirmed: Goodwill Build'));
    expect(mail.text_body).toContain('we have refunded $20.00 to your original payment method as a goodwill gesture; it can take 5-7 business days to appear. Your booking stays confirmed');
    // The detail: paid, refunded, and what the business keeps (the net).
    const detail = await h.api('GET', `/api/admin/registrations/${reg.id}`, { token: h.token });
    expect(detail.body.money).toMatchObject({ captured_cents: 9900, refunded_cents: 2000, kept_cents: 7900 });
    expect(detail.body.refunds.map((f: { reason: string; amount_cents: number }) => [f.reason, f.amount_cents])).toEqual([['goodwill', 2000]]);
  });

  it('never gives back more than the booking still holds: a second one fits, one past it is refused and changes nothing', async () => {
    const w = await createWorkshop(h.db, { title: 'Goodwill Twice Build' });
    const b = await book(w.id, `goodwill-twice-${provider}`);
    expect((await goodwill(b, 3000)).status).toBe(200);
    expect((await goodwill(b, 2000)).status).toBe(200);
    const over = await goodwill(b, 5000);
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(CANCEL_MESSAGES.tooMuch);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 5000, refunds: 2 });
    const emails = (await sandboxEmails(h.server, b.email)).filter((m) => m.subject.startsWith('Refund issued, booking confirmed'));
    expect(emails).toHaveLength(2);
    // Some of it always stays: all of it back is a cancel, not goodwill (a payment given back in full holds no booking).
    const all = await goodwill(b, 4900);
    expect(all.status).toBe(409);
    expect(all.body.error.message).toBe(GOODWILL_MESSAGES.partOnly);
    expect((await goodwill(b, 4899)).status).toBe(200);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9899, refunds: 3 });
    expect(await regOf(b)).toMatchObject({ status: 'completed' });
  });

  it('a second click or a retried request with the same request id is the same decision: given back once, answered as it was', async () => {
    const w = await createWorkshop(h.db, { title: 'Goodwill Click Build' });
    const b = await book(w.id, `goodwill-click-${provider}`);
    const id = (await regOf(b)).id;
    const ask = (regId: string, requestId: string) =>
      h.api('POST', `/api/admin/registrations/${regId}/refund`, { token: h.token, body: { amount_cents: 2000, reason: 'Sorry about the audio', keep_booking: true, request_id: requestId } });
    const bad = await ask(id, 'not-a-uuid');
    expect([bad.status, bad.body.error.message]).toEqual([422, 'Invalid request id']);
    const first = randomUUID();
    const twice = await Promise.all([ask(id, first), ask(id, first)]);
    expect(twice.map((a) => [a.status, a.body])).toEqual([
      [200, { refundCents: 2000 }],
      [200, { refundCents: 2000 }],
    ]);
    expect(await ask(id, first)).toMatchObject({ status: 200, body: { refundCents: 2000 } });
    // The dialog opened again is a new decision.
    expect((await ask(id, randomUUID())).status).toBe(200);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 4000, refunds: 2 });
    expect(await h.db('refunds').where({ registration_id: id, reason: 'goodwill' })).toHaveLength(2);
    const told = (await sandboxEmails(h.server, b.email)).filter((m) => m.subject.startsWith('Refund issued, booking confirmed'));
    expect(told).toHaveLength(2);
    // One booking's decision is not another's.
    const other = await book(w.id, `goodwill-click-other-${provider}`);
    const elsewhere = await ask((await regOf(other)).id, first);
    expect([elsewhere.status, elsewhere.body.error.message]).toEqual([409, GOODWILL_MESSAGES.otherBooking]);
    expect(await h.db('refunds').where({ registration_id: (await regOf(other)).id })).toHaveLength(0);
  });

  it('two admins and the buyer at the same moment never give back more than was paid', async () => {
    const w = await createWorkshop(h.db, { title: 'Goodwill Race Build', date: new Date(Date.now() + 20 * DAY) });
    const b = await book(w.id, `goodwill-race-${provider}`);
    const reg = await regOf(b);
    const answers = await Promise.all([
      goodwill(b, 6000),
      goodwill(b, 6000),
      h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } }),
      h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 9900, reason: 'Full refund' } }),
    ]);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    await refundsSettled(h);
    const back = await refundedAtProvider(h, b);
    expect(back.cents).toBeLessThanOrEqual(9900);
    const ledger = await h.db('payments').where({ payment_id: b.paymentId }).first();
    expect(ledger.amount_cents - ledger.kept_cents).toBe(back.cents);
  });

  it('a buyer who cancels after a goodwill refund gets what the policy gives in all: the goodwill counts toward it, the fee stays kept', async () => {
    const w = await createWorkshop(h.db, { title: 'Goodwill Then Cancel Build' });
    const b = await book(w.id, `goodwill-cancel-${provider}`);
    expect((await goodwill(b, 2000)).status).toBe(200);
    // More than 7 days ahead: the policy gives back $96.03 of $99 in all; $20 of it went back already.
    await startsIn(h, w.id, 14);
    const preview = await h.api('POST', `/api/booking/${b.token}/cancel`, { body: {} });
    const mine = await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.refund_cents).toBe(9603 - 2000);
    expect(preview.body.refund_cents).toBe(mine.body.refund_cents);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9603, refunds: 2 });
  });

  it('previews what the cancel gives when money went back by hand at the provider', async () => {
    if (provider === 'paypal') return;
    const w = await createWorkshop(h.db, { title: 'Hand Preview Build' });
    const b = await book(w.id, 'hand-preview');
    const { razorpayDashboardRefund } = await import('../payments/booking-flows');
    expect((await (await razorpayDashboardRefund(h, b.paymentId, 5000)).webhook()).status).toBe(200);
    await startsIn(h, w.id, 14);
    const preview = await h.api('POST', `/api/booking/${b.token}/cancel`, { body: {} });
    const done = await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } });
    expect(done.body).toEqual({ confirmed: true, refund_cents: 9603 - 5000 });
    expect(preview.body).toEqual({ confirmed: false, refund_cents: 9603 - 5000 });
  });

  it('keeps what an earlier decision kept: goodwill and a later whole-price refund give back only what the seats still held', async () => {
    const w = await createWorkshop(h.db, { title: 'Goodwill Kept Build', date: new Date(Date.now() + 14 * DAY) });
    const team = provider === 'paypal' ? await bookByPaypal(h, w.id, `goodwill-kept-${provider}`, { seats: 2 }) : await bookByCard(h, w.id, `goodwill-kept-${provider}`, { seats: 2 });
    const reg = await regOf(team);
    const seat = await h.db('attendees').where({ registration_id: reg.id, position: 2 }).first('id');
    // An admin cancels one seat and keeps its $99; the other seat holds $99 more.
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/seats/${seat.id}/cancel`, { token: h.token, body: { refund_cents: 0 } })).status).toBe(200);
    const over = await goodwill(team, 9900);
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(GOODWILL_MESSAGES.partOnly);
    expect((await goodwill(team, 9000)).status).toBe(200);
    // The organiser calls it off: the last seat's whole price goes back, the goodwill part of it.
    expect((await h.api('POST', `/api/admin/workshops/${w.id}/cancel`, { token: h.token, body: { reason: 'Called off', confirm: true } })).status).toBe(200);
    await waitFor(async () => (await regOf(team)).status !== 'completed');
    await refundsSettled(h);
    expect(await refundedAtProvider(h, team)).toEqual({ cents: 9900, refunds: 2 });
  });

  it('a team booking refunded as goodwill past its other seats keeps its seats together, and still ends whole when cancelled', async () => {
    const w = await createWorkshop(h.db, { title: 'Goodwill Team Build', date: new Date(Date.now() + 14 * DAY) });
    const other = await createWorkshop(h.db, { title: 'Goodwill Team Other', date: new Date(Date.now() + 21 * DAY) });
    const team = provider === 'paypal' ? await bookByPaypal(h, w.id, `goodwill-team-${provider}`, { seats: 3 }) : await bookByCard(h, w.id, `goodwill-team-${provider}`, { seats: 3 });
    const reg = await regOf(team);
    expect((await goodwill(team, 25000)).status).toBe(200);
    const seat = await h.db('attendees').where({ registration_id: reg.id, position: 3 }).first('id');
    const move = await h.api('POST', `/api/admin/registrations/${reg.id}/seats/${seat.id}/move`, { token: h.token, body: { workshop_id: other.id } });
    expect(move.status).toBe(409);
    expect(move.body.error.message).toBe(SEAT_MOVE_MESSAGES.partlyRefunded);
    // The organiser calls it off: the rest goes back, the booking ends.
    expect((await h.api('POST', `/api/admin/workshops/${w.id}/cancel`, { token: h.token, body: { reason: 'Called off', confirm: true } })).status).toBe(200);
    await waitFor(async () => (await regOf(team)).status !== 'completed');
    await refundsSettled(h);
    expect(await refundedAtProvider(h, team)).toEqual({ cents: 29700, refunds: 2 });
  });
});

it('is refused for an unknown booking, a cancelled one, or with a keep_booking that is not true or false', async () => {
  const w = await createWorkshop(h.db, { title: 'Goodwill Refused Build', date: new Date(Date.now() + 20 * DAY) });
  const b = await bookByCard(h, w.id, 'goodwill-refused');
  const reg = await regOf(b);
  const bad = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 100, reason: 'x', keep_booking: 'yes' } });
  expect(bad.status).toBe(422);
  const unknown = await h.api('POST', '/api/admin/registrations/00000000-0000-4000-8000-000000000000/refund', { token: h.token, body: { amount_cents: 100, reason: 'x', keep_booking: true } });
  expect(unknown.status).toBe(404);
  expect((await h.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: h.token })).status).toBe(200);
  const after = await goodwill(b, 100);
  expect(after.status).toBe(409);
  await refundsSettled(h);
  expect(await refundedAtProvider(h, b)).toEqual({ cents: 0, refunds: 0 });
});

it('previews what the cancel gives when another payment of the order was refunded (a second card payment)', async () => {
  const { razorpayPaymentSignature, SANDBOX_CREDENTIALS } = await import('../../src/sandbox/sandbox.credentials');
  const { buyer, payInRazorpaySandbox } = await import('../payments/payments-helpers');
  const w = await createWorkshop(h.db, { title: 'Paid Twice Preview Build', date: new Date(Date.now() + 14 * DAY) });
  const who = buyer('paid-twice-preview');
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
  const first = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: first.body })).status).toBe(200);
  // Razorpay captured a second payment on the order (a second tab): it is refunded as a duplicate.
  const secondId = 'pay_second_preview_order';
  await h.db('provider_sandbox.razorpay_payments').insert({ id: secondId, order_id: co.body.order.id, amount: 9900, currency: 'USD', status: 'captured', email: who.email, contact: who.phone });
  const second = { razorpay_order_id: co.body.order.id, razorpay_payment_id: secondId, razorpay_signature: razorpayPaymentSignature(co.body.order.id, secondId, SANDBOX_CREDENTIALS.razorpayKeySecret) };
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: second })).status).toBe(200);
  await refundsSettled(h);
  const token = (await waitFor(async () => (await sandboxEmails(h.server, who.email)).find((m) => m.subject.startsWith("You're registered")))).text_body?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1];
  const preview = await h.api('POST', `/api/booking/${token}/cancel`, { body: {} });
  const done = await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } });
  expect(done.body).toEqual({ confirmed: true, refund_cents: 9603 });
  expect(preview.body).toEqual({ confirmed: false, refund_cents: 9603 });
});
