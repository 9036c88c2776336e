import { DISPLAY_TIME_ZONE, type InvoiceDocument } from '@workshop/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sweepMissingInvoices } from '../../src/invoices/invoice-sweep.job';
import { nextNumber } from '../../src/invoices/numbering';
import { taxIncluded } from '../../src/invoices/tax';
import { bookByCard, bookByPaypal, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop } from '../payments/payments-helpers';
import { client, startAnotherInstance, useTestServer, type TestServerHandle } from '../support/test-server';

/**
 * Invoices and credit notes (issue 25): one invoice per paid order, numbered in the transaction that
 * completes the payment, in a sequence that never gaps or repeats across server instances; a credit
 * note for exactly what went back.
 */
const h = useTestServer({ admin: true });
const year = () => new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: DISPLAY_TIME_ZONE }).format(new Date());
const numberAt = (n: number, prefix = 'INV-') => `${prefix}${year()}-${String(n).padStart(6, '0')}`;

describe('the tax inside an inclusive price', () => {
  it('is gross × rate / (100 + rate), rounded half up, and net + tax is the price', () => {
    expect(taxIncluded(9900, 0)).toEqual({ net: 9900, tax: 0 });
    expect(taxIncluded(11800, 18)).toEqual({ net: 10000, tax: 1800 });
    expect(taxIncluded(9900, 18)).toEqual({ net: 8390, tax: 1510 });
    // 107.5 × 7.5 / 107.5 = 7.5 cents exactly: half up.
    expect(taxIncluded(1075, 7.5).tax).toBe(75);
    expect(taxIncluded(215, 7.5)).toEqual({ net: 200, tax: 15 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 5000 }), (gross, bp) => {
        const { net, tax } = taxIncluded(gross, bp / 100);
        const exact = (gross * bp) / (10_000 + bp);
        return net + tax === gross && tax >= 0 && Math.abs(tax - exact) <= 0.5 && (tax - exact !== -0.5);
      }),
    );
  });
});

