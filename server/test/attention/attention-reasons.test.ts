import { attentionListSchema } from '@workshop/shared';
import { expect, it } from 'vitest';
import type { RefundReason } from '../../src/payments/refunds/refund.queue';
import { insertRefund, insertRegistration, insertWorkshop } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true, env: { RECONCILE_INTERVAL_SECONDS: '3600' } });

/** Every reason a refund can have, and how Needs Attention says it (a new reason fails the typecheck until it has words). */
const SAID: Record<RefundReason, string> = {
  workshop_full: 'who paid after the workshop filled up',
  workshop_cancelled: 'who paid after the workshop was cancelled',
  promo_used_up: 'who paid with a promo code that was used up meanwhile',
  amount_mismatch: 'who paid the wrong amount',
  already_booked: 'who paid for a seat they already had from another booking',
  replaced: 'who paid for a checkout they had replaced with a newer one',
  duplicate_payment: 'who paid twice for one seat',
  unneeded_payment: 'who paid again while already being refunded',
  unattributed: 'who paid for an order no registration owns',
  cancellation: 'whose booking was cancelled',
  goodwill: 'as a goodwill gesture (the booking stays)',
};

it('words a failing refund of every reason as a sentence', async () => {
  const w = await insertWorkshop(h.db, { title: 'Reasons Workshop' });
  for (const [i, reason] of (Object.keys(SAID) as RefundReason[]).entries()) {
    const reg = await insertRegistration(h.db, w.id, { name: `Reason ${reason}`, status: 'refund_pending', payment_id: `CAP-REASON-${i}` });
    await insertRefund(h.db, { registration_id: reg.id, payment_id: `CAP-REASON-${i}`, provider: 'razorpay', reason, status: 'queued', attempts: 1, last_error: 'Razorpay answered 502' });
  }
  const res = await h.api('GET', '/api/admin/attention', { token: h.token });
  expect(res.status).toBe(200);
  const said = attentionListSchema
    .parse(res.body)
    .items.filter((i) => i.kind === 'refund_failing')
    .map((i) => i.explanation)
    .sort();
  expect(said).toEqual(Object.values(SAID).map((why) => `Refunding $99.00 to a buyer ${why} has failed once at Razorpay. It is retried automatically with backoff.`).sort());
});
