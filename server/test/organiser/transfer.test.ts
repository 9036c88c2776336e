import { SEATS_MESSAGES, TRANSFER_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { bookByCard, bookByPaypal, refundedAtProvider, refundsSettled, startsIn } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { inviteOf } from '../support/ics';
import { useTestServer } from '../support/test-server';

/**
 * Handing a booking to someone else (issue 23, point 3): until 24 hours before the start from the
 * booking link, at any time by an admin; the new holder gets their own confirmation, link and
 * event, the old link stops working, and no money moves.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;

const colleague = { name: 'Cara Colleague', email: 'cara.colleague@example.com', phone: '9123456780' };
const mailTo = (email: string, subject: string) => waitFor(async () => (await sandboxEmails(h.server, email)).find((m) => m.subject.startsWith(subject)), 20_000);
const linkIn = (text: string | null | undefined) => text?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1];

describe('transferring a booking', () => {
  it('from the buyer’s link: the colleague gets their own confirmation, link and event; the buyer’s link and event go; no money moves', async () => {
    const w = await createWorkshop(h.db, { title: 'Handed On Build', date: new Date(Date.now() + 10 * DAY) });
    const b = await bookByPaypal(h, w.id, 'hander');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const res = await h.api('POST', `/api/booking/${b.token}/transfer`, { body: colleague });
    expect(res.status, res.text).toBe(204);

    expect(await h.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ name: colleague.name, email: colleague.email, phone: colleague.phone, status: 'completed', payment_id: reg.payment_id });
    expect((await h.api('GET', `/api/booking/${b.token}`)).status).toBe(404);
    const welcome = await mailTo(colleague.email, "You're registered");
    const token = linkIn(welcome.text_body);
    const view = await h.api('GET', `/api/booking/${token}`);
    expect(view.body).toMatchObject({ name: colleague.name, email: colleague.email, status: 'completed' });
    const uid = `${reg.id}@nocode-workshop`;
    const theirs = inviteOf(welcome);
    expect(theirs).toMatchObject({ method: 'REQUEST', uid, attendee: { email: colleague.email } });
    const gone = await mailTo(b.email, 'Booking transferred: Handed On Build');
    expect(gone.text_body).toContain(`your seat at Handed On Build now belongs to ${colleague.name}`);
    expect(inviteOf(gone)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid });
    expect(theirs.sequence).toBeGreaterThan(inviteOf(gone).sequence);
    expect(await h.db('refunds').where({ registration_id: reg.id })).toHaveLength(0);

    // The colleague may cancel in turn: the refund goes back to the buyer's payment.
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } })).body).toMatchObject({ confirmed: true });
    await refundsSettled(h);
    expect((await refundedAtProvider(h, b)).refunds).toBe(1);
  });

  it('closes 24 hours before the start for the buyer; an admin may still transfer, and the log says why', async () => {
    const w = await createWorkshop(h.db, { title: 'Late Hand Build', date: new Date(Date.now() + 10 * DAY) });
    const b = await bookByCard(h, w.id, 'late-hander');
    await startsIn(h, w.id, 0.5);
    const late = await h.api('POST', `/api/booking/${b.token}/transfer`, { body: colleague });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(TRANSFER_MESSAGES.closed);
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const byAdmin = await h.api('POST', `/api/admin/registrations/${reg.id}/transfer`, { token: h.token, body: { ...colleague, email: 'late.colleague@example.com', reason: 'Buyer phoned in sick' } });
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(byAdmin.body.registration).toMatchObject({ email: 'late.colleague@example.com', status: 'completed' });
    const logged = await waitFor(() => h.db('admin_activity').where({ action: 'POST /api/admin/registrations/:id/transfer', target_id: reg.id }).first());
    expect(logged.after.request.reason).toBe('Buyer phoned in sick');
  });

  it('refuses the same person, someone who already has a seat, a bad email and a team booking from the buyer’s link, changing nothing', async () => {
    const w = await createWorkshop(h.db, { title: 'Refused Hand Build', date: new Date(Date.now() + 10 * DAY) });
    const b = await bookByCard(h, w.id, 'refused-hander');
    const other = await bookByCard(h, w.id, 'already-seated');
    const team = await bookByCard(h, w.id, 'team-hander', { seats: 2 });
    const cases: [string, Record<string, string>, number, string][] = [
      [b.token, { ...colleague, email: b.email.toUpperCase() }, 409, TRANSFER_MESSAGES.same],
      [b.token, { ...colleague, email: other.email }, 409, SEATS_MESSAGES.hasSeat(other.email)],
      [team.token, colleague, 409, TRANSFER_MESSAGES.team],
    ];
    for (const [token, body, status, message] of cases) {
      const res = await h.api('POST', `/api/booking/${token}/transfer`, { body });
      expect(res.status).toBe(status);
      expect(res.body.error.message).toBe(message);
    }
    const bad = await h.api('POST', `/api/booking/${b.token}/transfer`, { body: { ...colleague, email: 'not-an-email' } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.email).toBe('Invalid email address');
    expect(await h.db('workshop_registrations').where({ email: b.email }).first()).toMatchObject({ status: 'completed' });
    expect((await h.api('GET', `/api/booking/${b.token}`)).status).toBe(200);
  });

  it('refuses someone with a checkout of their own still open, and a link a transfer took away a moment earlier', async () => {
    const w = await createWorkshop(h.db, { title: 'Open Checkout Build', date: new Date(Date.now() + 10 * DAY) });
    const b = await bookByCard(h, w.id, 'open-hander');
    const pending = { name: 'Pia Pending', email: 'pia.pending@example.com', phone: '9123456782' };
    expect((await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...pending } })).status).toBe(201);
    // Its hold ran out, but the buyer may still approve it at PayPal: money could still make it a seat.
    await h.db('workshop_registrations').where({ email: pending.email }).update({ hold_expires_at: h.db.raw(`now() - interval '1 second'`) });
    const res = await h.api('POST', `/api/booking/${b.token}/transfer`, { body: pending });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(TRANSFER_MESSAGES.ownCheckout);

    // The old link was read just before a transfer committed: its cancel, decided under the lock, finds it gone.
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const { hashBookingToken } = await import('../../src/registrations/booking-token');
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/transfer`, { token: h.token, body: { ...colleague, email: 'stale.taker@example.com', reason: 'Swap' } })).status).toBe(200);
    const { cancelSeats } = await import('../../src/payments/cancellation.service');
    await expect(cancelSeats({ db: h.db, sender: h.server.deps.config as never }, reg.id, 'all', { by: 'cancelled_by_buyer', link: { hash: hashBookingToken(b.token) } })).rejects.toThrow('Booking not found');
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ status: 'completed', email: 'stale.taker@example.com' });
  });

  it('sends each transfer its own emails, however often a booking goes back and forth', async () => {
    const w = await createWorkshop(h.db, { title: 'Back And Forth Build', date: new Date(Date.now() + 10 * DAY) });
    const b = await bookByCard(h, w.id, 'back-forth');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const to = (email: string, name: string) => h.api('POST', `/api/admin/registrations/${reg.id}/transfer`, { token: h.token, body: { name, email, phone: '9123456783', reason: 'Back and forth' } });
    expect((await to('ping@example.com', 'Ping')).status).toBe(200);
    expect((await to(b.email, 'Buyer back-forth')).status).toBe(200);
    expect((await to('ping@example.com', 'Ping')).status).toBe(200);
    const welcomes = await waitFor(async () => {
      const all = (await sandboxEmails(h.server, 'ping@example.com')).filter((m) => m.subject.startsWith("You're registered"));
      return all.length === 2 && all;
    });
    // Each welcome carried its own link: the latest opens the booking, the first no longer does.
    const opened = await Promise.all(welcomes.map(async (m) => (await h.api('GET', `/api/booking/${linkIn(m.text_body)}`)).status));
    expect(opened.sort()).toEqual([200, 404]);
    const gone = await waitFor(async () => {
      const all = (await sandboxEmails(h.server, b.email)).filter((m) => m.subject.startsWith('Booking transferred'));
      return all.length === 2 && all;
    });
    expect(gone.map((m) => inviteOf(m).method)).toEqual(['CANCEL', 'CANCEL']);
  });

  it('lets an attendee of a team pass their own seat on: their link goes, the newcomer gets one, the buyer is told', async () => {
    const w = await createWorkshop(h.db, { title: 'Team Hand Build', date: new Date(Date.now() + 10 * DAY) });
    const ann = { name: 'Ann Attendee', email: 'ann.hand@example.com' };
    const b = await bookByCard(h, w.id, 'team-lead-hand', { seats: 2, attendees: [{ name: 'Lead', email: 'buyerteam-lead-hand@example.com' }, ann] });
    const annLink = linkIn((await mailTo(ann.email, "You're registered")).text_body);
    const dev = { name: 'Dev Newcomer', email: 'dev.newcomer@example.com', phone: '9123456781' };
    const res = await h.api('POST', `/api/booking/${annLink}/transfer`, { body: dev });
    expect(res.status, res.text).toBe(204);
    expect((await h.api('GET', `/api/booking/${annLink}`)).status).toBe(404);
    const newcomer = linkIn((await mailTo(dev.email, "You're registered")).text_body);
    expect((await h.api('GET', `/api/booking/${newcomer}`)).body).toMatchObject({ role: 'attendee', name: dev.name });
    expect(inviteOf(await mailTo(ann.email, 'Seat transferred')).method).toBe('CANCEL');
    const told = await mailTo(b.email, 'Booking transferred: Team Hand Build');
    expect(told.text_body).toContain(`Ann Attendee gave their seat of your booking for Team Hand Build to ${dev.name}`);
  });
});
