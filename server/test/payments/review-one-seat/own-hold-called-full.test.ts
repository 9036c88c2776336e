import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../../src/payments/checkout-messages';
import { useTestServer } from '../../support/test-server';
import { refundsSettled } from '../booking-flows';
import { createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from '../payments-helpers';

/**
 * Review of d6708b6 (fixed: refunded as replaced by the newer checkout, and told so): the replaced window paid late while the buyer's own retry still holds the
 * last seat. Nobody else took it: the person's own live hold did. The money goes back (right),
 * but the buyer is told the workshop filled up ("Refund issued: … is full"), and a minute later
 * "You're registered" for the same workshop when they pay the retry. One seat per person is
 * checked against completed bookings only, not against the person's own live hold.
 */
const h = useTestServer({ admin: true });
const who = (email: string) => ({ name: 'Last Seat Payer', email, phone: '9876543210' });

describe('the replaced checkout paid late while the retry holds the last seat', () => {
  it('is not refunded as "the workshop is full"', async () => {
    const email = 'review-own-hold-full@example.com';
    const w = await createWorkshop(h.db, { title: 'One Seat Workshop', max_participants: 1 });
    const first = (await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who(email) } })).body;
    const next = (await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who(email) } })).body;
    const late = (await payInRazorpaySandbox(h.server, first.order, first.key_id)).body;
    const answer = await h.api('POST', '/api/checkout/razorpay/verify', { body: late });
    expect([answer.status, answer.body.error?.message]).toEqual([409, CHECKOUT_MESSAGES.replacedRefunded]);
    const retry = (await payInRazorpaySandbox(h.server, next.order, next.key_id)).body;
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: retry })).status).toBe(200);
    await refundsSettled(h);
    const refund = await waitFor(async () => (await sandboxEmails(h.server, email)).find((m) => m.subject.startsWith('Refund issued')));
    // Both emails are sent by the queue, in either order: each is waited for.
    const registered = Boolean(await waitFor(async () => (await sandboxEmails(h.server, email)).some((m) => m.subject.startsWith("You're registered"))));
    expect(registered).toBe(true);
    expect(refund.subject).toBe('Refund issued: One Seat Workshop');
    expect(refund.text_body).toContain('you had replaced with a newer one');
    expect(await h.db('workshop_registrations').where({ email }).orderBy('created_at').pluck('status_reason')).toEqual(['replaced_refunded', null]);
  });
});
