import type { InvoiceDocument } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { bookByCard, bookByPaypal } from '../payments/booking-flows';
import { createWorkshop } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/** Issue 25, point 2: a company's details given at checkout are printed on the order's invoice. */
const h = useTestServer({ admin: true });
const seller = { legal_name: 'NoCode Workshops Pvt Ltd', address: '12 MG Road\nBengaluru 560001', tax_id_label: 'GSTIN', tax_id: '29ABCDE1234F1Z5', invoice_prefix: 'INV-', credit_note_prefix: 'CN-', tax_rate_percent: 18, tax_label: 'IGST', footer: '', paper: 'A4' };
const invoiceOf = async (email: string) => {
  const reg = await h.db('workshop_registrations').where({ email }).first('id', 'billing');
  const inv = await h.db('invoices').where({ registration_id: reg.id, kind: 'invoice' }).first('document');
  return { billing: reg.billing, buyer: (inv?.document as InvoiceDocument | undefined)?.buyer };
};
const checkout = (path: 'paypal' | 'razorpay', workshopId: string, email: string, billing: unknown) =>
  h.api('POST', `/api/checkout/${path}`, { body: { workshop_id: workshopId, name: 'Bill Buyer', email, phone: '9876543210', billing } });

describe('billing details at checkout', () => {
  it('print the company, its address and its GSTIN (upper-cased) on the invoice of a card order', async () => {
    expect((await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: seller })).status).toBe(200);
    expect((await h.api('GET', '/api/site')).body.tax_id_label).toBe('GSTIN');
    const w = await createWorkshop(h.db);
    const b = await bookByCard(h, w.id, 'bill-card', { billing: { company: 'Acme Widgets LLP', address: '4 Park Street\nKolkata', tax_id: '29abcde1234f1z5' } });
    const billing = { company: 'Acme Widgets LLP', address: '4 Park Street\nKolkata', tax_id: '29ABCDE1234F1Z5' };
    expect(await invoiceOf(b.email)).toEqual({ billing, buyer: { name: 'Buyer bill-card', email: b.email, ...billing } });
  });

  it('are left out of a PayPal order that gave none, or only empty fields: the SPEC flow is unchanged', async () => {
    const w = await createWorkshop(h.db);
    const none = await bookByPaypal(h, w.id, 'bill-none');
    expect(await invoiceOf(none.email)).toEqual({ billing: null, buyer: { name: 'Buyer bill-none', email: none.email } });
    const empty = await bookByPaypal(h, w.id, 'bill-empty', { billing: { company: ' ', address: '', tax_id: '' } });
    expect((await invoiceOf(empty.email)).billing).toBeNull();
  });

  it('refuse a GSTIN that is not one, a field too long, a control character or an unknown field, with a clear message, holding no seat', async () => {
    await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: seller });
    const w = await createWorkshop(h.db);
    const before = await h.db('workshop_registrations').count('* as n').first();
    const refusals: [unknown, string, string][] = [
      [{ tax_id: 'ABC123' }, 'billing.tax_id', 'Enter a valid 15-character GSTIN, for example 29ABCDE1234F1Z5'],
      [{ company: 'x'.repeat(201) }, 'billing.company', 'Company name must be 200 characters or less'],
      [{ address: 'line\u0007two' }, 'billing.address', 'Billing address has characters that cannot be printed'],
      [{ company: 'Acme', vat: 'x' }, 'billing', 'Billing details have a field this form does not know'],
      ['Acme', 'billing', 'Billing details must be an object'],
    ];
    for (const [billing, field, message] of refusals) {
      for (const path of ['paypal', 'razorpay'] as const) {
        const res = await checkout(path, w.id, `bill-bad-${path}@example.com`, billing);
        expect([res.status, res.body.error.message, res.body.error.fields?.[field]]).toEqual([422, message, message]);
      }
    }
    expect(await h.db('workshop_registrations').count('* as n').first()).toEqual(before);
  });

  it('take any tax ID when the seller’s is not a GSTIN', async () => {
    await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: { ...seller, tax_id_label: 'VAT ID', tax_id: 'DE123456789' } });
    const w = await createWorkshop(h.db);
    const res = await checkout('paypal', w.id, 'bill-vat@example.com', { company: 'Grüne GmbH', tax_id: 'de 123 456 789' });
    expect(res.status, res.text).toBe(201);
    expect((await h.db('workshop_registrations').where({ email: 'bill-vat@example.com' }).first('billing')).billing).toEqual({ company: 'Grüne GmbH', tax_id: 'de 123 456 789' });
  });
});
