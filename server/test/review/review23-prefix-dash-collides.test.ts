import { DISPLAY_TIME_ZONE } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { sweepMissingInvoices } from '../../src/invoices/invoice-sweep.job';
import { bookByCard, refundsSettled } from '../payments/booking-flows';
import { createWorkshop } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * Review 23: two prefixes the settings accept as different print the same numbers.
 *
 * Promise (issue 25, "the books"): every completed paid order gets exactly one invoice and every
 * refund that went back exactly one credit note, numbered PREFIX-YYYY-NNNNNN in a gapless
 * sequence per prefix and year that never repeats.
 *
 * numbering.ts keeps one counter row per prefix AS WRITTEN ('INV' and 'INV-' are two rows) but
 * prints both as 'INV-YYYY-NNNNNN' (a dash added when the prefix has none). The settings schema
 * refuses an invoice prefix equal to the credit note prefix only up to case ('INV-' vs 'INV' pass),
 * and lets an owner drop the trailing dash mid-year.
 *
 * Sequence A (an owner drops the dash, which the number adds back anyway):
 *  1. Invoice prefix 'INV-' (the default); a card order is invoiced INV-YYYY-000001.
 *  2. The owner saves the invoice prefix as 'INV' (accepted: 200).
 *  3. A second card order completes.
 * Observed: its invoice is numbered INV-YYYY-000001 again by the new counter row; the unique
 * number refuses it, the savepoint drops it, and the paid order has NO invoice. The invoice sweep
 * (invoice-sweep.job.ts) cannot recover it either: its retry takes the same 'INV' counter, whose
 * increment was rolled back with the savepoint, and collides again, every ten minutes.
 * Expected: the second order is invoiced INV-YYYY-000002 (or the prefix is refused/normalised).
 *
 * Sequence B (credit notes 'INV', invoices 'INV-': accepted as different prefixes):
 *  4. A refund of the first order goes through.
 * Observed: its credit note takes 'INV-YYYY-000001' from the 'INV' counter (the other instance of
 * that string is the first invoice): refused, no credit note for money that went back.
 * Expected: one credit note for the refund.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const year = () => new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: DISPLAY_TIME_ZONE }).format(new Date());
const seller = { legal_name: '', address: '', tax_id_label: '', tax_id: '', invoice_prefix: 'INV-', credit_note_prefix: 'CN-', tax_rate_percent: 0, tax_label: '', footer: '', paper: 'A4' };

describe('invoice prefixes with and without their dash', () => {
  it('never make a paid order go without its invoice, nor a refund without its credit note', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900, max_participants: 10 });
    const first = await bookByCard(h, w.id, 'r23-prefix-1');
    const firstReg = await h.db('workshop_registrations').where({ email: first.email }).first('id');
    expect((await h.db('invoices').where({ registration_id: firstReg.id }).first('number')).number).toBe(`INV-${year()}-000001`);

    const dropDash = await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: { ...seller, invoice_prefix: 'INV' } });
    expect(dropDash.status, dropDash.text).toBe(200);
    const second = await bookByCard(h, w.id, 'r23-prefix-2');
    const secondReg = await h.db('workshop_registrations').where({ email: second.email }).first('id', 'status');
    expect(secondReg.status).toBe('completed');
    // The sweep that issues invoices a completing payment could not.
    const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
    await sweepMissingInvoices(h.db, quiet as never);
    const secondInvoices = await h.db('invoices').where({ registration_id: secondReg.id, kind: 'invoice' }).pluck('number');

    // Sequence B: credit notes on 'INV', invoices back on 'INV-' (refusing these prefixes is a fair answer too).
    const swap = await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: { ...seller, invoice_prefix: 'INV-', credit_note_prefix: 'INV' } });
    expect(swap.status, swap.text).toBeLessThan(500);
    expect((await h.api('POST', `/api/admin/registrations/${firstReg.id}/refund`, { token: h.token, body: { amount_cents: 2500, reason: 'goodwill', keep_booking: true } })).status).toBe(200);
    await refundsSettled(h);
    await new Promise((r) => setTimeout(r, 500));
    const refund = await h.db('refunds').where({ registration_id: firstReg.id }).first('status');
    const notes = await h.db('invoices').where({ registration_id: firstReg.id, kind: 'credit_note' }).pluck('total_cents');

    expect(
      { secondOrderInvoices: secondInvoices.length, refund: refund.status, creditNotes: notes },
      'a prefix without its dash collides with the one with it: a paid order without an invoice, a refund without a credit note',
    ).toEqual({ secondOrderInvoices: 1, refund: 'succeeded', creditNotes: [2500] });
  }, 60_000);
});
