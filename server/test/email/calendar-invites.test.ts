import { describe, expect, it } from 'vitest';
import { bookByCard, razorpayDashboardRefund } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { HOUR_MS, inviteOf } from '../support/ics';
import { useTestServer } from '../support/test-server';

/**
 * The buyer's calendar event, as a calendar app (ical.js) reads every invite of it: one UID per
 * booking everywhere, a SEQUENCE above the last one for every change, moves and cancellations
 * included, the workshop's own length, and no secret in it.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;

const mailTo = (email: string, subject: string, nth = 1) =>
  waitFor(async () => (await sandboxEmails(h.server, email)).filter((m) => m.subject.startsWith(subject))[nth - 1], 20_000);
const regOf = (email: string) => h.db('workshop_registrations').where({ email }).first();

describe('the order’s calendar event', () => {
  it('keeps one UID from the confirmation through a date change, a move and an admin’s cancel, its SEQUENCE always above the last', async () => {
    const start = new Date(Math.floor((Date.now() + 10 * DAY) / 60_000) * 60_000);
    const w = await createWorkshop(h.db, { title: 'Three Hour Build', date: start, duration_hours: 3 });
    const b = await bookByCard(h, w.id, 'cal-life');
    const reg = await regOf(b.email);
    const uid = `${reg.id}@nocode-workshop`;

    const confirmed = inviteOf(await mailTo(b.email, "You're registered"));
    expect(confirmed).toMatchObject({ type: 'text/calendar; method=REQUEST', method: 'REQUEST', status: 'CONFIRMED', uid, sequence: 0, summary: 'Three Hour Build', location: 'Online' });
    expect(confirmed.attendee?.email).toBe(b.email);
    expect(confirmed.start.getTime()).toBe(start.getTime());
    // The workshop's own 3 hours, not the 5-hour slot.
    expect(confirmed.end.getTime() - confirmed.start.getTime()).toBe(3 * HOUR_MS);
    // The site's public address, never the secret booking link.
    expect(confirmed.description).toContain(reg.access_id);
    expect(confirmed.description).toContain(h.server.deps.config.publicBaseUrl);
    expect(confirmed.raw).not.toContain('/booking/');
    expect(confirmed.raw).not.toContain(b.token);

    // The booking page offers the same event, at the SEQUENCE last emailed.
    const page = await h.api('GET', `/api/booking/${b.token}`);
    expect(page.status).toBe(200);
    expect(page.body.calendar).toEqual({ uid, sequence: 0 });

    const later = new Date(start.getTime() + 2 * DAY);
    expect((await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { date: later.toISOString() } })).status).toBe(200);
    const updatedMail = await mailTo(b.email, 'Updated: Three Hour Build');
    const updated = inviteOf(updatedMail);
    // The new date's choice (keep the seat, or everything back) came on a fresh link.
    const link = updatedMail.text_body?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1];
    expect(updated).toMatchObject({ method: 'REQUEST', status: 'CONFIRMED', uid, sequence: 1 });
    expect(updated.start.getTime()).toBe(later.getTime());
    expect(updated.end.getTime() - updated.start.getTime()).toBe(3 * HOUR_MS);

    // A workshop never changed (revision 0): the move's invite must still outrank the update before it.
    const other = await createWorkshop(h.db, { title: 'Two Hour Build', date: new Date(start.getTime() + 5 * DAY), duration_hours: 2 });
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: h.token, body: { workshop_id: other.id } })).status).toBe(200);
    const moved = inviteOf(await mailTo(b.email, 'Updated: Two Hour Build'));
    expect(moved).toMatchObject({ method: 'REQUEST', uid, summary: 'Two Hour Build' });
    expect(moved.sequence).toBeGreaterThan(updated.sequence);
    expect(moved.end.getTime() - moved.start.getTime()).toBe(2 * HOUR_MS);
    expect((await h.api('GET', `/api/booking/${link}`)).body.calendar).toEqual({ uid, sequence: moved.sequence });

    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: h.token })).status).toBe(200);
    const cancelled = inviteOf(await mailTo(b.email, 'Booking cancelled'));
    expect(cancelled).toMatchObject({ type: 'text/calendar; method=CANCEL', method: 'CANCEL', status: 'CANCELLED', uid });
    expect(cancelled.sequence).toBeGreaterThan(moved.sequence);
    expect(cancelled.attendee?.email).toBe(b.email);
  });

  it('a resent confirmation is the same event with a higher SEQUENCE, and the page follows it', async () => {
    const w = await createWorkshop(h.db, { date: new Date(Date.now() + 12 * DAY) });
    const b = await bookByCard(h, w.id, 'cal-resend');
    const first = inviteOf(await mailTo(b.email, "You're registered"));
    expect((await h.api('POST', `/api/booking/${b.token}/resend`)).status).toBe(200);
    const again = inviteOf(await mailTo(b.email, "You're registered", 2));
    expect(again.uid).toBe(first.uid);
    expect(again.sequence).toBe(first.sequence + 1);
    expect((await h.api('GET', `/api/booking/${b.token}`)).body.calendar).toEqual({ uid: first.uid, sequence: again.sequence });
  });

  it('the buyer’s own cancel sends METHOD:CANCEL for the same UID', async () => {
    const w = await createWorkshop(h.db, { date: new Date(Date.now() + 20 * DAY) });
    const b = await bookByCard(h, w.id, 'cal-buyer-cancel');
    const confirmed = inviteOf(await mailTo(b.email, "You're registered"));
    const res = await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } });
    expect(res.status, res.text).toBe(200);
    const cancelled = inviteOf(await mailTo(b.email, 'Booking cancelled'));
    expect(cancelled).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: confirmed.uid, sequence: confirmed.sequence + 1 });
  });

  it('an admin’s refund that ends the booking sends METHOD:CANCEL for the same UID', async () => {
    const w = await createWorkshop(h.db, { date: new Date(Date.now() + 20 * DAY) });
    const b = await bookByCard(h, w.id, 'cal-refund');
    const confirmed = inviteOf(await mailTo(b.email, "You're registered"));
    const reg = await regOf(b.email);
    const res = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: reg.amount, reason: 'Calendar test' } });
    expect(res.status, res.text).toBe(200);
    const cancelled = inviteOf(await mailTo(b.email, 'Booking cancelled'));
    expect(cancelled).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: confirmed.uid, sequence: confirmed.sequence + 1 });
  });

  it('a refund in full made by hand in the provider’s dashboard ends the booking: the buyer is told, with METHOD:CANCEL for the same UID', async () => {
    const w = await createWorkshop(h.db, { title: 'Dashboard Refund Build', date: new Date(Date.now() + 20 * DAY) });
    const b = await bookByCard(h, w.id, 'cal-dashboard');
    const confirmed = inviteOf(await mailTo(b.email, "You're registered"));
    const reg = await regOf(b.email);
    // A part first: the booking stands, and nobody is told anything.
    expect((await (await razorpayDashboardRefund(h, b.paymentId, 1000)).webhook()).status).toBe(200);
    expect(await regOf(b.email)).toMatchObject({ status: 'completed' });
    // Then the rest: the booking ends, once, however often the provider says so.
    const rest = await razorpayDashboardRefund(h, b.paymentId, reg.amount - 1000);
    expect((await rest.webhook()).status).toBe(200);
    expect((await rest.webhook(`evt_again_${reg.id}`)).status).toBe(200);
    expect(await regOf(b.email)).toMatchObject({ status: 'refunded', status_reason: 'refunded_at_provider' });
    const notice = await mailTo(b.email, 'Booking cancelled: Dashboard Refund Build');
    expect(notice.text_body).toContain(`your booking is cancelled and your seat released. $${(reg.amount / 100).toFixed(2)} is being refunded`);
    expect(inviteOf(notice)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: confirmed.uid, sequence: confirmed.sequence + 1 });
    await new Promise((r) => setTimeout(r, 500));
    expect((await sandboxEmails(h.server, b.email)).filter((m) => m.subject.startsWith('Booking cancelled')).length).toBe(1);
  });

  it('a long non-ASCII name and title: every line at most 75 octets, CRLF, and read back intact', async () => {
    const title = 'Atelier « No-Code » für Anfänger: 李小龍の日本語ワークショップ — Ørsted, Łódź, Ångström 🚀 édition spéciale';
    const name = 'Zoë Ñúñez 李小龍 Þórunn Łukasiewicz-Çelik Ŵëłłš 😀';
    const w = await createWorkshop(h.db, { title, date: new Date(Date.now() + 15 * DAY) });
    const b = await bookByCard(h, w.id, 'cal-utf8', { name });
    const invite = inviteOf(await mailTo(b.email, "You're registered"));
    expect(invite.summary).toBe(title);
    expect(invite.attendee?.cn).toBe(name);
    expect(invite.raw.split('\r\n').some((line) => line.startsWith(' '))).toBe(true);
  });
});
