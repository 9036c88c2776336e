import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../../src/payments/checkout-messages';
import { useTestServer } from '../../support/test-server';
import { createWorkshop, follow, payInRazorpaySandbox } from '../payments-helpers';

/**
 * Review of d6708b6 (fixed: the message now says the workshop is booked by the buyer, or for someone
 * named in the order, which is true of both refusals): the refusal message for an approval not captured now says "You (or someone
 * named in this order) already have a seat". The older path that also answers `already_booked`
 * (a checkout the buyer let go, then booked another since: capture-claim.ts bookedSince) matches
 * the buyer's email or browser, not the order's people: a manager booking two different teams
 * is told someone of the first team has a seat when nobody of it does.
 */
const h = useTestServer({ admin: true });
const buyer = { name: 'Team Manager', email: 'review-manager@example.com', phone: '9876543210' };

describe('a team approval refused because its buyer booked another team since', () => {
  it('does not tell the buyer that someone named in it has a seat', async () => {
    const w = await createWorkshop(h.db, { title: 'Team Workshop', max_participants: 10 });
    const first = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer, seats: 2, attendees: [{ name: 'Alice A', email: 'review-alice@example.com' }, { name: 'Bob B', email: 'review-bob@example.com' }] } });
    expect(first.status, first.text).toBe(201);
    const next = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer, seats: 1, attendees: [{ name: 'Carol C', email: 'review-carol@example.com' }] } });
    expect(next.status, next.text).toBe(201);
    const paid = (await payInRazorpaySandbox(h.server, next.body.order, next.body.key_id)).body;
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid })).status).toBe(200);

    const orderId = new URL(first.body.approval_url).searchParams.get('token') as string;
    const back = await fetch(`${h.server.url}/sandbox/paypal/checkoutnow/${orderId}/approve`, { method: 'POST', redirect: 'manual' });
    const message = new URL(await follow(h.server, back.headers.get('location')!), 'http://site').searchParams.get('message');
    // Nobody of {Alice, Bob} sits anywhere, and the buyer sits nowhere either.
    const seated = await h.db('attendees as a').join('workshop_registrations as r', 'r.id', 'a.registration_id').where({ 'r.status': 'completed', 'a.workshop_id': w.id }).pluck('a.email');
    expect(seated).toEqual(['review-carol@example.com']);
    // What it says is true of this buyer: the workshop is booked by them (for Carol); it claims no seat of Alice's or Bob's.
    expect(message).toBe(CHECKOUT_MESSAGES.alreadyBooked);
    expect(message).not.toMatch(/named in this order\) already ha/);
    expect(await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first('capture_id')).toEqual({ capture_id: null });
  });
});
