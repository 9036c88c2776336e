import type { Db } from '../../src/db/knex';
import { STUCK_AFTER_ATTEMPTS } from '../../src/payments/reconcile.job';
import { insertRefund as insertRefundRow, insertRegistration, insertWorkshop } from '../support/fixtures';

const MIN = 60_000;

export const insertRefund = insertRefundRow;

export async function insertEvent(db: Db, values: { event_id: string; event_type: string; received_at: Date; registration_id?: string | null; payload?: unknown; outcome?: string | null }) {
  const [row] = await db('payment_events')
    .insert({ provider: 'paypal', ...values, payload: JSON.stringify(values.payload ?? {}), processed_at: values.received_at })
    .returning('*');
  return row;
}

/**
 * One row of each kind the admins must see, oldest first (refund failing, capture pending,
 * amount mismatch, unattributed, checkout stuck), a mismatch whose refund is failing (shown
 * once, as the failing refund), and settled rows that must not be listed.
 */
export async function seedAttention(db: Db) {
  const t = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MIN);
  const w = await insertWorkshop(db, { title: 'Attention Workshop' });
  const reg = (values: Record<string, unknown>) => insertRegistration(db, w.id, values);

  // 1. A refund for a full workshop the provider refused until the worker gave up.
  const full = await reg({ name: 'Fiona Full', email: 'fiona@example.com', status: 'refund_pending', status_reason: 'workshop_full_refunded', payment_id: 'CAP-FULL', provider_order_id: 'ORDER-FULL', created_at: t(600) });
  const fullRefund = await insertRefund(db, { registration_id: full.id, payment_id: 'CAP-FULL', reason: 'workshop_full', status: 'failed', attempts: 30, last_error: 'PayPal answered 503: service unavailable', created_at: t(590) });
  // Recorded out of order, so "oldest first" is the query's doing.
  await insertEvent(db, { event_id: 'payment:CAP-FULL', event_type: 'payment.verified', registration_id: full.id, received_at: t(589), outcome: 'refunded' });
  await insertEvent(db, { event_id: 'WH-FULL-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', registration_id: full.id, received_at: t(591), outcome: 'processed' });

  // 2. PayPal took the money and has not completed the capture.
  const pending = await reg({ name: 'Paula Pending', email: 'paula@example.com', status: 'pending', status_reason: 'capture_pending', payment_id: null, provider_order_id: 'ORDER-PENDING', reconcile_attempts: 1, created_at: t(500) });
  await insertEvent(db, { event_id: 'WH-PENDING-1', event_type: 'PAYMENT.CAPTURE.PENDING', registration_id: pending.id, received_at: t(499), outcome: 'capture_pending' });

  // 3. The wrong amount arrived; its refund is queued and has not been tried yet.
  const mismatch = await reg({ name: 'Manu Mismatch', email: 'manu@example.com', status: 'refund_pending', status_reason: 'amount_mismatch', payment_id: 'CAP-MISMATCH', provider_order_id: 'ORDER-MISMATCH', created_at: t(400) });
  const mismatchRefund = await insertRefund(db, { registration_id: mismatch.id, payment_id: 'CAP-MISMATCH', amount_cents: 5000, reason: 'amount_mismatch', created_at: t(399) });
  await insertEvent(db, { event_id: 'payment:CAP-MISMATCH', event_type: 'payment.verified', registration_id: mismatch.id, received_at: t(399), outcome: 'mismatch' });

  // 4. Money for an order no registration owns.
  const lost = await insertRefund(db, { registration_id: null, payment_id: 'CAP-LOST', amount_cents: 12900, reason: 'unattributed', created_at: t(300) });
  await insertEvent(db, { event_id: 'WH-LOST-1', event_type: 'PAYMENT.CAPTURE.COMPLETED', received_at: t(302), payload: { resource: { id: 'CAP-LOST', amount: { value: '129.00' } } }, outcome: 'unattributed' });
  await insertEvent(db, { event_id: 'unattributed:CAP-LOST', event_type: 'payment.unattributed', received_at: t(301), payload: { order_id: 'ORDER-LOST', payment: { id: 'CAP-LOST' } } });
  // Names another payment whose id merely starts the same: not part of this timeline.
  await insertEvent(db, { event_id: 'WH-LOST-2', event_type: 'PAYMENT.CAPTURE.COMPLETED', received_at: t(300), payload: { resource: { id: 'CAP-LOST-2' } } });

  // 5. A checkout the reconciler keeps failing to settle; its next look is hours away.
  const stuck = await reg({
    name: 'Stan Stuck',
    email: 'stan@example.com',
    status: 'pending',
    payment_id: null,
    provider_order_id: 'ORDER-STUCK',
    reconcile_attempts: STUCK_AFTER_ATTEMPTS,
    reconcile_error: 'PayPal answered 404: order not found',
    hold_expires_at: t(200),
    reconcile_after: new Date(Date.now() + 6 * 60 * MIN),
    created_at: t(230),
  });

  // A mismatch whose refund keeps failing: one item, the failing refund.
  const both = await reg({ name: 'Bo Both', email: 'bo@example.com', status: 'refund_pending', status_reason: 'amount_mismatch', payment_id: 'CAP-BOTH', created_at: t(100) });
  const bothRefund = await insertRefund(db, { registration_id: both.id, payment_id: 'CAP-BOTH', amount_cents: 100, reason: 'amount_mismatch', attempts: 2, last_error: 'Razorpay answered 500', provider: 'razorpay', idempotency_key: 'auto:razorpay:CAP-BOTH', created_at: t(99) });

  // Settled or still the worker's business: none of these may be listed.
  const done = await reg({ name: 'Rita Refunded', status: 'refunded', status_reason: 'amount_mismatch', payment_id: 'CAP-DONE', created_at: t(50) });
  const doneRefund = await insertRefund(db, { registration_id: done.id, payment_id: 'CAP-DONE', reason: 'amount_mismatch', status: 'succeeded', attempts: 3, last_error: null, completed_at: t(40), created_at: t(50) });
  await insertRefund(db, { registration_id: null, payment_id: 'CAP-LOST-OLD', reason: 'unattributed', status: 'succeeded', attempts: 1, completed_at: t(20), created_at: t(30) });
  const paid = await reg({ name: 'Cora Completed', status: 'completed', payment_id: 'CAP-PAID', created_at: t(45) });
  await insertRefund(db, { registration_id: paid.id, payment_id: 'CAP-PAID-TWICE', reason: 'duplicate_payment', attempts: 0, created_at: t(44) });
  await insertRefund(db, { registration_id: paid.id, payment_id: 'CAP-PAID-THRICE', reason: 'duplicate_payment', attempts: 1, last_error: null, created_at: t(43) });
  await reg({ name: 'Nell Notyet', status: 'pending', provider_order_id: 'ORDER-NOTYET', reconcile_attempts: STUCK_AFTER_ATTEMPTS - 1, created_at: t(10) });
  await reg({ name: 'Dee Declined', status: 'failed', status_reason: 'declined', provider_order_id: 'ORDER-DECLINED', reconcile_attempts: STUCK_AFTER_ATTEMPTS + 2, created_at: t(5) });

  return { workshop: w, full, fullRefund, pending, mismatch, mismatchRefund, lost, stuck, both, bothRefund, done, doneRefund, paid };
}
