import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, payInRazorpaySandbox, payWithPaypal, sandboxEmails, waitFor } from '../payments/payments-helpers';

const h = useTestServer({ admin: true });
const DAY = 86_400_000;

/** Buys a seat by card and answers the booking token from the confirmation email the buyer received. */
async function bookAndOpenEmail(workshopId: string, who: ReturnType<typeof buyer>) {
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: workshopId, ...who } });
  const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
  const [mail] = await waitFor(async () => {
    const m = await sandboxEmails(h.server, who.email);
    return m.length ? m : undefined;
  });
  const token = mail.text_body?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1];
  expect(token, mail.text_body ?? '').toBeTruthy();
  return { token: token as string, paymentId: paid.body.razorpay_payment_id as string };
}

const reg = (email: string) => h.db('workshop_registrations').where({ email }).first();

describe('the manage-your-booking link', () => {
  it('is emailed with the confirmation, stored only as a hash, and shows the booking without the join details until they are due', async () => {
    const w = await createWorkshop(h.db, { title: 'Link Workshop', join_url: 'https://meet.example.com/secret-room', join_passcode: '4242' });
    const who = buyer('link');
    const { token } = await bookAndOpenEmail(w.id, who);
    const row = await reg(who.email);
    expect(row.booking_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    await waitFor(async () => (await h.db('email_messages').where({ registration_id: row.id, kind: 'confirmation', status: 'sent' })).length === 1);
    expect((await h.db('email_messages').where({ registration_id: row.id, kind: 'confirmation' }).first()).data.bookingUrl).toBeUndefined();

    const view = await h.api('GET', `/api/booking/${token}`);
    expect(view.status).toBe(200);
    expect(view.headers.get('cache-control')).toBe('no-store');
    expect(view.body).toMatchObject({ name: who.name, access_id: row.access_id, status: 'completed', amount_cents: 9900, workshop: { title: 'Link Workshop', time_zone: 'America/New_York' }, join: null });
    expect(view.body.cancellation).toEqual({ band: 'full_minus_fee', refund_cents: 9603, fee_cents: 297 });
    // Nobody else sees where the workshop happens.
    const publicList = await h.api('GET', '/api/workshops');
    expect(publicList.text).not.toContain('secret-room');
    expect((await h.api('GET', `/api/bookings/${row.access_id}`)).text).not.toContain('secret-room');
    expect((await h.api('GET', `/api/booking/${'x'.repeat(43)}`)).status).toBe(404);

    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() + 10 * 3_600_000) });
    // The seat's tracked join link, which leads into the meeting when it is on; the meeting's address is never on the page.
    const seatToken = (await h.db('attendees').where({ registration_id: row.id, position: 1 }).first('join_token')).join_token;
    const due = await h.api('GET', `/api/booking/${token}`);
    expect(due.body.join).toEqual({ url: expect.stringMatching(new RegExp(`^https?://.+/join/${seatToken}$`)), passcode: '4242', materials_url: null });
    expect(due.text).not.toContain('secret-room');
  });

  it("gives the buyer each unnamed seat's own join link to hand out, once join details are due; never a named seat's or their own twice", async () => {
    const w = await createWorkshop(h.db, { title: 'Team Link Workshop', date: new Date(Date.now() + 2 * 3_600_000), join_url: 'https://meet.example.com/team-room' });
    const who = buyer('team-link');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who, seats: 3, attendees: [{ name: 'Named Mate', email: 'named.mate@example.com' }] } });
    expect(co.status, co.text).toBe(201);
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, who.email)).find((m) => m.subject.startsWith("You're registered")));
    const token = mail.text_body!.match(/\/booking\/([A-Za-z0-9_-]{43})/)![1];
    const row = await reg(who.email);
    const seats = await h.db('attendees').where({ registration_id: row.id }).orderBy('position').select('position', 'email', 'join_token');
    const view = (await h.api('GET', `/api/booking/${token}`)).body;
    // Seat 1 is the named mate; seats 2 and 3 nobody: the first of them is the buyer's own (the page's join link), the other theirs to hand out.
    expect(seats.map((s) => s.email)).toEqual(['named.mate@example.com', null, null]);
    expect(view.join.url).toMatch(new RegExp(`/join/${seats[1].join_token}$`));
    expect(view.seats.map((s: { position: number; join_url: string | null }) => [s.position, s.join_url])).toEqual([
      [1, null],
      [2, null],
      [3, expect.stringMatching(new RegExp(`/join/${seats[2].join_token}$`))],
    ]);
    // Before join details are due, no seat shows one.
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() + 5 * DAY) });
    expect((await h.api('GET', `/api/booking/${token}`)).body.seats.every((s: { join_url: string | null }) => s.join_url === null)).toBe(true);
  });

  it('cancels by the policy: previews the refund, then frees the seat and refunds that amount at the provider, once', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1, date: new Date(Date.now() + 14 * DAY), title: 'Cancel Workshop' });
    const who = buyer('cancel-full');
    const { token, paymentId } = await bookAndOpenEmail(w.id, who);
    const preview = await h.api('POST', `/api/booking/${token}/cancel`, { body: {} });
    expect(preview.body).toEqual({ confirmed: false, refund_cents: 9603 });
    expect((await reg(who.email)).status).toBe('completed');

    const done = await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } });
    expect(done.body).toEqual({ confirmed: true, refund_cents: 9603 });
    expect((await h.api('GET', '/api/workshops')).body.find((x: { id: string }) => x.id === w.id).seats_left).toBe(1);
    await waitFor(async () => (await reg(who.email)).status === 'refunded');
    expect(await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: paymentId }).select('amount')).toEqual([{ amount: 9603 }]);
    const again = await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } });
    expect(again.status).toBe(409);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, who.email)).find((m) => m.subject === 'Booking cancelled: Cancel Workshop'));
    expect(mail.text_body).toContain('$96.03 is being refunded');
  });

  it('gives half back 3 to 7 days before, and nothing under 3 days (the booking is cancelled without a refund)', async () => {
    const half = await createWorkshop(h.db, { date: new Date(Date.now() + 5 * DAY) });
    const a = await bookAndOpenEmail(half.id, buyer('cancel-half'));
    expect((await h.api('POST', `/api/booking/${a.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 4950 });
    await waitFor(async () => (await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: a.paymentId })).length === 1);

    const late = await createWorkshop(h.db, { date: new Date(Date.now() + 2 * DAY) });
    const who = buyer('cancel-late');
    const b = await bookAndOpenEmail(late.id, who);
    expect((await h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 0 });
    expect(await reg(who.email)).toMatchObject({ status: 'cancelled', status_reason: 'cancelled_by_buyer' });
    expect(await h.db('refunds').where({ payment_id: b.paymentId })).toHaveLength(0);
  });

  it('resends the confirmation with the same link', async () => {
    const w = await createWorkshop(h.db, { title: 'Resend Workshop' });
    const who = buyer('resend');
    const { token } = await bookAndOpenEmail(w.id, who);
    expect((await h.api('POST', `/api/booking/${token}/resend`)).body).toEqual({ queued: true });
    const mails = await waitFor(async () => {
      const m = await sandboxEmails(h.server, who.email);
      return m.length === 2 ? m : undefined;
    });
    expect(mails.every((m) => m.text_body?.includes(`/booking/${token}`))).toBe(true);
  });
});

describe('an admin on one registration', () => {
  it('sees its payment timeline, emails and the policy suggestion; refunds a chosen amount through the provider; an old link dies on resend', async () => {
    const w = await createWorkshop(h.db, { title: 'Admin Detail Workshop', date: new Date(Date.now() + 14 * DAY) });
    const who = buyer('admin-detail');
    await payWithPaypal(h.server, w.id, who);
    const row = await reg(who.email);
    await waitFor(async () => (await h.db('email_messages').where({ registration_id: row.id, status: 'sent' })).length === 1);
    const detail = await h.api('GET', `/api/admin/registrations/${row.id}`, { token: h.token });
    expect(detail.status).toBe(200);
    expect(detail.body.registration).toMatchObject({ id: row.id, status: 'completed', workshop_title: 'Admin Detail Workshop' });
    expect(detail.body.registration.booking_token_hash).toBeUndefined();
    expect(detail.body.payment_events.map((e: { event_type: string }) => e.event_type)).toContain('payment.verified');
    expect(detail.body.emails).toMatchObject([{ kind: 'confirmation', status: 'sent', to_email: who.email }]);
    expect(detail.body.policy_refund).toEqual({ band: 'full_minus_fee', refund_cents: 9603, fee_cents: 297 });
    expect((await h.api('GET', `/api/admin/registrations/${row.id}`)).status).toBe(401);

    const tooMuch = await h.api('POST', `/api/admin/registrations/${row.id}/refund`, { token: h.token, body: { amount_cents: 9901, reason: 'goodwill' } });
    expect(tooMuch.status).toBe(409);
    const refund = await h.api('POST', `/api/admin/registrations/${row.id}/refund`, { token: h.token, body: { amount_cents: 5000, reason: 'could not attend' } });
    expect(refund.body).toEqual({ refundCents: 5000 });
    await waitFor(async () => (await reg(who.email)).status === 'refunded');
    expect(await h.db('provider_sandbox.paypal_refunds').where({ capture_id: row.payment_id }).select('amount')).toEqual([{ amount: '50.00' }]);
  });

  it('cancels without a refund, and resending a completed booking gives a new link and kills the old one', async () => {
    const w = await createWorkshop(h.db);
    const keep = buyer('admin-resend');
    const { token } = await bookAndOpenEmail(w.id, keep);
    const row = await reg(keep.email);
    expect((await h.api('POST', `/api/admin/registrations/${row.id}/resend`, { token: h.token })).body).toEqual({ queued: true });
    expect((await h.api('GET', `/api/booking/${token}`)).status).toBe(404);
    const mails = await waitFor(async () => {
      const m = await sandboxEmails(h.server, keep.email);
      return m.length === 2 ? m : undefined;
    });
    const fresh = mails[1].text_body?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1];
    expect((await h.api('GET', `/api/booking/${fresh}`)).status).toBe(200);

    const gone = buyer('admin-cancel');
    await bookAndOpenEmail(w.id, gone);
    const g = await reg(gone.email);
    expect((await h.api('POST', `/api/admin/registrations/${g.id}/cancel`, { token: h.token })).body).toEqual({ refundCents: 0 });
    expect(await reg(gone.email)).toMatchObject({ status: 'cancelled', status_reason: 'cancelled_by_admin' });
    expect((await h.api('POST', `/api/admin/registrations/${g.id}/cancel`, { token: h.token })).status).toBe(409);
  });
});
