import { describe, expect, it } from 'vitest';
import * as ledgerMigration from '../../../migrations/20261126090000-create-payment-ledger';
import { insertRegistration, insertWorkshop } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

/**
 * The payment ledger's migration records every payment already decided before it existed, so a
 * replay after the upgrade refunds nothing a decision kept and nothing beyond what was captured.
 * Run here by taking the migration down, writing data as the earlier version did, and up again.
 */
const h = useTestServer();

const refund = (paymentId: string, amount: number, values: Record<string, unknown> = {}) =>
  h.db('refunds').insert({ idempotency_key: `legacy:${paymentId}:${amount}`, provider: 'paypal', payment_id: paymentId, amount_cents: amount, currency: 'USD', reason: 'cancellation', status: 'succeeded', ...values });

describe('the payment ledger migration on a database with history', () => {
  it('records what each earlier decision kept; nothing is owed afterwards', async () => {
    await ledgerMigration.down(h.db);
    const w = await insertWorkshop(h.db);
    const reg = (values: Record<string, unknown>) => insertRegistration(h.db, w.id, values);
    await reg({ payment_id: 'P-SEAT', status: 'completed' });
    await reg({ payment_id: 'P-ADMIN-CANCEL', status: 'cancelled', status_reason: 'cancelled_by_admin', cancelled_at: new Date() });
    const half = await reg({ payment_id: 'P-HALF', status: 'refunded', status_reason: 'cancelled_by_buyer', cancelled_at: new Date() });
    await refund('P-HALF', 4950, { registration_id: half.id });
    // An underpaid capture (5000 for a 9900 seat) whose refund is still queued.
    const mismatch = await reg({ payment_id: 'P-MISMATCH', status: 'refund_pending', status_reason: 'amount_mismatch' });
    await refund('P-MISMATCH', 5000, { registration_id: mismatch.id, reason: 'amount_mismatch', status: 'queued' });
    // A second payment for the seat above, and money for an order nobody owns.
    await refund('P-DUPLICATE', 9900, { reason: 'duplicate_payment' });
    await refund('P-UNATTRIBUTED', 12900, { reason: 'unattributed' });
    // Cleared: a sale, and a cancellation that kept everything.
    await h.db('workshop_registrations_archive').insert([
      { id: '00000000-0000-4000-8000-0000000000a1', record: { id: '00000000-0000-4000-8000-0000000000a1', status: 'completed', payment_id: 'P-ARCHIVED-SEAT', payment_method: 'razorpay', amount: 9900, currency: 'USD' } },
      {
        id: '00000000-0000-4000-8000-0000000000a2',
        record: { id: '00000000-0000-4000-8000-0000000000a2', status: 'cancelled', payment_id: 'P-ARCHIVED-KEPT', payment_method: 'razorpay', amount: 9900, currency: 'USD', status_reason: 'cancelled_by_buyer', cancelled_at: new Date().toISOString() },
      },
    ]);

    await ledgerMigration.up(h.db);
    const ledger = await h.db('payments').orderBy('payment_id').select('payment_id', 'amount_cents', 'kept_cents', 'decision');
    expect(ledger).toEqual([
      { payment_id: 'P-ADMIN-CANCEL', amount_cents: 9900, kept_cents: 9900, decision: 'cancelled_by_admin' },
      { payment_id: 'P-ARCHIVED-KEPT', amount_cents: 9900, kept_cents: 9900, decision: 'cancelled_by_buyer' },
      { payment_id: 'P-ARCHIVED-SEAT', amount_cents: 9900, kept_cents: 9900, decision: 'seat' },
      { payment_id: 'P-DUPLICATE', amount_cents: 9900, kept_cents: 0, decision: 'refund' },
      { payment_id: 'P-HALF', amount_cents: 9900, kept_cents: 4950, decision: 'cancelled_by_buyer' },
      { payment_id: 'P-MISMATCH', amount_cents: 5000, kept_cents: 0, decision: 'refund' },
      { payment_id: 'P-SEAT', amount_cents: 9900, kept_cents: 9900, decision: 'seat' },
      { payment_id: 'P-UNATTRIBUTED', amount_cents: 12900, kept_cents: 0, decision: 'refund' },
    ]);
    // Captured − kept − refunded: nothing more goes back on any of them.
    const owed = await h.db.raw(
      `SELECT p.payment_id, p.amount_cents - p.kept_cents - coalesce((SELECT sum(amount_cents) FROM refunds f WHERE f.payment_id = p.payment_id), 0) AS owed FROM payments p`,
    );
    expect(owed.rows.filter((r: { owed: string }) => Number(r.owed) !== 0)).toEqual([]);
    // …and the database refuses a refund beyond it.
    await expect(refund('P-HALF', 1)).rejects.toThrow(/would give back/);
  });
});
