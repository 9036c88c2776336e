import { describe, expect, it } from 'vitest';
import { razorpayPaymentSignature, SANDBOX_CREDENTIALS } from '../../src/sandbox/sandbox.credentials';
import { lockPayment } from '../../src/payments/ledger/payment-ledger';
import { queueOwedRefund, scheduleRefundJob } from '../../src/payments/refunds/refund.queue';
import { lockWorkshopThenRegistration } from '../../src/workshops/seats.queries';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, payInRazorpaySandbox, waitFor } from './payments-helpers';

const h = useTestServer();
const refundsDown = async (seconds: number) => expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds } })).status).toBe(204);
const waitingOnRegistrations = async () =>
  (await h.db.raw(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%workshop_registrations%'`)).rows.length > 0;

/**
 * The settlement locks the workshop and registration rows; the refund worker, the email queue and
 * the event log insert rows that reference them. Those inserts must not wait on the settlement's
 * lock, or a buyer's verify and a refund finishing at the same moment deadlock and one of them fails.
 */
describe('a payment settled while a refund on the same registration is being recorded', () => {
  it('answers the buyer and lets the refund finish, with no deadlock', async () => {
    const w = await createWorkshop(h.db, { title: 'Busy Registration Workshop' });
    const who = buyer('lock-order');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
    const first = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    const done = await h.api('POST', '/api/checkout/razorpay/verify', { body: first.body });
    expect(done.status).toBe(200);
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();

    // A second captured payment on the order: its refund is queued while the provider is down, so it waits.
    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 60 } })).status).toBe(204);
    const secondId = 'pay_second_while_refunding';
    await h.db('provider_sandbox.razorpay_payments').insert({ id: secondId, order_id: co.body.order.id, amount: 9900, currency: 'USD', status: 'captured', email: who.email, contact: who.phone });
    const second = {
      razorpay_order_id: co.body.order.id,
      razorpay_payment_id: secondId,
      razorpay_signature: razorpayPaymentSignature(co.body.order.id, secondId, SANDBOX_CREDENTIALS.razorpayKeySecret),
    };
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: second })).status).toBe(200);
    const refund = await h.db('refunds').where({ payment_id: secondId }).first();
    expect(refund).toMatchObject({ status: 'queued', reason: 'duplicate_payment' });

    // The refund worker's success transaction, in the order it writes: the refund row, then rows referencing the registration.
    const worker = await h.db.transaction();
    try {
      await worker('refunds').where({ id: refund.id }).update({ updated_at: worker.fn.now() });
      // The replay locks the workshop, the registration and the payment's ledger row: it finds nothing
      // more owed and answers without waiting for the refund row the worker holds.
      const res = await h.api('POST', '/api/checkout/razorpay/verify', { body: second });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(done.body);
      await worker('payment_events').insert({ provider: 'razorpay', event_id: `refund:test-${secondId}`, event_type: 'refund.completed', payload: '{}', registration_id: reg.id });
      await worker.commit();
    } finally {
      if (!worker.isCompleted()) await worker.rollback();
    }
    expect(await h.db('refunds').where({ payment_id: secondId })).toHaveLength(1);
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ status: 'completed', payment_id: first.body.razorpay_payment_id });
  }, 60_000);
});

describe('the last refund on a registration finishing while another payment on it is settled', () => {
  it('takes the registration lock first, so the settlement queues its refund and the refund still completes', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1, title: 'Refund Lock Order Workshop' });
    const late = buyer('lock-order-late');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...late } });
    const reg = await h.db('workshop_registrations').where({ email: late.email }).first();
    await h.db('workshop_registrations').where({ id: reg.id }).update({ hold_expires_at: h.db.raw(`now() - interval '1 minute'`) });
    const winner = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('lock-order-winner') } });
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: (await payInRazorpaySandbox(h.server, winner.body.order, winner.body.key_id)).body })).status).toBe(200);

    // The late buyer pays twice while refunds are down: both payments are owed back.
    await refundsDown(60);
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(409);
    const secondId = 'pay_second_while_refund_pending';
    await h.db('provider_sandbox.razorpay_payments').insert({ id: secondId, order_id: co.body.order.id, amount: 9900, currency: 'USD', status: 'captured', email: late.email, contact: late.phone });
    const second = { razorpay_order_id: co.body.order.id, razorpay_payment_id: secondId, razorpay_signature: razorpayPaymentSignature(co.body.order.id, secondId, SANDBOX_CREDENTIALS.razorpayKeySecret) };
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: second })).status).toBe(409);
    const owed = await h.db('refunds').where({ registration_id: reg.id }).orderBy('created_at');
    expect(owed.map((r) => [r.payment_id, r.reason, r.status])).toEqual([
      [paid.body.razorpay_payment_id, 'workshop_full', 'queued'],
      [secondId, 'unneeded_payment', 'queued'],
    ]);
    // The first went back already; the second is the last one open, so its success makes the registration refunded.
    await h.db('refunds').where({ id: owed[0].id }).update({ status: 'succeeded', completed_at: h.db.fn.now() });

    // A replay of the second payment is being settled: it holds the registration while the refund worker runs.
    const settlement = await h.db.transaction();
    try {
      expect(await lockWorkshopThenRegistration(settlement, reg.id)).toBeTruthy();
      await refundsDown(0);
      const before = (await h.db('refunds').where({ id: owed[1].id }).first()).attempts;
      await scheduleRefundJob(h.db, owed[1].id);
      await waitFor(waitingOnRegistrations, 15_000, 20);
      // Nothing more is owed on it: its whole amount is already queued.
      const payment = await lockPayment(settlement, 'razorpay', secondId);
      expect(await queueOwedRefund(settlement, payment!, { registrationId: reg.id, reason: 'unneeded_payment' })).toBe(0);
      await settlement.commit();
      const done = await waitFor(async () => {
        const r = await h.db('refunds').where({ id: owed[1].id }).first();
        return r.status === 'succeeded' ? r : undefined;
      }, 30_000, 100);
      // At most one attempt after the outage (the one in flight may have been it), not one that died in a deadlock and a retry.
      expect(done.attempts).toBeLessThanOrEqual(before + 1);
      expect(done.last_error).toBeNull();
    } finally {
      if (!settlement.isCompleted()) await settlement.rollback();
    }
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ status: 'refunded' });
    expect(await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: secondId })).toHaveLength(1);
  }, 60_000);
});