describe('invoices', () => {
  it('a paid order gets one receipt (no seller details yet), its numbers the order’s; a refund gets a credit note of exactly what went back', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    const b = await bookByPaypal(h, w.id, 'inv-one');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const invoices = await h.db('invoices').where({ registration_id: reg.id });
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0];
    expect(invoice).toMatchObject({ number: numberAt(1), kind: 'invoice', total_cents: 9900, net_cents: 9900, tax_cents: 0, currency: reg.currency });
    const doc = invoice.document as InvoiceDocument;
    expect(doc.title).toBe('Receipt');
    expect(doc.buyer).toMatchObject({ name: reg.name, email: reg.email });
    expect(doc.lines).toEqual([expect.objectContaining({ quantity: 1, unit_cents: 9900, discount_cents: 0, total_cents: 9900 })]);
    expect(doc.payment).toEqual({ method: 'paypal', reference: b.paymentId });
    // Issued means final: the database refuses a change.
    await expect(h.db('invoices').where({ id: invoice.id }).update({ total_cents: 1 })).rejects.toThrow(/never change/);

    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 2500, reason: 'goodwill', keep_booking: true } })).status).toBe(200);
    await refundsSettled(h);
    const notes = await h.db('invoices').where({ registration_id: reg.id, kind: 'credit_note' });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ number: numberAt(1, 'CN-'), total_cents: 2500, credits_invoice_id: invoice.id });
    expect((await refundedAtProvider(h, b)).cents).toBe(notes[0].total_cents);
    const list = await h.api('GET', '/api/admin/invoices', { token: h.token });
    expect(list.body.items.find((i: { number: string }) => i.number === invoice.number).status).toBe('credited_in_part');
    expect(list.body.items.find((i: { number: string }) => i.number === notes[0].number)).toMatchObject({ kind: 'credit_note', credits: invoice.number });
  });

  it('with the seller set, a tax invoice splits the tax out of the price', async () => {
    const seller = { legal_name: 'NoCode Workshops LLP', address: '12 MG Road\nBengaluru 560001', tax_id_label: 'GSTIN', tax_id: '29ABCDE1234F1Z5', invoice_prefix: 'INV-', credit_note_prefix: 'CN-', tax_rate_percent: 18, tax_label: 'GST', footer: 'Thank you.', paper: 'A4' };
    const bad = await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: { ...seller, credit_note_prefix: 'inv-' } });
    expect([bad.status, bad.body.error.fields?.credit_note_prefix]).toEqual([422, 'Invoices and credit notes need different prefixes']);
    const bell = await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: { ...seller, legal_name: 'Ring\u0007' } });
    expect([bell.status, bell.body.error.fields?.legal_name]).toEqual([422, 'Legal name has characters that cannot be printed']);
    expect((await h.api('GET', '/api/admin/invoicing', { token: h.token })).body.legal_name).toBe('');
    expect((await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: seller })).status).toBe(200);
    expect((await h.api('GET', '/api/admin/invoicing', { token: h.token })).body).toEqual({ ...seller, logo: '' });
    const w = await createWorkshop(h.db, { price_usd_cents: 11800 });
    const b = await bookByCard(h, w.id, 'inv-tax');
    const invoice = await h.db('invoices as i').join('workshop_registrations as r', 'r.id', 'i.registration_id').where('r.email', b.email).first('i.*');
    expect(invoice).toMatchObject({ number: numberAt(2), net_cents: 10000, tax_cents: 1800, total_cents: 11800 });
    expect((invoice.document as InvoiceDocument)).toMatchObject({ title: 'Tax invoice', seller: { legal_name: 'NoCode Workshops LLP', tax_id: '29ABCDE1234F1Z5' }, tax: { label: 'GST', rate_percent: 18 } });
  });

  it('50 orders completed at once on two server instances get 50 distinct consecutive numbers', async () => {
    const other = await startAnotherInstance(h.server);
    try {
      const second: TestServerHandle = { server: { ...h.server, ...other } as never, api: client(other.url), db: h.db, token: h.token };
      const w = await createWorkshop(h.db, { price_usd_cents: 4900, max_participants: 100 });
      const before = Number((await h.db('invoices').where({ kind: 'invoice' }).count('* as n').first())!.n);
      await Promise.all(Array.from({ length: 50 }, (_, i) => bookByCard(i % 2 ? second : h, w.id, `inv-many-${i}`)));
      const numbers = (await h.db('invoices as i').join('workshop_registrations as r', 'r.id', 'i.registration_id').where('r.workshop_id', w.id).pluck('i.number')).sort();
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => numberAt(before + 1 + i)));
    } finally {
      await other.close();
    }
  });

  it('an invoice that cannot be issued never keeps a verified payment from its seat', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    await h.db.raw('ALTER TABLE invoices RENAME TO invoices_away');
    try {
      const b = await bookByCard(h, w.id, 'inv-broken');
      expect((await h.db('workshop_registrations').where({ email: b.email }).first('status')).status).toBe('completed');
    } finally {
      await h.db.raw('ALTER TABLE invoices_away RENAME TO invoices');
    }
    const counters = await h.db('invoice_counters').where({ prefix: 'INV-' }).first('last_number');
    const issued = await h.db('invoices').where({ kind: 'invoice' }).count('* as n').first();
    // Its number was given back with its savepoint: the sequence has no gap.
    expect(counters.last_number).toBe(Number(issued!.n));
    // The sweep issues it later, once it can (twice at once: once), next in the sequence.
    const reg = await h.db('workshop_registrations').where({ email: 'buyerinv-broken@example.com' }).first('id');
    expect(await h.db('invoices').where({ registration_id: reg.id })).toEqual([]);
    const swept = await Promise.all([sweepMissingInvoices(h.db, h.server.deps.logger), sweepMissingInvoices(h.db, h.server.deps.logger)]);
    expect(swept.sort()).toEqual([0, 1]);
    const late = await h.db('invoices').where({ registration_id: reg.id }).select('number', 'total_cents');
    expect(late).toEqual([{ number: numberAt(counters.last_number + 1), total_cents: 9900 }]);
    expect(await sweepMissingInvoices(h.db, h.server.deps.logger)).toBe(0);
  });

  it('a number taken in a transaction that rolls back is given back: no gap', async () => {
    const trx = await h.db.transaction();
    const taken = await nextNumber(trx, 'GAP-');
    await trx.rollback();
    const again = await h.db.transaction((t) => nextNumber(t, 'GAP-'));
    expect([taken, again]).toEqual([`GAP-${year()}-000001`, `GAP-${year()}-000001`]);
  });
});
