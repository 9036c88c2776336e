import { EMAIL_CORRECTION_MESSAGES, attentionListSchema, type AttentionItem } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { SANDBOX_BOUNCE_REASON } from '../../src/sandbox/sendgrid.events';
import { bookByCard } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * An email carrying someone's way in that bounced is an alert (issue 26, point 2): the booking is
 * in Needs Attention until its address is corrected (or it is sent again and arrives), and the
 * correction sends the confirmation on a new link, kept in the activity log.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;
const linkIn = (text: string | null | undefined) => text?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1];
const mailsTo = async (email: string, subject: string) => (await sandboxEmails(h.server, email)).filter((m) => m.subject.startsWith(subject));
const bounce = async (email: string) => expect((await h.api('POST', '/sandbox/sendgrid/bounce', { body: { email } })).status).toBe(204);
const correct = (id: string, body: Record<string, unknown>) => h.api('POST', `/api/admin/registrations/${id}/correct-email`, { token: h.token, body });
const CORRECTION = 'POST /api/admin/registrations/:id/correct-email';

async function bounceItems(registrationId: string): Promise<AttentionItem[]> {
  const res = await h.api('GET', '/api/admin/attention', { token: h.token });
  expect(res.status).toBe(200);
  return attentionListSchema.parse(res.body).items.filter((i) => i.kind === 'email_bounced' && i.registration?.id === registrationId);
}
const itemOf = (registrationId: string) => waitFor(async () => (await bounceItems(registrationId))[0], 20_000);

/** Something holds the first workshop a moment (any checkout in it does) while the booking is moved out of it and `meanwhile` runs. */
async function whileMovedOut(fromId: string, toId: string, registrationId: string, meanwhile: () => Promise<unknown>) {
  const trx = await h.db.transaction();
  await trx('workshops').where({ id: fromId }).forNoKeyUpdate().first('id');
  const move = h.api('POST', `/api/admin/registrations/${registrationId}/move`, { token: h.token, body: { workshop_id: toId } });
  await new Promise((r) => setTimeout(r, 400));
  const other = meanwhile();
  await new Promise((r) => setTimeout(r, 400));
  await trx.commit();
  await Promise.all([move, other]);
}

const activeSeatsOf = (workshopId: string, email: string) =>
  h.db('attendees as a')
    .join('workshop_registrations as r', 'r.id', 'a.registration_id')
    .where({ 'a.workshop_id': workshopId, 'a.status': 'active', 'r.status': 'completed' })
    .whereRaw('lower(a.email) = ?', [email.toLowerCase()]);

async function bookedWhileBouncing(title: string, name: string, extra: Record<string, unknown> = {}) {
  const w = await createWorkshop(h.db, { title, max_participants: 10, date: new Date(Date.now() + 10 * DAY) });
  await bounce(`buyer${name}@example.com`);
  const b = await bookByCard(h, w.id, name, extra);
  const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
  return { w, b, id: reg.id as string };
}

