import { describe, expect, it } from 'vitest';
import { bookByCard } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { type ApiResponse, useTestServer } from '../support/test-server';

/**
 * A resend (the admin's, the buyer's, a seat's) racing a cancel of the same booking: whether it is
 * still completed is asked under the booking's lock, so a cancel that commits first is never
 * followed by "You're registered", a fresh link and an invite that puts the event back in the
 * buyer's calendar. Found by a fresh-eyes review.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Answer = ApiResponse;

/** Holds the booking's row as any decision about it does, starts `first` then `second`, lets go: `first` takes the lock before `second`. */
async function behindTheLock(registrationId: string, first: () => Promise<Answer>, second: () => Promise<Answer>) {
  const trx = await h.db.transaction();
  await trx('workshop_registrations').where({ id: registrationId }).forUpdate().first('id');
  const a = first();
  await sleep(400);
  const b = second();
  await sleep(400);
  await trx.commit();
  return Promise.all([a, b]);
}
const kinds = async (registrationId: string) => (await h.db('email_messages').where({ registration_id: registrationId }).orderBy('created_at').select('kind')).map((m) => m.kind as string);

describe('a resend racing a cancel', () => {
  it("the admin's: the buyer's cancel commits first, the resend is refused and nothing is sent", async () => {
    const w = await createWorkshop(h.db, { title: 'Resend Race Build', date: new Date(Date.now() + 20 * DAY) });
    const b = await bookByCard(h, w.id, 'resend-race');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id', 'booking_token_hash');
    const [cancel, resend] = await behindTheLock(
      reg.id,
      () => h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } }),
      () => h.api('POST', `/api/admin/registrations/${reg.id}/resend`, { token: h.token }),
    );
    expect(cancel.status, cancel.text).toBe(200);
    expect([resend.status, resend.body.error.message]).toEqual([409, 'Only a completed booking has a confirmation to resend.']);
    expect(await kinds(reg.id)).not.toContain('confirmation_resend');
    expect((await h.db('workshop_registrations').where({ id: reg.id }).first('booking_token_hash')).booking_token_hash).toBe(reg.booking_token_hash);
    await waitFor(async () => (await sandboxEmails(h.server, b.email)).length >= 2);
    expect((await sandboxEmails(h.server, b.email)).filter((m) => m.subject.startsWith("You're registered"))).toHaveLength(1);
  });

  it("the buyer's own: an admin's cancel commits first, the resend finds no booking", async () => {
    const w = await createWorkshop(h.db, { title: 'Buyer Resend Race Build', date: new Date(Date.now() + 20 * DAY) });
    const b = await bookByCard(h, w.id, 'buyer-resend-race');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    // The confirmation went already (one still queued would make the resend a no-op anyway).
    await waitFor(async () => !(await h.db('email_messages').where({ registration_id: reg.id, status: 'queued' }).first('id')));
    const [cancel, resend] = await behindTheLock(
      reg.id,
      () => h.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: h.token }),
      () => h.api('POST', `/api/booking/${b.token}/resend`),
    );
    expect(cancel.status, cancel.text).toBe(200);
    expect(resend.status).toBe(404);
    expect(await kinds(reg.id)).not.toContain('confirmation_resend');
  });

  it("the buyer's own: an admin's address correction commits first, the old link's resend sends nothing", async () => {
    const w = await createWorkshop(h.db, { title: 'Buyer Resend Correction Race', date: new Date(Date.now() + 20 * DAY) });
    const b = await bookByCard(h, w.id, 'buyer-resend-corrected');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    await waitFor(async () => !(await h.db('email_messages').where({ registration_id: reg.id, status: 'queued' }).first('id')));
    const [fixed, resend] = await behindTheLock(
      reg.id,
      () => h.api('PATCH', `/api/admin/registrations/${reg.id}`, { token: h.token, body: { email: 'resend.corrected@example.com' } }),
      () => h.api('POST', `/api/booking/${b.token}/resend`),
    );
    expect(fixed.status, fixed.text).toBe(200);
    expect(resend.status).toBe(404);
    // The correction sent the new address its own link; the old link sent nothing after it.
    const resent = await h.db('email_messages').where({ registration_id: reg.id, kind: 'confirmation_resend' }).select('data');
    for (const m of resent) expect(JSON.stringify(m.data)).not.toContain(b.token);
  });

  it("a seat's: the booking's cancel commits first, its attendee gets no confirmation after it", async () => {
    const w = await createWorkshop(h.db, { title: 'Seat Resend Race Build', date: new Date(Date.now() + 20 * DAY) });
    const b = await bookByCard(h, w.id, 'seat-resend-race', { seats: 2, attendees: [{ name: 'Lead', email: 'buyerseat-resend-race@example.com' }, { name: 'Mate', email: 'seat.race.mate@example.com' }] });
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    const mate = await h.db('attendees').where({ registration_id: reg.id, position: 2 }).first('id');
    const confirmations = () => h.db('email_messages').where({ attendee_id: mate.id, kind: 'attendee_confirmation' }).count('* as n').first();
    const before = await confirmations();
    const [cancel, resend] = await behindTheLock(
      reg.id,
      () => h.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: h.token }),
      () => h.api('POST', `/api/admin/registrations/${reg.id}/seats/${mate.id}/resend`, { token: h.token }),
    );
    expect(cancel.status, cancel.text).toBe(200);
    expect([404, 409]).toContain(resend.status);
    expect(await confirmations()).toEqual(before);
  });
});
