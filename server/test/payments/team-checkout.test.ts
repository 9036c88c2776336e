import { PROMO_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { createCode } from '../promo-codes/promo-helpers';
import { buyer, createWorkshop, follow, payInRazorpaySandbox, pressPaypalButton, sandboxEmails, waitFor } from './payments-helpers';

/**
 * Team bookings at checkout: an order of several seats is held, charged and completed as one,
 * each named attendee gets their own link and confirmation, and capacity, seats left and promo
 * uses count seats, not orders. Bad input is refused with the field named and holds nothing.
 */
const h = useTestServer({ admin: true });
const team = (tag: string) => [
  { name: `Ann ${tag}`, email: `ann-${tag}@example.com` },
  { name: `Bo ${tag}`, email: `bo-${tag}@example.com` },
  { name: `Cy ${tag}`, email: `cy-${tag}@example.com` },
];
const seatsLeft = async (workshopId: string) => ((await h.api('GET', '/api/workshops')).body as { id: string; seats_left: number | null }[]).find((w) => w.id === workshopId)?.seats_left;
const rowsOf = (workshopId: string) => h.db('workshop_registrations').where({ workshop_id: workshopId });

describe('a three-seat order', () => {
  it('by card: one charge for every seat, three seats taken, and every attendee told with a link of their own', async () => {
    const w = await createWorkshop(h.db, { max_participants: 5, title: 'Team Build' });
    const who = buyer('team-card');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who, seats: 3, attendees: team('card') } });
    expect(co.status, co.text).toBe(201);
    expect(co.body.order).toMatchObject({ amount: 3 * 9900, currency: 'USD' });
    expect(await seatsLeft(w.id)).toBe(2);
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);

    const [order] = await rowsOf(w.id);
    expect(order).toMatchObject({ status: 'completed', seats: 3, seats_bought: 3, amount: 29700, unit_amount: 9900 });
    const seats = await h.db('attendees').where({ registration_id: order.id }).orderBy('position');
    expect(seats.map((s) => [s.position, s.name, s.email, s.status])).toEqual(team('card').map((a, i) => [i + 1, a.name, a.email, 'active']));
    expect(new Set(seats.map((s) => s.booking_token_hash)).size).toBe(3);
    expect(await seatsLeft(w.id)).toBe(2);

    // The buyer's confirmation lists every seat and the total; each attendee gets their own, with their own link.
    const [buyerMail] = await waitFor(async () => {
      const m = await sandboxEmails(h.server, who.email);
      return m.length ? m : undefined;
    });
    expect(buyerMail.subject).toBe("You're registered: Team Build");
    expect(buyerMail.text_body).toContain('your 3 seats are confirmed');
    expect(buyerMail.text_body).toContain(`Seat 2: Bo card (bo-card@example.com)`);
    expect(buyerMail.text_body).toContain('Amount paid: $297.00');
    const links = new Set<string>();
    for (const a of team('card')) {
      const [mail] = await waitFor(async () => {
        const m = await sandboxEmails(h.server, a.email);
        return m.length ? m : undefined;
      });
      expect(mail.text_body).toContain(`Hi ${a.name}, Buyer team-card booked you a seat at Team Build.`);
      links.add(mail.text_body!.match(/\/booking\/([A-Za-z0-9_-]{43})/)![1]);
      expect(Buffer.from(mail.attachments[0].content, 'base64').toString()).toContain(`UID:${seats.find((s) => s.email === a.email)!.id}@nocode-workshop`);
    }
    expect(links.size).toBe(3);
  });

  it('by PayPal with a promo code: the discount applies per seat, and a code with max_uses counts seats', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    await createCode(h, { code: 'TEAMHALF', kind: 'percent', value: 50, max_uses: 4 });
    const co = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('team-pp'), seats: 3, promo_code: 'TEAMHALF' } });
    expect(co.status, co.text).toBe(201);
    expect(await h.db('provider_sandbox.paypal_orders').where({ id: new URL(co.body.approval_url).searchParams.get('token') }).first()).toMatchObject({ amount: '148.50' });
    expect(await follow(h.server, await pressPaypalButton(h.server, co.body.approval_url, 'approve'))).toMatch(/^\/thank-you/);
    expect((await rowsOf(w.id).where({ status: 'completed' }).first())).toMatchObject({ seats: 3, amount: 14850, discount_cents: 14850 });
    // One use is left of four: two seats do not fit.
    const more = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('team-pp-2'), seats: 2, promo_code: 'TEAMHALF' } });
    expect([more.status, more.body.error.message]).toEqual([409, PROMO_MESSAGES.exhausted]);
    const listed = (await h.api('GET', '/api/admin/promo-codes', { token: h.token })).body.find((c: { code: string }) => c.code === 'TEAMHALF');
    expect(listed).toMatchObject({ uses: 3 });
  });
});

describe('seats left', () => {
  it('more seats than are left: 409 "Only N seats left", nothing held or charged', async () => {
    const w = await createWorkshop(h.db, { max_participants: 3 });
    await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('left-first') } });
    const orders = async () => Number((await h.db('provider_sandbox.razorpay_orders').count('* as n').first())?.n);
    const before = await orders();
    const res = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('left-team'), seats: 3 } });
    expect([res.status, res.body.error]).toEqual([409, { code: 'sold_out', message: 'Only 2 seats left' }]);
    const one = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('left-team-pp'), seats: 5 } });
    expect(one.body.error.message).toBe('Only 2 seats left');
    expect(await rowsOf(w.id)).toHaveLength(1);
    expect(await orders()).toBe(before);
  });
});

describe('bad input holds and charges nothing', () => {
  it('refuses seats of 0, 11 or a string, more attendees than seats, and an email twice, naming the field (422, as every field error of the API)', async () => {
    const w = await createWorkshop(h.db);
    const base = { workshop_id: w.id, ...buyer('bad-seats') };
    for (const provider of ['paypal', 'razorpay']) {
      for (const seats of [0, 11, '3']) {
        const res = await h.api('POST', `/api/checkout/${provider}`, { body: { ...base, seats } });
        expect([res.status, res.body.error.fields]).toEqual([422, { seats: 'Seats must be a whole number from 1 to 10.' }]);
      }
      const over = await h.api('POST', `/api/checkout/${provider}`, { body: { ...base, seats: 2, attendees: team('over') } });
      expect([over.status, over.body.error.fields]).toEqual([422, { attendees: 'Name at most one attendee per seat.' }]);
      const twice = await h.api('POST', `/api/checkout/${provider}`, { body: { ...base, seats: 2, attendees: [team('x')[0], { name: 'Again', email: 'ANN-x@example.com' }] } });
      expect([twice.status, twice.body.error.fields]).toEqual([422, { 'attendees.1.email': 'ANN-x@example.com is named twice: one seat per person.' }]);
    }
    expect(await rowsOf(w.id)).toHaveLength(0);
  });

  it('refuses an attendee who already has a seat in the workshop, naming the email', async () => {
    const w = await createWorkshop(h.db);
    const first = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('seated'), seats: 2, attendees: team('seated').slice(0, 2) } });
    const paid = await payInRazorpaySandbox(h.server, first.body.order, first.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
    const again = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('seated-2'), seats: 2, attendees: [team('seated')[1], team('seated')[2]] } });
    expect([again.status, again.body.error]).toEqual([409, { code: 'conflict', message: 'bo-seated@example.com already has a seat in this workshop.' }]);
    expect(await rowsOf(w.id)).toHaveLength(1);
  });
});
