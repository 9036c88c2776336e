import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { bookByPaypal, paypalDashboardRefund, refundedAtProvider, refundsSettled } from './booking-flows';
import { alertsTo, owedIn, partialRefundThatGivesUp } from './gave-up-flows';
import { createWorkshop, sandboxEmails, waitFor } from './payments-helpers';

/**
 * Found by the eleventh review: the "refund failed" alert names `r.amount_cents - r.credited_cents` from the row as it was
 * CLAIMED, but the last attempt's own look at the provider (creditNow) credits hand money to the refund
 * before its call fails. The alert then asks the admins to refund by hand what the hand money already
 * gave back: doing as told gives back more than the admin's partial refund decided. The alert
 * now reads the refund afresh, and the Needs attention list names what is still owed too.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', PROVIDER_TIMEOUT_MS: '1000' } });

describe('the refund-failed alert after the last attempt credited hand money', () => {
  it('names what is still owed after the hand money (40.00), so doing as told gives back exactly the 60.00 decided', async () => {
    const admin = 'owner-stale-credit@example.com';
    await alertsTo(h, admin);
    const w = await createWorkshop(h.db);
    const b = await bookByPaypal(h, w.id, 'stale-credit');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();

    // The admin's partial refund of 60.00 (the rest is kept) gives up; meanwhile an admin gives 20.00 back by hand at
    // PayPal's dashboard (its webhook is late, or never comes). PayPal's refund list still answers in a refunds outage:
    // the last attempt sees the 20.00 and credits it, then its call for the other 40.00 fails.
    const refundId = await partialRefundThatGivesUp(h, reg.id, b.paymentId, 6000, async () => {
      await paypalDashboardRefund(h, b.paymentId, '20.00');
    });

    const [alert] = await waitFor(async () => {
      const m = await sandboxEmails(h.server, admin);
      return m.length ? m : undefined;
    });
    // The admins' "Needs attention" list, where the alert sends them, says the same.
    const listed = (await h.api('GET', '/api/admin/attention', { token: h.token })).body.items.find((i: { refund: { id: string } | null }) => i.refund?.id === refundId);
    const named = owedIn(alert.text_body);

    // The admin does as the alert says.
    const hand = await paypalDashboardRefund(h, b.paymentId, (named / 100).toFixed(2));
    await hand.webhook();
    await refundsSettled(h);
    const atProvider = await refundedAtProvider(h, b);

    expect.soft(named, 'the alert names what the refund still owes').toBe(4000);
    expect.soft(listed?.amount_cents, 'the needs-attention list names what the refund still owes').toBe(4000);
    // Promise (c): refunded at the provider = captured - kept by the admin's partial refund.
    expect(atProvider.cents, 'refunded at PayPal').toBe(6000);
  }, 90_000);
});
