import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { runRetention } from '../../src/privacy/retention.service';
import { type Booked, bookByCard, bookByPaypal, refundedAtProvider, refundsSettled, startsIn } from '../payments/booking-flows';
import { createWorkshop } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * Payment records deleted after the law's period (issue 27, point 1), with the clock moved in the
 * database. What a decision kept stays kept: no replay of the payment result, late webhook or
 * reconcile pass re-creates a deleted ledger row or gives anything back; the dashboard's figures
 * do not change; money still moving, or moved within the period, keeps its records.
 */
const h = useTestServer({ admin: true });
const YEAR = 365 * 86_400_000;
const yearsAgo = (n: number) => new Date(Date.now() - n * YEAR);

const book = (provider: 'paypal' | 'razorpay', workshopId: string, name: string) => (provider === 'paypal' ? bookByPaypal(h, workshopId, name) : bookByCard(h, workshopId, name));
const cancelByBuyer = (b: Booked) => h.api('POST', `/api/booking/${b.token}/cancel`, { body: { confirm: true } });
const preview = async () => (await h.api('GET', '/api/admin/privacy/retention', { token: h.token })).body;
const figures = async () => {
  const { recent_registrations: _recent, ...rest } = (await h.api('GET', '/api/admin/dashboard', { token: h.token })).body;
  return rest;
};

/** Every money record of the payment, and the booking's workshop, moved `years` into the past (invoices past their final-once-issued trigger). */
async function age(registrationIds: string[], paymentId: string, years: number, workshopId?: string) {
  if (workshopId) await h.db('workshops').where({ id: workshopId }).update({ date: yearsAgo(years) });
  await h.db('payments').where({ payment_id: paymentId }).update({ created_at: yearsAgo(years), decided_at: yearsAgo(years) });
  await h.db('refunds').where({ payment_id: paymentId }).update({ created_at: yearsAgo(years), updated_at: yearsAgo(years), completed_at: yearsAgo(years) });
  await h.db.transaction(async (trx) => {
    await trx.raw('SET LOCAL session_replication_role = replica');
    await trx('invoices').whereIn('registration_id', registrationIds).update({ issued_at: yearsAgo(years) });
  });
}

async function replayEverything(b: Booked) {
  const replayed = await b.replay();
  const hooked = await b.webhook();
  await h.db('workshop_registrations').whereNotNull('reconcile_after').update({ reconcile_after: h.db.raw(`now() - interval '1 second'`) });
  await reconcilePass(h.server.payments!, 3600);
  await refundsSettled(h);
  return { replayed, hooked };
}

describe.each(['razorpay', 'paypal'] as const)('%s: payment records past the period', (provider) => {
  it('are deleted with tombstones: the figures stay, and no replay re-creates the ledger row or gives back what the cancellation kept', async () => {
    const w = await createWorkshop(h.db);
    const b = await book(provider, w.id, `records-${provider}`);
    await startsIn(h, w.id, 5);
    expect((await cancelByBuyer(b)).body.refund_cents).toBe(4950);
    await refundsSettled(h);
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    expect(await h.db('invoices').where({ registration_id: reg.id }).count('* as n').first()).toEqual({ n: 2 });
    // A second buyer of the same workshop kept their seat.
    const kept = await book(provider, w.id, `records-kept-${provider}`);
    const keptReg = await h.db('workshop_registrations').where({ email: kept.email }).first();
    await age([reg.id], b.paymentId, 8, w.id);
    await age([keptReg.id], kept.paymentId, 8);

    expect((await preview()).due.payment_records).toBe(2);
    const figuresBefore = await figures();
    const done = await runRetention(h.db);
    expect(done.payment_records).toBe(2);
    expect(await h.db('workshop_registrations').where({ id: keptReg.id }).first('status', 'seats', 'payment_id')).toEqual({ status: 'completed', seats: 1, payment_id: null });

    expect(await h.db('payments').where({ payment_id: b.paymentId })).toHaveLength(0);
    expect(await h.db('refunds').where({ payment_id: b.paymentId })).toHaveLength(0);
    expect(await h.db('invoices').where({ registration_id: reg.id })).toHaveLength(0);
    expect(await h.db('payment_events').where({ registration_id: reg.id })).toHaveLength(0);
    const after = await h.db('workshop_registrations').where({ id: reg.id }).first();
    expect(after).toMatchObject({ status: reg.status, amount: reg.amount, payment_id: null, provider_order_id: null });
    expect(after.payment_records_deleted_at).not.toBeNull();
    expect(await figures()).toEqual(figuresBefore);
    expect((await preview()).due.payment_records).toBe(0);

    const { hooked } = await replayEverything(b);
    expect(hooked).toEqual({ status: 200, body: { status: 'settled_before' } });
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 4950, refunds: 1 });
    expect(await h.db('payments').where({ payment_id: b.paymentId })).toHaveLength(0);
    expect(await h.db('refunds').where({ payment_id: b.paymentId })).toHaveLength(0);
    expect((await replayEverything(kept)).hooked).toEqual({ status: 200, body: { status: 'settled_before' } });
    expect(await refundedAtProvider(h, kept)).toEqual({ cents: 0, refunds: 0 });
    expect(await h.db('workshop_registrations').where({ id: keptReg.id }).first('status', 'seats')).toEqual({ status: 'completed', seats: 1 });
    // No admin decision about its money is made again: a refund, a goodwill refund or a cancel is refused and nothing moves.
    const decisions: [string, object][] = [
      ['refund', { amount_cents: 100, reason: 'Asked after seven years' }],
      ['refund', { amount_cents: 100, reason: 'Goodwill', keep_booking: true, request_id: randomUUID() }],
      ['cancel', {}],
    ];
    for (const [action, body] of decisions) {
      const r = await h.api('POST', `/api/admin/registrations/${keptReg.id}/${action}`, { token: h.token, body });
      expect([action, r.status], r.text).toEqual([action, 409]);
    }
    await refundsSettled(h);
    expect(await refundedAtProvider(h, kept)).toEqual({ cents: 0, refunds: 0 });
    expect(await h.db('workshop_registrations').where({ id: keptReg.id }).first('status', 'seats')).toEqual({ status: 'completed', seats: 1 });
    // The database refuses the ledger row too, whatever path would write it.
    await expect(h.db('payments').insert({ provider, payment_id: b.paymentId, amount_cents: 9900, currency: 'USD', kept_cents: 0, decision: 'refund' })).rejects.toThrow(/never recorded again/);
    expect(await figures()).toEqual(figuresBefore);
  });
});

