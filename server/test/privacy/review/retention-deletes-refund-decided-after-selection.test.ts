import { describe, expect, it } from 'vitest';
import { deletePaymentRecords, paymentRecordsDueSql } from '../../../src/privacy/payment-records.queries';
import { bookByCard, refundedAtProvider, refundsSettled } from '../../payments/booking-flows';
import { createWorkshop } from '../../payments/payments-helpers';
import { useTestServer } from '../../support/test-server';

/**
 * Review: runRetention's payment-records batch (retention.service.ts `batches`) selects the due ids
 * in one statement, then deletePaymentRecords (payment-records.queries.ts) locks them in another
 * transaction and deletes ledger rows, refunds, invoices WITHOUT checking the due condition again
 * (the "no money on its way" part: status refund_pending, refunds.status <> 'succeeded').
 *
 * Sequence (exactly runRetention's steps, with an admin decision committing between them):
 *  1. An 8-year-old paid booking: due.
 *  2. The run selects the batch's ids (paymentRecordsDueSql ... LIMIT 2000).
 *  3. An admin cancels the booking with a full refund (POST /api/admin/registrations/:id/refund):
 *     booking refund_pending, refund queued (the provider is slow/unavailable a moment: it stays queued).
 *  4. The run's batch transaction: deletePaymentRecords(ids, years).
 * Before the fix (the due conditions are now asked again with the rows held): the queued refund row is deleted, the ledger row too; the booking stays refund_pending
 * with nothing owed; nothing goes back once the provider answers again.
 * Expected: the refund the admin decided is made (the batch re-checks "no money on its way" under its locks).
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const YEAR = 365 * 86_400_000;
const yearsAgo = (n: number) => new Date(Date.now() - n * YEAR);

describe('a refund an admin decides while the retention run holds its batch', () => {
  it('is still made', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'toctou-refund');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    await h.db('workshops').where({ id: w.id }).update({ date: yearsAgo(8) });
    await h.db('payments').where({ payment_id: b.paymentId }).update({ created_at: yearsAgo(8), decided_at: yearsAgo(8) });
    await h.db.transaction(async (trx) => {
      await trx.raw('SET LOCAL session_replication_role = replica');
      await trx('invoices').where({ registration_id: reg.id }).update({ issued_at: yearsAgo(8) });
    });

    // 2. The run's selection.
    const ids: string[] = (await h.db.raw(`${paymentRecordsDueSql(7).payment_records} LIMIT 2000`)).rows.map((r: { id: string }) => r.id);
    expect(ids).toContain(reg.id);

    // 3. The admin's decision commits (the provider does not answer for a moment: the refund waits queued).
    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 60 } })).status).toBe(204);
    const refund = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 9900, reason: 'organiser refunds it' } });
    expect(refund.status, refund.text).toBe(200);
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first('status')).toEqual({ status: 'refund_pending' });
    expect(await h.db('refunds').where({ registration_id: reg.id }).first('status', 'amount_cents')).toEqual({ status: 'queued', amount_cents: 9900 });

    // 4. The run's batch transaction.
    const deleted = await h.db.transaction((trx) => deletePaymentRecords(trx, ids, 7));

    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 0 } })).status).toBe(204);
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET run_at = now() WHERE task_identifier LIKE '%refund%'`).catch(() => undefined);
    await refundsSettled(h);
    await new Promise((r) => setTimeout(r, 3000));

    const after = await h.db('workshop_registrations').where({ id: reg.id }).first('status', 'payment_records_deleted_at');
    expect(
      {
        deleted,
        status: after.status,
        refundRows: await h.db('refunds').where({ registration_id: reg.id }).count('* as n').first(),
        backAtProvider: await refundedAtProvider(h, b),
      },
      'the refund the admin decided was deleted before it was made: the buyer paid 99.00, has no seat and no refund',
    ).toEqual({ deleted: 0, status: 'refunded', refundRows: { n: 1 }, backAtProvider: { cents: 9900, refunds: 1 } });
  }, 90_000);

  it('a goodwill refund decided between the selection and the batch is made too', async () => {
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'toctou-goodwill');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    await h.db('workshops').where({ id: w.id }).update({ date: yearsAgo(8) });
    await h.db('payments').where({ payment_id: b.paymentId }).update({ created_at: yearsAgo(8), decided_at: yearsAgo(8) });
    await h.db.transaction(async (trx) => {
      await trx.raw('SET LOCAL session_replication_role = replica');
      await trx('invoices').where({ registration_id: reg.id }).update({ issued_at: yearsAgo(8) });
    });
    const ids: string[] = (await h.db.raw(`${paymentRecordsDueSql(7).payment_records} LIMIT 2000`)).rows.map((r: { id: string }) => r.id);
    expect(ids).toContain(reg.id);

    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 60 } })).status).toBe(204);
    const goodwill = await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 2000, reason: 'sorry for the audio', keep_booking: true } });
    expect(goodwill.status, goodwill.text).toBe(200);
    expect(goodwill.body.refundCents ?? goodwill.body.refund_cents).toBe(2000);

    await h.db.transaction((trx) => deletePaymentRecords(trx, ids, 7));
    expect((await h.api('POST', '/sandbox/refunds/outage', { body: { seconds: 0 } })).status).toBe(204);
    await refundsSettled(h);
    await new Promise((r) => setTimeout(r, 3000));

    expect(
      { refundRows: await h.db('refunds').where({ registration_id: reg.id }).count('* as n').first(), backAtProvider: await refundedAtProvider(h, b) },
      'the goodwill refund the buyer was told of was deleted before it was made',
    ).toEqual({ refundRows: { n: 1 }, backAtProvider: { cents: 2000, refunds: 1 } });
  }, 90_000);
});
