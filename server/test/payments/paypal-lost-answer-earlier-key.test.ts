import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, refundedAtProvider, refundsSettled } from './booking-flows';
import { createWorkshop, waitFor } from './payments-helpers';

/**
 * Found by the seventh review: a PayPal refund whose answer was lost under an earlier release
 * landed at PayPal under a request id this release does not send (the id now names the amount
 * once hand money was credited). Asking again with this release's id made the refund a second
 * time. Before asking, the refund is now looked for by its identity (custom_id) at PayPal.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);

describe('a PayPal refund whose lost call landed under another request id', () => {
  it('is found by its identity and recorded: 49.50 back once, not twice', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByPaypal(h, w.id, 'earlier-key');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    await refundsDown(3600);
    let refund: { id: string };
    try {
      expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 4950, reason: 'half back' } })).status).toBe(200);
      refund = await waitFor(async () => h.db('refunds').where({ payment_id: b.paymentId }).whereNotNull('last_error').whereNull('claim_id').first());
    } finally {
      await refundsDown(0);
    }
    // What an earlier release's lost call did: PayPal made the refund under that release's request id.
    await h.db('refunds').where({ id: refund.id }).update({ outcome_unknown_at: h.db.fn.now() });
    const made = await h.api('POST', `/sandbox/paypal/v2/payments/captures/${b.paymentId}/refund`, {
      headers: { authorization: 'Bearer A21AA-sandbox-token', 'paypal-request-id': `earlier-release-${refund.id}` },
      body: { amount: { value: '49.50', currency_code: 'USD' }, custom_id: refund.id },
    });
    expect(made.status, made.text).toBe(201);

    expect((await h.api('POST', `/api/admin/attention/refunds/${refund.id}/retry`, { token: h.token })).status).toBe(200);
    await refundsSettled(h);
    expect(await h.db('refunds').where({ id: refund.id }).first('status', 'provider_refund_id', 'credited_cents')).toEqual({ status: 'succeeded', provider_refund_id: made.body.id, credited_cents: 0 });
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 4950, refunds: 1 });
  }, 90_000);
});