describe('payment records within the period', () => {
  it('stay while money moved within it or is still owed, and the period is never below the law’s 7 years', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'records-young-refund');
    await startsIn(h, w.id, 5);
    expect((await cancelByBuyer(b)).body.refund_cents).toBe(4950);
    await refundsSettled(h);
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    await age([reg.id], b.paymentId, 8, w.id);
    // The refund was made a year ago: the booking's records are counted from it.
    await h.db('refunds').where({ payment_id: b.paymentId }).update({ completed_at: yearsAgo(1), updated_at: yearsAgo(1) });
    const bad = await h.api('PUT', '/api/admin/settings/retention', { token: h.token, body: { setting_value: { registration_years: 3, lead_years: 3, payment_years: 6 } } });
    expect([bad.status, bad.body.error.message]).toEqual([422, 'Keep payment records and invoices at least 7 years']);

    await runRetention(h.db);
    expect(await h.db('payments').where({ payment_id: b.paymentId })).toHaveLength(1);
    expect(await h.db('invoices').where({ registration_id: reg.id })).toHaveLength(2);
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first('payment_id')).toEqual({ payment_id: b.paymentId });

    // A refund still queued keeps them whatever their age.
    await h.db('refunds').where({ payment_id: b.paymentId }).update({ completed_at: yearsAgo(8), updated_at: yearsAgo(8), status: 'queued' });
    expect((await preview()).due.payment_records).toBe(0);
    await h.db('refunds').where({ payment_id: b.paymentId }).update({ status: 'succeeded' });
    expect((await preview()).due.payment_records).toBe(1);
  });

  it('a cleared booking’s payment past the period is deleted too, and its late webhook refunds nothing', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'records-cleared');
    await startsIn(h, w.id, 5);
    expect((await cancelByBuyer(b)).body.refund_cents).toBe(4950);
    await refundsSettled(h);
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    expect((await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token })).status).toBe(200);
    await age([reg.id], b.paymentId, 8, w.id);
    await h.db('payment_events').whereNull('registration_id').update({ received_at: yearsAgo(8) });
    const figuresBefore = await figures();

    expect((await preview()).due.unattributed_payments).toBeGreaterThanOrEqual(1);
    const done = await runRetention(h.db);
    expect(done.unattributed_payments).toBeGreaterThanOrEqual(1);
    expect(await h.db('payments').where({ payment_id: b.paymentId })).toHaveLength(0);
    const archived = (await h.db('workshop_registrations_archive').where({ id: reg.id }).first('record')).record;
    expect(archived).not.toHaveProperty('payment_id');
    expect(archived).not.toHaveProperty('provider_order_id');
    expect(await figures()).toEqual(figuresBefore);

    const { hooked } = await replayEverything(b);
    expect(hooked).toEqual({ status: 200, body: { status: 'settled_before' } });
    expect(await refundedAtProvider(h, b)).toEqual({ cents: 4950, refunds: 1 });
    expect(await h.db('payments').where({ payment_id: b.paymentId })).toHaveLength(0);
  });
});
