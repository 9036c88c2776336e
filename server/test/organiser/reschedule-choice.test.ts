import { describe, expect, it } from 'vitest';
import { bookByCard, bookByPaypal, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * A workshop moved after people paid (issue 23, point 2): until 48 hours before the new start each
 * of them may keep the seat or cancel for everything back (no band of the policy applies), and the
 * "workshop updated" email carries both choices as links on a fresh booking link.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;

const moveTo = (id: string, date: Date) => h.api('PATCH', `/api/admin/workshops/${id}`, { token: h.token, body: { date: date.toISOString() } });
const updated = (email: string, title: string) => waitFor(async () => (await sandboxEmails(h.server, email)).find((m) => m.subject === `Updated: ${title}`), 20_000);
const linkIn = (text: string, label: string) => text.match(new RegExp(`${label}: \\S+/booking/([A-Za-z0-9_-]{43})`))?.[1];

describe('a workshop moved after people paid', () => {
  it('emails both choices on a fresh link, and a cancel until 48 hours before the new start gives everything back', async () => {
    const w = await createWorkshop(h.db, { title: 'Moved Build', date: new Date(Date.now() + 20 * DAY) });
    const b = await bookByPaypal(h, w.id, 'moved-buyer');
    expect((await moveTo(w.id, new Date(Date.now() + 14 * DAY))).status).toBe(200);

    const mail = await updated(b.email, 'Moved Build');
    expect(mail.text_body).toMatch(/The date moved after you booked, so you can choose until .+: keep your seat, or cancel for a full refund\./);
    const token = linkIn(mail.text_body!, 'Keep my seat');
    expect(token).toBeTruthy();
    expect(mail.text_body).toContain(`Cancel for a full refund: ${h.server.deps.config.publicBaseUrl}/booking/${token}?choice=cancel`);
    expect(mail.html_body).toContain('Cancel for a full refund</a>');
    // The old link stops working; the new one shows the choice.
    expect((await h.api('GET', `/api/booking/${b.token}`)).status).toBe(404);
    const view = await h.api('GET', `/api/booking/${token}`);
    expect(view.body.cancellation).toEqual({ band: 'rescheduled', refund_cents: 9900, fee_cents: 0 });
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: {} })).body).toEqual({ confirmed: false, refund_cents: 9900 });
    const done = await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } });
    expect(done.body).toEqual({ confirmed: true, refund_cents: 9900 });
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9900, refunds: 1 });
  });

  it('gives no choice for a booking made after the move, nor within 48 hours of the new start: the policy applies', async () => {
    const w = await createWorkshop(h.db, { title: 'Moved Late Build', date: new Date(Date.now() + 20 * DAY) });
    const early = await bookByCard(h, w.id, 'moved-early');
    expect((await moveTo(w.id, new Date(Date.now() + 14 * DAY))).status).toBe(200);
    const later = await bookByCard(h, w.id, 'moved-later');
    expect((await h.api('GET', `/api/booking/${later.token}`)).body.cancellation.band).toBe('full_minus_fee');
    expect((await h.api('POST', `/api/booking/${later.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 9603 });

    // Moved again, now to a day away: too late to choose, so no links either (the link stays as it was).
    const mail = await updated(early.email, 'Moved Late Build');
    const token = linkIn(mail.text_body!, 'Keep my seat')!;
    expect((await moveTo(w.id, new Date(Date.now() + DAY))).status).toBe(200);
    const second = await waitFor(async () => (await sandboxEmails(h.server, early.email)).filter((m) => m.subject === 'Updated: Moved Late Build')[1], 20_000);
    expect(second.text_body).not.toContain('Keep my seat');
    const view = await h.api('GET', `/api/booking/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.cancellation.band).toBe('none');
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 0 });
    await refundsSettled(h);
    expect(await refundedAtProvider(h, early)).toEqual({ cents: 0, refunds: 0 });
  });

  it('gives no choice to a booking an admin moved into the workshop after its date changed, and counts goodwill in the preview as the cancel does', async () => {
    const from = await createWorkshop(h.db, { title: 'Moved From Build', date: new Date(Date.now() + 5 * DAY) });
    const into = await createWorkshop(h.db, { title: 'Moved Into Build', date: new Date(Date.now() + 30 * DAY) });
    expect((await moveTo(into.id, new Date(Date.now() + 6 * DAY))).status).toBe(200);
    const b = await bookByCard(h, from.id, 'moved-in-later');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: h.token, body: { workshop_id: into.id } })).status).toBe(200);
    const view = await h.api('GET', `/api/booking/${b.token}`);
    expect(view.body.cancellation).toMatchObject({ band: 'half', refund_cents: 4950 });

    // A booking that had the choice and a goodwill refund: the preview says what the confirm gives.
    const w = await createWorkshop(h.db, { title: 'Moved Goodwill Build', date: new Date(Date.now() + 20 * DAY) });
    const g = await bookByCard(h, w.id, 'moved-goodwill');
    const greg = await h.db('workshop_registrations').where({ email: g.email }).first();
    expect((await h.api('POST', `/api/admin/registrations/${greg.id}/refund`, { token: h.token, body: { amount_cents: 2000, reason: 'Sorry', keep_booking: true } })).status).toBe(200);
    expect((await moveTo(w.id, new Date(Date.now() + 14 * DAY))).status).toBe(200);
    const token = linkIn((await updated(g.email, 'Moved Goodwill Build')).text_body!, 'Keep my seat')!;
    expect((await h.api('GET', `/api/booking/${token}`)).body.cancellation).toEqual({ band: 'rescheduled', refund_cents: 7900, fee_cents: 0 });
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: {} })).body).toEqual({ confirmed: false, refund_cents: 7900 });
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 7900 });
    await refundsSettled(h);
    expect(await refundedAtProvider(h, g)).toEqual({ cents: 9900, refunds: 2 });
  });

  it('gives each attendee of a team their own choice on their own fresh link; a seat cancelled gets its whole price back', async () => {
    const w = await createWorkshop(h.db, { title: 'Moved Team Build', date: new Date(Date.now() + 20 * DAY) });
    const team = [
      { name: 'Tina Lead', email: 'tina.lead@example.com' },
      { name: 'Omar Mate', email: 'omar.moved@example.com' },
    ];
    const b = await bookByCard(h, w.id, 'moved-team', { seats: 2, attendees: team });
    await waitFor(async () => (await sandboxEmails(h.server, 'omar.moved@example.com')).length > 0, 20_000);
    expect((await moveTo(w.id, new Date(Date.now() + 10 * DAY))).status).toBe(200);
    const mail = await updated('omar.moved@example.com', 'Moved Team Build');
    const token = linkIn(mail.text_body!, 'Keep my seat')!;
    expect((await h.api('GET', `/api/booking/${token}`)).body).toMatchObject({ role: 'attendee', cancellation: { band: 'rescheduled', refund_cents: 9900 } });
    expect((await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 9900 });
    await refundsSettled(h);
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 9900, refunds: 1 });
    expect(await h.db('workshop_registrations').where({ email: b.email }).first()).toMatchObject({ status: 'completed', seats: 1 });
  });
});
