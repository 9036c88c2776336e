import { randomUUID } from 'node:crypto';
import { PRIVACY_KEPT, PRIVACY_MESSAGES, privacyConfirmResultSchema } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { emailSender } from '../../src/email/email.data';
import { ERASED_NOT_SENT } from '../../src/email/erased-address';
import { followUpWorkshop } from '../../src/after-workshop/follow-up.service';
import { bookByCard, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { insertInterest } from '../support/fixtures';
import { useTestServer } from '../support/test-server';
import { personalDataIn } from '../../../scripts/logs/personal-data';
import { tablesHolding } from './erasure-helpers';

/**
 * Erasure on request (issue 27, point 2): once the address's inbox confirms, everything about the
 * person is anonymised or blanked; payment records and invoices stay (the law keeps them), and so
 * do the money, counts and attendance figures. A booking still to come stops it, changing nothing.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const HOUR = 3_600_000;

const ask = (email: string) => h.api('POST', '/api/privacy/requests', { body: { email, kind: 'erasure' } });
const confirm = (token: string) => h.api('POST', '/api/privacy/requests/confirm', { body: { token } });
async function erasureLinkTo(to: string): Promise<string> {
  const mail = await waitFor(async () => (await sandboxEmails(h.server, to)).find((m) => m.subject === 'Confirm your data request' && m.text_body?.includes('erasure')));
  const token = mail.text_body?.match(/\/privacy\/confirm\?token=([A-Za-z0-9_-]{43})&kind=erasure/)?.[1];
  expect(token, mail.text_body ?? '').toBeTruthy();
  return token!;
}
async function confirmed(token: string) {
  const res = await confirm(token);
  expect(res.status, res.text).toBe(200);
  const answer = privacyConfirmResultSchema.parse(res.body);
  if (answer.kind !== 'erasure') throw new Error(`an erasure was asked for: ${res.text}`);
  return answer;
}
describe('erasure on request', () => {
  it('anonymises a past buyer everywhere, keeps the money, invoices, counts and attendance, and sends them nothing more', async () => {
    const email = 'buyereraser@example.com';
    const w = await createWorkshop(h.db, { title: 'Erased Workshop' });
    const later = await createWorkshop(h.db, { title: 'Waited For Workshop' });
    const team = await bookByCard(h, w.id, 'eraser', { seats: 2, attendees: [{ name: 'Buyer eraser', email }, { name: 'Colleague Kept', email: 'colleague.kept@example.com' }] });
    const reg = await h.db('workshop_registrations').whereRaw('lower(email) = ?', [email]).first();
    await insertInterest(h.db, { name: 'Buyer eraser', email, message: 'Please call me back' });
    await h.db('video_leads').insert({ name: 'Buyer eraser', email, workshop_id: w.id });
    await h.db('waitlist_entries').insert({ workshop_id: later.id, name: 'Buyer eraser', email, phone: '9876543210', status: 'waiting' });
    await h.db('payment_events').insert({ provider: 'razorpay', event_id: `evt_${randomUUID()}`, event_type: 'payment.captured', registration_id: reg.id, payload: { payment: { entity: { id: team.paymentId, email, contact: '+919876543210' } } } });
    await h.db('admin_activity').insert({ action: 'PATCH /api/admin/registrations/:id', target_type: 'registration', target_id: reg.id, after: { name: 'Buyer eraser', email, note: 'called Buyer eraser' }, status: 200 });

    // The workshop took place: the buyer came, answered the feedback form and got a certificate.
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 7 * HOUR) });
    const seat = await h.db('attendees').where({ registration_id: reg.id, position: 1 }).first();
    await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - 6 * HOUR), last_joined_at: new Date(Date.now() - 6 * HOUR) });
    await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id);
    expect((await h.api('PUT', `/api/feedback/${seat.join_token}`, { body: { rating: 4, comment: 'Loved it, Buyer eraser' } })).status).toBe(200);
    const certificate = await h.db('certificates').where({ attendee_id: seat.id }).first('id');
    expect(certificate).toBeTruthy();
    // One email to them still waiting to go.
    await h.db('email_messages').insert({ registration_id: reg.id, kind: 'confirmation_resend', to_email: email, status: 'queued', data: { name: 'Buyer eraser' } });

    const attendanceBefore = (await h.api('GET', `/api/admin/workshops/${w.id}/attendance`, { token: h.token })).body.summary;
    const dashboardBefore = (await h.api('GET', '/api/admin/dashboard', { token: h.token })).body;
    const invoicesBefore = await h.db('invoices').where({ registration_id: reg.id }).select('number', 'total_cents', 'document');

    const holding = ['workshop_registrations', 'attendees', 'admin_activity', 'payment_events', 'email_messages', 'workshop_interests', 'video_leads', 'waitlist_entries'];
    expect(await tablesHolding(h, email)).toEqual(expect.arrayContaining(holding));
    expect(await tablesHolding(h, 'Buyer eraser')).toEqual(expect.arrayContaining(['certificates', 'workshop_feedback', 'admin_activity']));
    expect((await ask(email)).status).toBe(202);
    const token = await erasureLinkTo(email);
    const answer = await confirmed(token);
    expect(answer).toMatchObject({ outcome: 'erased', held: true, kept: [...PRIVACY_KEPT] });
    if (answer.outcome !== 'erased') return;
    expect(answer.erased).toMatchObject({ bookings: 1, seats: 1, interests: 1, video_leads: 1, waitlist: 1, feedback: 1, certificates: 1 });
    expect(answer.erased.emails).toBeGreaterThanOrEqual(2);

    // The booking: no person, the same money and seats.
    const after = await h.db('workshop_registrations').where({ id: reg.id }).first();
    expect(after).toMatchObject({ name: 'Erased', phone: '', billing: null, booking_token_hash: null, status: 'completed', amount: reg.amount, seats: 2, payment_id: team.paymentId });
    expect(after.email).toMatch(/^erased-[0-9a-f-]{36}@erased\.invalid$/);
    // One person still, to the figures that count people: all their rows share the one address.
    expect(await h.db('workshop_interests').where({ email: after.email }).count('* as n').first()).toEqual({ n: 1 });
    expect(await h.db('attendees').where({ registration_id: reg.id, position: 2 }).first('name', 'email')).toEqual({ name: 'Colleague Kept', email: 'colleague.kept@example.com' });
    expect(await h.db('waitlist_entries').where({ workshop_id: later.id }).first('status', 'name')).toEqual({ status: 'left', name: 'Erased' });
    expect(await h.db('workshop_feedback').where({ attendee_id: seat.id }).first('rating', 'comment')).toEqual({ rating: 4, comment: '' });
    const queued = await h.db('email_messages').where({ registration_id: reg.id, kind: 'confirmation_resend' }).first('status', 'last_error');
    expect(queued).toEqual({ status: 'failed', last_error: ERASED_NOT_SENT });

    // Nowhere else: only the kept invoice and the request's own record name them.
    expect(await tablesHolding(h, email)).toEqual(['invoices', 'privacy_requests']);
    expect(await tablesHolding(h, 'Buyer eraser')).toEqual(['invoices']);

    // Their links are dead; the money, the invoices and the figures are as they were.
    expect((await h.api('GET', `/api/booking/${team.token}`)).status).toBe(404);
    expect((await h.api('GET', `/api/join/${seat.join_token}`)).status).toBe(404);
    expect((await h.api('GET', `/api/certificates/${certificate.id}`)).status).toBe(404);
    expect(await h.db('invoices').where({ registration_id: reg.id }).select('number', 'total_cents', 'document')).toEqual(invoicesBefore);
    expect(await h.db('payments').where({ payment_id: team.paymentId }).first('amount_cents')).toEqual({ amount_cents: reg.amount });
    expect((await h.api('GET', `/api/admin/workshops/${w.id}/attendance`, { token: h.token })).body.summary).toEqual(attendanceBefore);
    const { recent_registrations: recentAfter, ...dashboardAfter } = (await h.api('GET', '/api/admin/dashboard', { token: h.token })).body;
    const { recent_registrations: recentBefore, ...figuresBefore } = dashboardBefore;
    expect(dashboardAfter).toEqual(figuresBefore);
    const mine = (list: { id: string }[]) => list.find((r) => r.id === reg.id);
    expect(mine(recentAfter)).toEqual({ ...mine(recentBefore), name: 'Erased', email: after.email, phone: '' });

    // A goodwill refund afterwards still goes back in full at the provider; its email goes nowhere.
    const refund = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 1000, keep_booking: true, reason: 'Late start', request_id: randomUUID() } });
    expect(refund.status, refund.text).toBe(200);
    await refundsSettled(h);
    expect((await refundedAtProvider(h, team)).cents).toBe(1000);
    const notice = await waitFor(async () => {
      const m = await h.db('email_messages').where({ registration_id: reg.id, kind: 'goodwill_refund' }).first('status', 'last_error', 'to_email');
      return m?.status !== 'queued' && m;
    });
    expect(notice).toEqual({ status: 'failed', last_error: ERASED_NOT_SENT, to_email: after.email });

    // The metrics name no one (issue 27, point 4).
    const metrics = await h.api('GET', '/metrics');
    expect(metrics.status).toBe(200);
    expect(personalDataIn(metrics.text)).toEqual([]);

    // The link works once.
    const again = await confirm(token);
    expect([again.status, again.body.error.message]).toEqual([400, PRIVACY_MESSAGES.invalid]);
  });

  it('is stopped by a booking still to come, changing nothing; the same link erases once it is cancelled', async () => {
    const w = await createWorkshop(h.db, { title: 'Still To Come', date: new Date(Date.now() + 30 * 86_400_000) });
    const b = await bookByCard(h, w.id, 'waiting-eraser');
    expect((await ask(b.email)).status).toBe(202);
    const token = await erasureLinkTo(b.email);

    const blocked = await confirmed(token);
    expect(blocked).toEqual({ kind: 'erasure', outcome: 'blocked', blocking: [{ workshop: 'Still To Come', workshop_date: expect.any(String), status: 'completed' }] });
    expect(await h.db('workshop_registrations').whereRaw('lower(email) = ?', [b.email]).first('name')).toEqual({ name: 'Buyer waiting-eraser' });
    expect(await h.db('privacy_requests').where({ email: b.email }).first('confirmed_at', 'completed_at')).toEqual({ confirmed_at: null, completed_at: null });

    const cancelled = await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const back = (await h.db('refunds').where({ payment_id: b.paymentId }).sum('amount_cents as c').first()) as { c: string };
    await refundsSettled(h);
    await waitFor(async () => (await h.db('workshop_registrations').where({ payment_id: b.paymentId }).first('status')).status === 'refunded');

    const erased = await confirmed(token);
    expect(erased).toMatchObject({ outcome: 'erased', held: true, erased: { bookings: 1 } });
    const reg = await h.db('workshop_registrations').where({ payment_id: b.paymentId }).first('name', 'status', 'amount');
    expect(reg).toEqual({ name: 'Erased', status: 'refunded', amount: 9900 });
    expect((await refundedAtProvider(h, b)).cents).toBe(Number(back.c));
    expect((await confirm(token)).status).toBe(400);
  });

  it('waits for a refund still on its way, so a refund that fails can still reach its buyer', async () => {
    const w = await createWorkshop(h.db, { title: 'Refund On Its Way' });
    const b = await bookByCard(h, w.id, 'refund-waiting');
    const reg = await h.db('workshop_registrations').where({ payment_id: b.paymentId }).first('id');
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 3 * 86_400_000) });
    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 60 } })).status).toBe(204);
    try {
      const goodwill = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 500, keep_booking: true, reason: 'Sound issues', request_id: randomUUID() } });
      expect(goodwill.status, goodwill.text).toBe(200);
      expect((await ask(b.email)).status).toBe(202);
      const token = await erasureLinkTo(b.email);
      expect(await confirmed(token)).toEqual({ kind: 'erasure', outcome: 'blocked', blocking: [{ workshop: 'Refund On Its Way', workshop_date: expect.any(String), status: 'refund_pending' }] });
      expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 0 } })).status).toBe(204);
      await refundsSettled(h);
      expect(await confirmed(token)).toMatchObject({ outcome: 'erased', erased: { bookings: 1 } });
    } finally {
      await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 0 } });
    }
  });

  it('leaves a seat on someone else’s booking still to come unnamed, for its buyer to give; their booking stays whole', async () => {
    const w = await createWorkshop(h.db, { title: 'Team Seat Erased', date: new Date(Date.now() + 20 * 86_400_000) });
    const guest = 'guest.erased@example.com';
    const team = await bookByCard(h, w.id, 'organiser-keeps', { seats: 2, attendees: [{ name: 'Buyer organiser-keeps', email: 'buyerorganiser-keeps@example.com' }, { name: 'Guest Erased', email: guest }] });
    const seatBefore = await h.db('attendees').whereRaw('lower(email) = ?', [guest]).first();
    expect((await ask(guest)).status).toBe(202);
    const answer = await confirmed(await erasureLinkTo(guest));
    expect(answer).toMatchObject({ outcome: 'erased', held: true, erased: { bookings: 0, seats: 1 } });
    expect(await h.db('attendees').where({ id: seatBefore.id }).first('name', 'email', 'status')).toEqual({ name: null, email: null, status: 'active' });
    expect((await h.api('GET', `/api/join/${seatBefore.join_token}`)).status).toBe(404);
    const booking = (await h.api('GET', `/api/booking/${team.token}`)).body;
    expect(booking.seats).toHaveLength(2);
    expect(await h.db('workshop_registrations').where({ payment_id: team.paymentId }).first('email', 'seats', 'status')).toEqual({ email: 'buyerorganiser-keeps@example.com', seats: 2, status: 'completed' });
  });

  it('says that nothing is held about an unknown address, only after its inbox confirmed', async () => {
    expect((await ask('nobody.to.erase@example.com')).status).toBe(202);
    const answer = await confirmed(await erasureLinkTo('nobody.to.erase@example.com'));
    expect(answer).toMatchObject({ outcome: 'erased', held: false });
    expect(await h.db('privacy_requests').where({ email: 'nobody.to.erase@example.com' }).first('found')).toEqual({ found: false });
  });
});
