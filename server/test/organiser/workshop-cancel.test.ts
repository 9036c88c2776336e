import { WAITLIST_MESSAGES, WORKSHOP_CANCEL_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { type Booked, bookByCard, bookByPaypal, refundedAtProvider, refundsSettled, startsIn } from '../payments/booking-flows';
import { buyer, createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { inviteOf } from '../support/ics';
import { useTestServer } from '../support/test-server';

/**
 * An organiser calls a workshop off (issue 23, point 1): a preview first, then every paid booking
 * refunded in full, with no fee, once per payment whatever is asked again; unpaid checkouts and
 * the waitlist end; everyone is told, and the event leaves their calendars.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });

const REASON = 'Our trainer is ill and we could not find a replacement in time.';
const cancel = (id: string, body: Record<string, unknown>, token = h.token) => h.api('POST', `/api/admin/workshops/${id}/cancel`, { token, body });
const mailTo = (email: string, subject: string) => waitFor(async () => (await sandboxEmails(h.server, email)).find((m) => m.subject.startsWith(subject)), 20_000);
/** How far the cancellation got, asked as a preview (which records nothing), until no booking is left to end. */
const everyBookingEnded = (id: string) =>
  waitFor(
    async () => {
      const now = (await cancel(id, { reason: REASON })).body;
      return now.cancelled && now.pending === 0 && now;
    },
    30_000,
    200,
  );

async function joinLine(workshopId: string, n: string) {
  const [e] = await h.db('waitlist_entries').insert({ workshop_id: workshopId, ...buyer(n) }).returning('id');
  return e.id as string;
}

describe('calling a workshop off', () => {
  it('previews, then refunds every paid booking in full at its provider once, ends holds and the line, and tells everyone', async () => {
    const w = await createWorkshop(h.db, { title: 'Called Off Build', price_usd_cents: 9900 });
    const paid: Booked[] = [await bookByCard(h, w.id, 'off-card-1'), await bookByCard(h, w.id, 'off-card-2', { seats: 2 }), await bookByPaypal(h, w.id, 'off-paypal-1')];
    const hold = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('off-unpaid') } });
    expect(hold.status, hold.text).toBe(201);
    const entry = await joinLine(w.id, 'off-waiting');
    // A day before the start the buyer policy keeps everything: the organiser's cancel keeps nothing.
    await startsIn(h, w.id, 1);
    const other = await createWorkshop(h.db, { title: 'Still On' });
    const otherBooking = await bookByCard(h, other.id, 'off-elsewhere');

    const preview = await cancel(w.id, { reason: REASON });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toEqual({
      workshop_id: w.id,
      title: 'Called Off Build',
      cancelled: false,
      cancelled_at: null,
      reason: null,
      bookings: 3,
      seats: 4,
      refund_cents: 9900 + 19800 + 9900,
      providers: [
        { provider: 'paypal', bookings: 1, refund_cents: 9900 },
        { provider: 'razorpay', bookings: 2, refund_cents: 29700 },
      ],
      free_bookings: 0,
      by_hand: { bookings: 0, refund_cents: 0 },
      open_holds: 1,
      waitlisted: 1,
      refunded: 0,
      pending: 0,
    });
    // A preview changes nothing, and is no admin write to record.
    expect(await h.db('workshops').where({ id: w.id }).first()).toMatchObject({ status: 'scheduled', cancelled_at: null, registration_open: true });
    expect(await h.db('refunds')).toHaveLength(0);

    const done = await cancel(w.id, { reason: REASON, confirm: true });
    expect(done.status, done.text).toBe(200);
    expect(done.body).toMatchObject({ cancelled: true, reason: REASON, bookings: 3, seats: 4, open_holds: 1, waitlisted: 1 });
    expect(await h.db('workshops').where({ id: w.id }).first()).toMatchObject({ status: 'cancelled', cancel_reason: REASON, registration_open: false });

    const after = await everyBookingEnded(w.id);
    expect(after).toMatchObject({ cancelled: true, bookings: 3, seats: 4, refund_cents: 39600, refunded: 3, pending: 0 });
    await refundsSettled(h);
    for (const b of paid) {
      const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
      expect(reg).toMatchObject({ status: 'refunded', status_reason: 'cancelled_by_organiser', seats: 0 });
      expect(await refundedAtProvider(h, b)).toEqual({ cents: reg.amount, refunds: 1 });
      const mail = await mailTo(b.email, 'Workshop cancelled: Called Off Build');
      expect(mail.text_body).toContain(`has been cancelled by the organiser. ${REASON}`);
      expect(mail.text_body).toContain(`$${(reg.amount / 100).toFixed(2)} is being refunded in full to your original payment method, with no fee; it can take 5-7 business days to appear.`);
      expect(inviteOf(mail)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: `${reg.id}@nocode-workshop` });
    }
    expect(await h.db('workshop_registrations').where({ email: buyer('off-unpaid').email }).first()).toMatchObject({ status: 'failed', status_reason: 'workshop_cancelled' });
    expect(await h.db('waitlist_entries').where({ id: entry }).first()).toMatchObject({ status: 'cancelled' });
    const told = await mailTo(buyer('off-waiting').email, 'Workshop cancelled: Called Off Build');
    expect(told.text_body).toContain(`${REASON} Its waitlist is closed, and nothing was charged.`);
    // Nobody else's booking moved.
    expect(await h.db('workshop_registrations').where({ email: otherBooking.email }).first()).toMatchObject({ status: 'completed' });

    // Asked again (a second click, a retry): the same answer, and nothing refunded twice.
    const again = await cancel(w.id, { reason: 'Another reason', confirm: true });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(after);
    await refundsSettled(h);
    for (const b of paid) expect((await refundedAtProvider(h, b)).refunds).toBe(1);
    expect(await h.db('refunds')).toHaveLength(3);

    // The admin log has the two confirms, never the preview.
    const logged = await waitFor(async () => {
      const rows = await h.db('admin_activity').where({ action: 'POST /api/admin/workshops/:id/cancel', target_id: w.id });
      return rows.length === 2 && rows;
    });
    expect(logged.map((r) => r.target_type)).toEqual(['workshop', 'workshop']);
  });

  it('takes the workshop off sale for good: no checkout, no line, no reopening, no move into it', async () => {
    const w = await createWorkshop(h.db, { title: 'Off Sale Build' });
    const elsewhere = await createWorkshop(h.db, { title: 'Elsewhere Build' });
    const b = await bookByCard(h, elsewhere.id, 'off-sale-mover');
    expect((await cancel(w.id, { reason: REASON, confirm: true })).status).toBe(200);

    const list = await h.api('GET', '/api/workshops');
    // Still listed, marked: the site shows it as cancelled and never sells it.
    expect(list.body.find((x: { id: string }) => x.id === w.id)).toMatchObject({ status: 'cancelled', registration_open: false, cancel_reason: REASON });
    for (const provider of ['paypal', 'razorpay']) {
      const co = await h.api('POST', `/api/checkout/${provider}`, { body: { workshop_id: w.id, ...buyer(`off-sale-${provider}`) } });
      expect(co.status).toBe(409);
      expect(co.body.error.message).toBe(WORKSHOP_CANCEL_MESSAGES.forBuyers);
    }
    const line = await h.api('POST', `/api/workshops/${w.id}/waitlist`, { body: buyer('off-sale-line') });
    expect(line.status).toBe(404);
    expect(line.body.error.message).toBe(WAITLIST_MESSAGES.unavailable);
    const reopen = await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { registration_open: true } });
    expect(reopen.status).toBe(409);
    expect(reopen.body.error.message).toBe(WORKSHOP_CANCEL_MESSAGES.unchangeable);
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const move = await h.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: h.token, body: { workshop_id: w.id } });
    expect(move.status).toBe(409);
    expect(move.body.error.message).toBe(WORKSHOP_CANCEL_MESSAGES.notOpen);
    // Hiding it is still allowed; nothing else changed.
    expect((await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { is_active: false } })).status).toBe(200);
    expect(await h.db('workshops').where({ id: w.id }).first()).toMatchObject({ status: 'cancelled', registration_open: false, is_active: false });
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ workshop_id: elsewhere.id, status: 'completed' });
  });

  it('two admins confirming at once call it off once: one refund per payment', async () => {
    const w = await createWorkshop(h.db, { title: 'Twice Clicked Build' });
    const paid = [await bookByCard(h, w.id, 'twice-1'), await bookByPaypal(h, w.id, 'twice-2')];
    const [a, b] = await Promise.all([cancel(w.id, { reason: REASON, confirm: true }), cancel(w.id, { reason: 'Second admin', confirm: true })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await h.db('workshops').where({ id: w.id }).first()).cancel_reason).toMatch(/^(Our trainer|Second admin)/);
    await everyBookingEnded(w.id);
    await refundsSettled(h);
    for (const p of paid) expect(await refundedAtProvider(h, p)).toEqual({ cents: 9900, refunds: 1 });
  });

  it('money that arrives after the call-off is refunded in full; an approval is never captured', async () => {
    const w = await createWorkshop(h.db, { title: 'Late Money Build' });
    const card = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('late-card') } });
    const paypal = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('late-paypal') } });
    expect([card.status, paypal.status]).toEqual([201, 201]);
    expect((await cancel(w.id, { reason: REASON, confirm: true })).status).toBe(200);

    // The card was paid in its window just before: its verify arrives after the call-off.
    const { payInRazorpaySandbox, pressPaypalButton, follow } = await import('../payments/payments-helpers');
    const paid = await payInRazorpaySandbox(h.server, card.body.order, card.body.key_id);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(verify.status).toBe(409);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, { provider: 'razorpay', paymentId: paid.body.razorpay_payment_id })).toEqual({ cents: 9900, refunds: 1 });
    expect(await h.db('workshop_registrations').where({ email: buyer('late-card').email }).first()).toMatchObject({ status: 'refunded', status_reason: 'workshop_cancelled_refunded' });
    expect((await mailTo(buyer('late-card').email, 'Refund issued: Late Money Build was cancelled')).text_body).toContain('after the organiser had cancelled the workshop');

    // PayPal: the buyer approves after the call-off; nothing is taken.
    const back = await pressPaypalButton(h.server, paypal.body.approval_url, 'approve');
    expect(await follow(h.server, back)).not.toMatch(/^\/thank-you/);
    const orderId = new URL(paypal.body.approval_url).searchParams.get('token');
    expect((await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first()).capture_id).toBeNull();
    expect(await h.db('workshop_registrations').where({ email: buyer('late-paypal').email }).first()).toMatchObject({ status: 'failed' });
  });

  it('a booking its buyer cancels after the call-off gets everything back, and an admin cannot decide otherwise', async () => {
    const w = await createWorkshop(h.db, { title: 'Buyer Races Build' });
    const b = await bookByCard(h, w.id, 'race-buyer');
    const c = await bookByCard(h, w.id, 'race-admin');
    const team = await bookByCard(h, w.id, 'race-team', { seats: 2 });
    await startsIn(h, w.id, 1);
    // The organiser's decision stands before its run reaches these bookings (the run is not queued here).
    await h.db('workshops').where({ id: w.id }).update({ status: 'cancelled', cancelled_at: h.db.fn.now(), cancel_reason: REASON, registration_open: false });
    const mine = await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } });
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body).toEqual({ confirmed: true, refund_cents: 9900 });
    // A team's buyer giving back one seat ends the whole booking: the organiser's decision covers every seat.
    const teamReg = await h.db('workshop_registrations').where({ email: team.email }).first();
    const seat = await h.db('attendees').where({ registration_id: teamReg.id, position: 2 }).first('id');
    const one = await h.api('POST', `/api/booking/${team.token}/cancel`, { body: { confirm: true, attendee_ids: [seat.id] } });
    expect(one.status, one.text).toBe(200);
    expect(one.body).toEqual({ confirmed: true, refund_cents: 19800 });
    expect(await h.db('attendees').where({ registration_id: teamReg.id, status: 'active' })).toHaveLength(0);
    const reg = await h.db('workshop_registrations').where({ email: c.email }).first();
    for (const [path, body] of [
      ['cancel', {}],
      ['refund', { amount_cents: 100, reason: 'Goodwill' }],
    ] as const) {
      const res = await h.api('POST', `/api/admin/registrations/${reg.id}/${path}`, { token: h.token, body });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(WORKSHOP_CANCEL_MESSAGES.bookingsRefunded);
    }
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9900, refunds: 1 });
    expect(await refundedAtProvider(h, c)).toEqual({ cents: 0, refunds: 0 });
    expect(await refundedAtProvider(h, team)).toEqual({ cents: 19800, refunds: 1 });
    expect(await h.db('workshop_registrations').where({ email: b.email }).first()).toMatchObject({ status: 'refunded', status_reason: 'cancelled_by_organiser' });
  });

  it('gives back the whole price of the seats still held: what an earlier decision kept stays kept, hand money is not given twice', async () => {
    const w = await createWorkshop(h.db, { title: 'Earlier Decisions Build' });
    const team = await bookByCard(h, w.id, 'earlier-team', { seats: 2 });
    const single = await bookByPaypal(h, w.id, 'earlier-hand');
    // A day before the start, the buyer gives one seat back and the policy keeps all of it.
    await startsIn(h, w.id, 1);
    const teamReg = await h.db('workshop_registrations').where({ email: team.email }).first();
    const seat = await h.db('attendees').where({ registration_id: teamReg.id, position: 2 }).first('id');
    const one = await h.api('POST', `/api/booking/${team.token}/cancel`, { body: { confirm: true, attendee_ids: [seat.id] } });
    expect(one.body).toEqual({ confirmed: true, refund_cents: 0 });
    // Admins gave $40 of each back by hand in the providers' dashboards, and the webhooks arrived:
    // that money is part of what the organiser gives back, never on top of it.
    const { paypalDashboardRefund, razorpayDashboardRefund } = await import('../payments/booking-flows');
    for (const hand of [await paypalDashboardRefund(h, single.paymentId, '40.00'), await razorpayDashboardRefund(h, team.paymentId, 4000)]) expect((await hand.webhook()).status).toBe(200);

    const preview = await cancel(w.id, { reason: REASON });
    expect(preview.body).toMatchObject({ bookings: 2, seats: 2, refund_cents: 5900 + 5900 });
    expect((await cancel(w.id, { reason: REASON, confirm: true })).status).toBe(200);
    expect(await everyBookingEnded(w.id)).toMatchObject({ refund_cents: 5900 + 5900, refunded: 2 });
    await refundsSettled(h);
    // The team kept the seat the policy kept ($99): $40 by hand and $59 by us for the other.
    expect(await refundedAtProvider(h, team)).toEqual({ cents: 9900, refunds: 2 });
    expect(await refundedAtProvider(h, single)).toEqual({ cents: 9900, refunds: 2 });
  });

  it('a PayPal capture still pending when the workshop is called off stays watched, and is refunded in full when it completes, however late', async () => {
    const { follow, pressPaypalButton } = await import('../payments/payments-helpers');
    const { reconcilePass } = await import('../../src/payments/reconcile.job');
    const w = await createWorkshop(h.db, { title: 'Pending Capture Build' });
    const co = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('pending-capture') } });
    expect(co.status).toBe(201);
    await follow(h.server, await pressPaypalButton(h.server, co.body.approval_url, 'approve-pending'));
    const reg = () => h.db('workshop_registrations').where({ email: buyer('pending-capture').email }).first();
    expect(await reg()).toMatchObject({ status: 'pending', status_reason: 'capture_pending' });
    expect((await cancel(w.id, { reason: REASON, confirm: true })).status).toBe(200);
    expect(await reg()).toMatchObject({ status: 'pending', status_reason: 'capture_pending' });

    // PayPal completes it days later, and its webhook never comes: the reconciler still finds it.
    await h.db('workshop_registrations').where({ id: (await reg()).id }).update({ created_at: h.db.raw(`now() - interval '5 days'`), reconcile_after: h.db.raw(`now() - interval '1 second'`) });
    const orderId = new URL(co.body.approval_url).searchParams.get('token');
    const order = await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first();
    expect((await h.api('POST', `/sandbox/paypal/captures/${order.capture_id}/settle`, { body: { outcome: 'COMPLETED' } })).status).toBeLessThan(300);
    await reconcilePass(h.server.payments!, 3600);
    await refundsSettled(h);
    expect(await refundedAtProvider(h, { provider: 'paypal', paymentId: order.capture_id })).toEqual({ cents: 9900, refunds: 1 });
    expect(await reg()).toMatchObject({ status: 'refunded', status_reason: 'workshop_cancelled_refunded' });
  });

  it('refuses an unknown or started workshop and a missing reason, changing nothing', async () => {
    const unknown = await cancel('00000000-0000-4000-8000-000000000000', { reason: REASON, confirm: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(WORKSHOP_CANCEL_MESSAGES.notFound);
    const started = await createWorkshop(h.db, { title: 'Started Build', date: new Date(Date.now() - 60_000) });
    for (const body of [{ reason: REASON }, { reason: REASON, confirm: true }]) {
      const res = await cancel(started.id, body);
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(WORKSHOP_CANCEL_MESSAGES.started);
    }
    const w = await createWorkshop(h.db, { title: 'Reasonless Build' });
    for (const [body, message] of [
      [{ confirm: true }, WORKSHOP_CANCEL_MESSAGES.reasonRequired],
      [{ reason: '   ', confirm: true }, WORKSHOP_CANCEL_MESSAGES.reasonRequired],
      [{ reason: 'x'.repeat(501), confirm: true }, WORKSHOP_CANCEL_MESSAGES.reasonTooLong],
    ] as const) {
      const res = await cancel(w.id, body);
      expect(res.status).toBe(422);
      expect(res.body.error.fields.reason).toBe(message);
    }
    expect((await cancel(w.id, { reason: REASON, confirm: true }, '')).status).toBe(401);
    expect(await h.db('workshops').whereIn('id', [w.id, started.id]).where({ status: 'cancelled' })).toHaveLength(0);
  });
});