describe('an access email that bounced', () => {
  it('puts the booking in Needs Attention; a corrected address gets the confirmation on a new link, logged, and the item goes', async () => {
    const { b, id } = await bookedWhileBouncing('Bounce Fix Build', 'bounce-fix');
    const item = await itemOf(id);
    expect(item.explanation).toBe(`Email to ${b.email} bounced: ${SANDBOX_BOUNCE_REASON}. The confirmation with the booking link did not reach them: correct the address, or send it again once their mailbox takes mail.`);
    expect(item.email).toMatchObject({ kind: 'confirmation', to_email: b.email, seat_id: null, reason: `Bounced by the receiving server: ${SANDBOX_BOUNCE_REASON}` });
    expect(item.retry).toBeNull();

    // A bad address is refused and changes nothing.
    const emailsBefore = await h.db('email_messages').where({ registration_id: id }).count('* as n').first();
    const refused = await correct(id, { email: 'not-an-address', email_message_id: item.email!.id });
    expect([refused.status, refused.body.error.message]).toEqual([422, 'Invalid email address']);
    expect(await h.db('email_messages').where({ registration_id: id }).count('* as n').first()).toEqual(emailsBefore);
    expect((await h.api('GET', `/api/booking/${b.token}`)).status).toBe(200);
    expect(await bounceItems(id)).toHaveLength(1);

    const res = await correct(id, { email: 'bounce.fixed@example.com', email_message_id: item.email!.id });
    expect(res.status, res.text).toBe(200);
    expect(res.body.registration.email).toBe('bounce.fixed@example.com');
    expect(await bounceItems(id)).toEqual([]);
    expect((await h.api('GET', `/api/booking/${b.token}`)).status).toBe(404);
    const mail = await waitFor(async () => (await mailsTo('bounce.fixed@example.com', "You're registered"))[0], 20_000);
    expect((await h.api('GET', `/api/booking/${linkIn(mail.text_body)}`)).body).toMatchObject({ email: 'bounce.fixed@example.com', status: 'completed' });
    const logged = await waitFor(() => h.db('admin_activity').where({ action: CORRECTION, target_id: id, status: 200 }).first());
    expect(logged.before).toMatchObject({ email: b.email });
    expect(logged.after.row).toMatchObject({ email: 'bounce.fixed@example.com' });
    // It arrived: nothing comes back.
    await waitFor(() => h.db('email_messages').where({ registration_id: id, to_email: 'bounce.fixed@example.com', delivery: 'delivered' }).first(), 20_000);
    expect(await bounceItems(id)).toEqual([]);
  });

  it('sent again to the same address goes out on a new link; bouncing again brings the item back', async () => {
    const { b, id } = await bookedWhileBouncing('Bounce Same Build', 'bounce-same');
    const first = await itemOf(id);
    const res = await correct(id, { email: b.email.toUpperCase(), email_message_id: first.email!.id });
    expect(res.status, res.text).toBe(200);
    expect(await bounceItems(id)).toEqual([]);
    expect((await h.api('GET', `/api/booking/${b.token}`)).status).toBe(404);
    const again = await itemOf(id);
    expect(again.email?.kind).toBe('confirmation_resend');
    expect(again.email?.id).not.toBe(first.email?.id);
    expect(again.explanation).toContain(`Email to ${b.email} bounced`);
    expect(await h.db('admin_activity').where({ action: CORRECTION, target_id: id })).toHaveLength(1);
  });

  it("of an attendee's seat: the seat's address is corrected and the attendee gets their confirmation there; the buyer's address is refused for it", async () => {
    const w = await createWorkshop(h.db, { title: 'Bounce Seat Build', max_participants: 10, date: new Date(Date.now() + 10 * DAY) });
    await bounce('mate.typo@example.com');
    const b = await bookByCard(h, w.id, 'bounce-team', { seats: 2, attendees: [{ name: 'Lead', email: 'buyerbounce-team@example.com' }, { name: 'Mate', email: 'mate.typo@example.com' }] });
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    const [, mate] = await h.db('attendees').where({ registration_id: reg.id }).orderBy('position').select('id', 'email');
    const item = await itemOf(reg.id);
    expect(item.email).toMatchObject({ kind: 'attendee_confirmation', to_email: 'mate.typo@example.com', seat_id: mate.id });
    expect(item.explanation).toContain("The attendee's confirmation with their link did not reach them");

    // The seat's address cannot become the buyer's (the buyer's seat is corrected as the booking's).
    const refused = await correct(reg.id, { email: b.email, email_message_id: item.email!.id });
    expect([refused.status, refused.body.error.message]).toEqual([409, EMAIL_CORRECTION_MESSAGES.buyersSeat]);
    const res = await correct(reg.id, { email: 'mate.fixed@example.com', email_message_id: item.email!.id });
    expect(res.status, res.text).toBe(200);
    expect(await h.db('attendees').where({ registration_id: reg.id }).orderBy('position').pluck('email')).toEqual([b.email, 'mate.fixed@example.com']);
    expect(await bounceItems(reg.id)).toEqual([]);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, 'mate.fixed@example.com'))[0], 20_000);
    expect((await h.api('GET', `/api/booking/${linkIn(mail.text_body)}`)).status).toBe(200);
    // The buyer heard nothing of it: the same person, a corrected address.
    expect((await sandboxEmails(h.server, b.email)).filter((m) => /passed on|transferred/i.test(m.subject))).toEqual([]);
  });

  it('is no longer an item once the booking is cancelled, and a cancelled booking cannot be corrected', async () => {
    const { id } = await bookedWhileBouncing('Bounce Cancel Build', 'bounce-cancel');
    const item = await itemOf(id);
    expect((await h.api('POST', `/api/admin/registrations/${id}/cancel`, { token: h.token, body: {} })).status).toBe(200);
    expect(await bounceItems(id)).toEqual([]);
    const res = await correct(id, { email: 'buyerbounce-cancel@example.com', email_message_id: item.email!.id });
    expect([res.status, res.body.error.message]).toEqual([409, EMAIL_CORRECTION_MESSAGES.notActive]);
    const unknown = await correct('00000000-0000-4000-8000-000000000000', { email: 'x@example.com', email_message_id: item.email!.id });
    expect([unknown.status, unknown.body.error.message]).toEqual([404, EMAIL_CORRECTION_MESSAGES.noSuchEmail]);
    expect((await correct(id, { email: 'x@example.com' })).status).toBe(422);
  });
});

