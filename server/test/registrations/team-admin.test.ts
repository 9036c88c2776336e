import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * Team bookings for an admin: the list carries each order's seats and attendees and finds an
 * order by any attendee; the CSV has a row per seat; Email All and messages reach every attendee;
 * one seat can be cancelled (with what of its price goes back) or sent a new link.
 */
const h = useTestServer({ admin: true });

async function teamOrder(tag: string) {
  const w = await createWorkshop(h.db, { title: `Team Admin ${tag}` });
  const attendees = [
    { name: `Pat Lead ${tag}`, email: `pat-${tag}@example.com` },
    { name: `Quinn Mate ${tag}`, email: `quinn-${tag}@example.com` },
  ];
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer(`admin-${tag}`), seats: 3, attendees } });
  const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
  const reg = await h.db('workshop_registrations').where({ workshop_id: w.id }).first();
  return { w, reg, attendees, paymentId: paid.body.razorpay_payment_id as string };
}

describe('the registrations list, search and CSV', () => {
  it('list an order with its seats, find it by an attendee, and export a row per seat', async () => {
    const t = await teamOrder('list');
    const found = await h.api('GET', `/api/admin/registrations?q=${encodeURIComponent('quinn mate list')}`, { token: h.token });
    expect(found.body.total).toBe(1);
    expect(found.body.items[0]).toMatchObject({ id: t.reg.id, seats: 3, seats_bought: 3 });
    expect(found.body.items[0].attendees.map((a: { position: number; name: string | null }) => [a.position, a.name])).toEqual([
      [1, 'Pat Lead list'],
      [2, 'Quinn Mate list'],
      [3, null],
    ]);
    const csv = await h.api('GET', `/api/admin/registrations/export.csv?workshop_id=${t.w.id}`, { token: h.token });
    const rows = Papa.parse<string[]>(csv.text.replace(/^\ufeff/, '').trim()).data;
    expect(rows[0]).toEqual(['Registration ID', 'Name', 'Email', 'Amount', 'Status', 'Payment ID', 'Registration Date', 'Promo Code', 'Discount', 'Order ID', 'Seats', 'Joined At']);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2], r[3], r[4], r[9], r[10]])).toEqual([
      [t.reg.access_id, 'Pat Lead list', 'pat-list@example.com', '99.00', 'Completed', t.reg.id, '3'],
      [t.reg.access_id, 'Quinn Mate list', 'quinn-list@example.com', '99.00', 'Completed', t.reg.id, '3'],
      [t.reg.access_id, '', '', '99.00', 'Completed', t.reg.id, '3'],
    ]);
    const emails = await h.api('GET', `/api/admin/registrations/emails?workshop_id=${t.w.id}`, { token: h.token });
    expect(emails.body.emails).toEqual(['buyeradmin-list@example.com', 'pat-list@example.com', 'quinn-list@example.com']);
  });
});

describe('messages to attendees', () => {
  it('reach the buyer and every attendee with a link of their own', async () => {
    const t = await teamOrder('message');
    const res = await h.api('POST', `/api/admin/workshops/${t.w.id}/messages`, { token: h.token, body: { subject: 'Bring a laptop', body: 'See you soon.' } });
    expect(res.status, res.text).toBe(201);
    expect(res.body.recipients.map((r: { to_email: string }) => r.to_email).sort()).toEqual(['buyeradmin-message@example.com', 'pat-message@example.com', 'quinn-message@example.com']);
    await waitFor(async () => (await sandboxEmails(h.server, 'quinn-message@example.com')).some((m) => m.subject.includes('Bring a laptop')));
  });
});

describe('one seat, for an admin', () => {
  it('is cancelled with what of its price goes back; the last seat ends the booking', async () => {
    const t = await teamOrder('seat-cancel');
    const seats = (await h.api('GET', `/api/admin/registrations/${t.reg.id}`, { token: h.token })).body.registration.attendees as { id: string }[];
    const one = await h.api('POST', `/api/admin/registrations/${t.reg.id}/seats/${seats[1].id}/cancel`, { token: h.token, body: { refund_cents: 9900 } });
    expect(one.status, one.text).toBe(200);
    expect(one.body.registration).toMatchObject({ status: 'completed', seats: 2 });
    expect(one.body.registration.attendees[1].status).toBe('cancelled');
    const more = await h.api('POST', `/api/admin/registrations/${t.reg.id}/seats/${seats[0].id}/cancel`, { token: h.token, body: { refund_cents: 29700 } });
    // More than the seat's price is refused with the field named, and changes nothing.
    expect([more.status, more.body.error.message, more.body.error.fields]).toEqual([422, "A seat's refund is at most its price ($99.00).", { refund_cents: "A seat's refund is at most its price ($99.00)." }]);
    expect((await h.db('attendees').where({ id: seats[0].id }).first()).status).toBe('active');
    for (const s of [seats[0], seats[2]]) expect((await h.api('POST', `/api/admin/registrations/${t.reg.id}/seats/${s.id}/cancel`, { token: h.token, body: {} })).status).toBe(200);
    await refundsSettled(h);
    // It ended with money given back (for the seat refunded before): refunded, not "cancelled without a refund".
    expect(await h.db('workshop_registrations').where({ id: t.reg.id }).first()).toMatchObject({ status: 'refunded', seats: 0 });
    expect(await refundedAtProvider(h, { provider: 'razorpay', paymentId: t.paymentId })).toEqual({ cents: 9900, refunds: 1 });
  });

  it("sends its attendee a new link and confirmation (the old link stops working), never the buyer's own seat", async () => {
    const t = await teamOrder('seat-resend');
    const seats = (await h.api('GET', `/api/admin/registrations/${t.reg.id}`, { token: h.token })).body.registration.attendees as { id: string }[];
    const before = await h.db('attendees').where({ id: seats[1].id }).first('booking_token_hash');
    expect((await h.api('POST', `/api/admin/registrations/${t.reg.id}/seats/${seats[1].id}/resend`, { token: h.token })).status).toBe(200);
    expect((await h.db('attendees').where({ id: seats[1].id }).first('booking_token_hash')).booking_token_hash).not.toBe(before.booking_token_hash);
    await waitFor(async () => (await sandboxEmails(h.server, 'quinn-seat-resend@example.com')).length === 2);
    const unnamed = await h.api('POST', `/api/admin/registrations/${t.reg.id}/seats/${seats[2].id}/resend`, { token: h.token });
    expect(unnamed.status).toBe(409);
  });
});
