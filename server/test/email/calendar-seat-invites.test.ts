import { describe, expect, it } from 'vitest';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { HOUR_MS, inviteOf } from '../support/ics';
import { useTestServer } from '../support/test-server';

/**
 * A team order's calendar events: the buyer's is the order's, each named attendee's is their
 * seat's. Each keeps one UID and a growing SEQUENCE through a date change, a transfer of the seat
 * to someone else (the one it was taken from gets its CANCEL) and cancellations.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;
const linkIn = (text: string | null) => text?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1] as string;
const mailTo = (email: string, subject: string, nth = 1) =>
  waitFor(async () => (await sandboxEmails(h.server, email)).filter((m) => m.subject.startsWith(subject))[nth - 1], 20_000);

async function bookTeam(tag: string) {
  const w = await createWorkshop(h.db, { title: `Team Build ${tag}`, date: new Date(Date.now() + 10 * DAY), duration_hours: 4, max_participants: 10 });
  const who = buyer(tag);
  const ann = { name: `Ann ${tag}`, email: `ann-${tag}@example.com` };
  const bo = { name: `Bo ${tag}`, email: `bo-${tag}@example.com` };
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who, seats: 2, attendees: [ann, bo] } });
  expect(co.status, co.text).toBe(201);
  const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
  const order = await h.db('workshop_registrations').where({ email: who.email }).first();
  const seats = await h.db('attendees').where({ registration_id: order.id }).orderBy('position');
  return { w, who, ann, bo, order, seats, buyerLink: linkIn((await mailTo(who.email, "You're registered")).text_body) };
}

describe('an attendee’s own calendar event', () => {
  it('is their seat’s: confirmation, update, transfer to someone else and cancellations, one UID and a growing SEQUENCE each', async () => {
    const t = await bookTeam('cal-team');
    const orderUid = `${t.order.id}@nocode-workshop`;
    const [annSeat, boSeat] = t.seats;

    // Each attendee's confirmation is their seat's event, addressed to them; the buyer's is the order's.
    const annConfirmed = await mailTo(t.ann.email, "You're registered");
    const annInvite = inviteOf(annConfirmed);
    expect(annInvite).toMatchObject({ method: 'REQUEST', status: 'CONFIRMED', uid: `${annSeat.id}@nocode-workshop`, sequence: 0, attendee: { cn: t.ann.name, email: t.ann.email } });
    expect(annInvite.end.getTime() - annInvite.start.getTime()).toBe(4 * HOUR_MS);
    expect(inviteOf(await mailTo(t.who.email, "You're registered")).uid).toBe(orderUid);
    expect(inviteOf(await mailTo(t.bo.email, "You're registered"))).toMatchObject({ uid: `${boSeat.id}@nocode-workshop`, sequence: 0 });
    // Her booking page offers that same event, not the order's.
    const annLink = linkIn(annConfirmed.text_body);
    expect((await h.api('GET', `/api/booking/${annLink}`)).body.calendar).toEqual({ uid: annInvite.uid, sequence: 0 });
    expect((await h.api('GET', `/api/booking/${t.buyerLink}`)).body.calendar).toEqual({ uid: orderUid, sequence: 0 });

    // A date change reaches the buyer and each attendee, each on their own event.
    const later = new Date(Math.floor((Date.now() + 12 * DAY) / 60_000) * 60_000);
    expect((await h.api('PATCH', `/api/admin/workshops/${t.w.id}`, { token: h.token, body: { date: later.toISOString() } })).status).toBe(200);
    const annUpdatedMail = await mailTo(t.ann.email, `Updated: ${t.w.title}`);
    const annUpdated = inviteOf(annUpdatedMail);
    const annFresh = linkIn(annUpdatedMail.text_body);
    expect(annUpdated).toMatchObject({ method: 'REQUEST', uid: annInvite.uid, sequence: 1 });
    expect(annUpdated.start.getTime()).toBe(later.getTime());
    expect(inviteOf(await mailTo(t.bo.email, `Updated: ${t.w.title}`))).toMatchObject({ uid: `${boSeat.id}@nocode-workshop`, sequence: 1 });
    const whoUpdated = await mailTo(t.who.email, `Updated: ${t.w.title}`);
    expect(inviteOf(whoUpdated)).toMatchObject({ uid: orderUid, sequence: 1 });
    // The new date's choice came on a fresh link (the old one stopped working).
    const buyerLink = linkIn(whoUpdated.text_body);
    expect((await h.api('GET', `/api/booking/${t.buyerLink}`)).status).toBe(404);

    // Bo's seat given to Cy: Bo's calendar drops it, Cy's gets the seat's event at a higher SEQUENCE.
    const cy = { name: 'Cy cal-team', email: 'cy-cal-team@example.com' };
    const renamed = await h.api('PATCH', `/api/booking/${buyerLink}/seats/${boSeat.id}`, { body: cy });
    expect(renamed.status, renamed.text).toBe(200);
    const boGone = await mailTo(t.bo.email, 'Seat transferred');
    expect(boGone.text_body).toContain(`${t.who.name} gave your seat`);
    const boCancel = inviteOf(boGone);
    expect(boCancel).toMatchObject({ type: 'text/calendar; method=CANCEL', method: 'CANCEL', status: 'CANCELLED', uid: `${boSeat.id}@nocode-workshop`, sequence: 2, attendee: { email: t.bo.email } });
    const cyInvite = inviteOf(await mailTo(cy.email, "You're registered"));
    expect(cyInvite).toMatchObject({ method: 'REQUEST', uid: boCancel.uid, sequence: 3, attendee: { cn: cy.name, email: cy.email } });
    // Renaming Cy (a typo) is no transfer: no cancel, just the seat's next invite.
    const fixed = await h.api('PATCH', `/api/booking/${buyerLink}/seats/${boSeat.id}`, { body: { ...cy, name: 'Cyrus cal-team' } });
    expect(fixed.status, fixed.text).toBe(200);
    expect(inviteOf(await mailTo(cy.email, "You're registered", 2))).toMatchObject({ method: 'REQUEST', uid: boCancel.uid, sequence: 4 });
    expect((await sandboxEmails(h.server, cy.email)).filter((m) => m.subject.startsWith('Seat'))).toHaveLength(0);

    // Ann cancels her own seat: her event is cancelled; the order goes on, the buyer's event stays.
    expect((await h.api('POST', `/api/booking/${annFresh}/cancel`, { body: { confirm: true } })).status).toBe(200);
    const annCancel = inviteOf(await mailTo(t.ann.email, 'Seat cancelled'));
    expect(annCancel).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: annInvite.uid, sequence: 2 });
    const seatsMail = await mailTo(t.who.email, 'Seats cancelled');
    expect(seatsMail.attachments).toHaveLength(0);

    // An admin ends the booking: the buyer's event and Cy's are cancelled; Ann's is not cancelled twice.
    expect((await h.api('POST', `/api/admin/registrations/${t.order.id}/cancel`, { token: h.token })).status).toBe(200);
    expect(inviteOf(await mailTo(t.who.email, 'Booking cancelled'))).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: orderUid, sequence: 2 });
    expect(inviteOf(await mailTo(cy.email, 'Seat cancelled'))).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: boCancel.uid, sequence: 5 });
    await new Promise((r) => setTimeout(r, 500));
    expect((await sandboxEmails(h.server, t.ann.email)).filter((m) => m.subject.startsWith('Seat cancelled'))).toHaveLength(1);
    expect(await h.db('attendees').where({ id: annSeat.id }).first('calendar_sequence')).toEqual({ calendar_sequence: 3 });
  });
});