describe('a correction decided on what the admin saw', () => {
  it('is refused once the booking was transferred meanwhile: the new holder keeps it and their link', async () => {
    const { b, id } = await bookedWhileBouncing('Stale Transfer Build', 'stale-transfer');
    const item = await itemOf(id);
    const t = await h.api('POST', `/api/booking/${b.token}/transfer`, { body: { name: 'Taker', email: 'taker@example.com', phone: '9876543210' } });
    expect(t.status, t.text).toBe(204);
    const takerMail = await waitFor(async () => (await sandboxEmails(h.server, 'taker@example.com')).find((m) => linkIn(m.text_body)), 20_000);
    const takerToken = linkIn(takerMail.text_body)!;
    for (const email of [b.email, 'stale.fixed@example.com']) {
      const res = await correct(id, { email, email_message_id: item.email!.id });
      expect([res.status, res.body.error.message]).toEqual([409, EMAIL_CORRECTION_MESSAGES.changed]);
    }
    expect(await h.db('workshop_registrations').where({ id }).first('email', 'name')).toEqual({ email: 'taker@example.com', name: 'Taker' });
    expect((await h.api('GET', `/api/booking/${takerToken}`)).status).toBe(200);
  });

  it("is refused for a seat the buyer gave to someone else meanwhile: that attendee keeps it and their link", async () => {
    const w = await createWorkshop(h.db, { title: 'Stale Seat Build', max_participants: 10, date: new Date(Date.now() + 10 * DAY) });
    await bounce('mate2.typo@example.com');
    const b = await bookByCard(h, w.id, 'stale-seat', { seats: 2, attendees: [{ name: 'Lead', email: 'buyerstale-seat@example.com' }, { name: 'Mate', email: 'mate2.typo@example.com' }] });
    const { id } = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    const item = await itemOf(id);
    const seatId = item.email!.seat_id!;
    expect((await h.api('PATCH', `/api/booking/${b.token}/seats/${seatId}`, { body: { name: 'Other Person', email: 'other.person@example.com' } })).status).toBe(200);
    const otherMail = await waitFor(async () => (await sandboxEmails(h.server, 'other.person@example.com')).find((m) => linkIn(m.text_body)), 20_000);
    const res = await correct(id, { email: 'mate2.fixed@example.com', email_message_id: item.email!.id });
    expect([res.status, res.body.error.message]).toEqual([409, EMAIL_CORRECTION_MESSAGES.changed]);
    expect(await h.db('attendees').where({ id: seatId }).first('name', 'email')).toEqual({ name: 'Other Person', email: 'other.person@example.com' });
    expect((await h.api('GET', `/api/booking/${linkIn(otherMail.text_body)}`)).status).toBe(200);
  });

  it('of a seat, racing a move of its booking into a workshop where that address has a seat, never seats one person twice', async () => {
    const w1 = await createWorkshop(h.db, { title: 'Race From Build', max_participants: 10, date: new Date(Date.now() + 10 * DAY) });
    const w2 = await createWorkshop(h.db, { title: 'Race To Build', max_participants: 10, date: new Date(Date.now() + 12 * DAY) });
    const x = await bookByCard(h, w2.id, 'race-x');
    const team = await bookByCard(h, w1.id, 'race-team', { seats: 2, attendees: [{ name: 'Lead', email: 'buyerrace-team@example.com' }, { name: 'Mate', email: 'race.mate@example.com' }] });
    const { id } = await h.db('workshop_registrations').where({ email: team.email }).first('id');
    const mateMail = await waitFor<{ id: string }>(() => h.db('email_messages').where({ registration_id: id, to_email: 'race.mate@example.com' }).whereNotNull('attendee_id').first('id'));
    // A second admin corrects the seat to X's address while the booking moves to where X sits.
    await whileMovedOut(w1.id, w2.id, id, () => correct(id, { email: x.email, email_message_id: mateMail.id }));
    expect(await activeSeatsOf(w2.id, x.email)).toHaveLength(1);
  });

  it("the buyer's own rename of a seat, racing the same move, never seats one person twice either", async () => {
    const w1 = await createWorkshop(h.db, { title: 'Rename Race From Build', max_participants: 10, date: new Date(Date.now() + 10 * DAY) });
    const w2 = await createWorkshop(h.db, { title: 'Rename Race To Build', max_participants: 10, date: new Date(Date.now() + 12 * DAY) });
    const y = await bookByCard(h, w2.id, 'rename-race-y');
    const team = await bookByCard(h, w1.id, 'rename-race', { seats: 2, attendees: [{ name: 'Lead', email: 'buyerrename-race@example.com' }, { name: 'Mate', email: 'rename.mate@example.com' }] });
    const { id } = await h.db('workshop_registrations').where({ email: team.email }).first('id');
    const mate = await h.db('attendees').where({ registration_id: id, position: 2 }).first('id');
    await whileMovedOut(w1.id, w2.id, id, () => h.api('PATCH', `/api/booking/${team.token}/seats/${mate.id}`, { body: { name: 'Y Again', email: y.email } }));
    expect(await activeSeatsOf(w2.id, y.email)).toHaveLength(1);
  });

  it('of a seat moved to another booking since, is no longer an item of the booking it left', async () => {
    const w = await createWorkshop(h.db, { title: 'Seat Move From Build', max_participants: 10, date: new Date(Date.now() + 10 * DAY) });
    const w2 = await createWorkshop(h.db, { title: 'Seat Move To Build', max_participants: 10, date: new Date(Date.now() + 12 * DAY) });
    await bounce('mover@example.com');
    const b = await bookByCard(h, w.id, 'seat-mover', { seats: 2, attendees: [{ name: 'Lead', email: 'buyerseat-mover@example.com' }, { name: 'Mover', email: 'mover@example.com' }] });
    const { id } = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    const item = await itemOf(id);
    const mv = await h.api('POST', `/api/admin/registrations/${id}/seats/${item.email!.seat_id}/move`, { token: h.token, body: { workshop_id: w2.id } });
    expect(mv.status, mv.text).toBe(200);
    expect(await bounceItems(id)).toEqual([]);
  });
});

describe('resending a confirmation', () => {
  it('pressed twice at once, sends a link that opens the booking', async () => {
    const w = await createWorkshop(h.db, { title: 'Double Resend Build', max_participants: 10, date: new Date(Date.now() + 10 * DAY) });
    const b = await bookByCard(h, w.id, 'double-resend');
    const { id } = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    const presses = await Promise.all([1, 2].map(() => h.api('POST', `/api/admin/registrations/${id}/resend`, { token: h.token, body: {} })));
    expect(presses.map((p) => p.status)).toEqual([200, 200]);
    await waitFor(async () => !(await h.db('email_messages').where({ registration_id: id, kind: 'confirmation_resend', status: 'queued' }).first()) || undefined, 20_000);
    const resent = await waitFor(async () => {
      const mails = await mailsTo(b.email, "You're registered");
      return mails.length >= 2 ? mails : undefined;
    }, 20_000);
    const newest = resent[resent.length - 1];
    expect((await h.api('GET', `/api/booking/${linkIn(newest.text_body)}`)).status).toBe(200);
  });
});
