import { INVOICE_CORRECTION_MESSAGES, type InvoiceDocument } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { bookByCard, bookByPaypal, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { download, pdfText } from './pdf-tools';

/** Issue 25, point 3: an invoice never changes; correcting its company details credits it and issues a new one. */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const correct = (token: string, billing: unknown) => h.api('PUT', `/api/booking/${token}/billing`, { body: { billing } });
const documentsOf = async (registrationId: string) =>
  (await h.db('invoices').where({ registration_id: registrationId }).orderBy('number').select('number', 'kind', 'total_cents', 'refund_key', 'document', 'credits_invoice_id', 'id')) as {
    number: string;
    kind: string;
    total_cents: number;
    refund_key: string | null;
    document: InvoiceDocument;
    credits_invoice_id: string | null;
    id: string;
  }[];

describe('correcting the company details of an invoice from the booking page', () => {
  it('credits the old invoice in full and issues a new one the same but for the buyer, once; later refunds credit the new one', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    const b = await bookByCard(h, w.id, 'correct-me', { billing: { company: 'Acme Typo Ltd' } });
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    const [first] = await documentsOf(reg.id);

    const res = await correct(b.token, { company: 'Acme Widgets Ltd', address: '4 Park Street', tax_id: 'GB999' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ billing: { company: 'Acme Widgets Ltd', address: '4 Park Street', tax_id: 'GB999' }, correctable: true, credit_notes: [{ total_cents: 9900 }] });
    const docs = await documentsOf(reg.id);
    const note = docs.find((d) => d.kind === 'credit_note')!;
    const reissued = docs.find((d) => d.kind === 'invoice' && d.number !== first.number)!;
    expect(note).toMatchObject({ total_cents: 9900, credits_invoice_id: first.id, refund_key: `correction:${first.id}` });
    expect(reissued.total_cents).toBe(9900);
    expect(reissued.document.replaces).toBe(first.number);
    expect(reissued.document.buyer).toEqual({ name: 'Buyer correct-me', email: b.email, company: 'Acme Widgets Ltd', address: '4 Park Street', tax_id: 'GB999' });
    expect(reissued.document.lines).toEqual(first.document.lines);
    // The old one is untouched: documents never change.
    expect((await h.db('invoices').where({ id: first.id }).first('document')).document.buyer.company).toBe('Acme Typo Ltd');
    expect(res.body.invoice.number).toBe(reissued.number);
    expect(await pdfText((await download(h.server.url, `/api/booking/${b.token}/invoice.pdf`)).body)).toContain('Acme Widgets Ltd');

    // The same details again (a second click, a replay) issue nothing.
    expect((await correct(b.token, { company: 'Acme Widgets Ltd', address: '4 Park Street', tax_id: 'GB999' })).status).toBe(200);
    expect(await documentsOf(reg.id)).toHaveLength(3);

    // A refund now credits the invoice in force.
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 1500, reason: 'goodwill' } })).status).toBe(200);
    await refundsSettled(h);
    const refundNote = await waitFor(async () => (await documentsOf(reg.id)).find((d) => d.refund_key?.startsWith('refund:')));
    expect(refundNote).toMatchObject({ total_cents: 1500, credits_invoice_id: reissued.id });
    // With a credit note on it, the buyer can no longer correct it alone.
    const refused = await correct(b.token, { company: 'Another Name' });
    expect([refused.status, refused.body.error.message]).toEqual([409, INVOICE_CORRECTION_MESSAGES.credited]);
    expect(await documentsOf(reg.id)).toHaveLength(4);
  }, 60_000);

  it('two different corrections at once both stand, one after the other: every invoice but the last is credited in full, numbers without a gap', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    const b = await bookByPaypal(h, w.id, 'correct-twice');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    const answers = await Promise.all([correct(b.token, { company: 'First Co' }), correct(b.token, { company: 'Second Co' })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const docs = await documentsOf(reg.id);
    const invoices = docs.filter((d) => d.kind === 'invoice');
    expect(invoices).toHaveLength(3);
    for (const i of invoices.slice(0, -1)) expect(docs.filter((d) => d.credits_invoice_id === i.id).map((d) => d.total_cents)).toEqual([9900]);
    expect(docs.filter((d) => d.credits_invoice_id === invoices[2].id)).toEqual([]);
    expect((await h.db('workshop_registrations').where({ id: reg.id }).first('billing')).billing.company).toBe(invoices[2].document.buyer.company);
  }, 60_000);

  it('refuses bad details, a link that opens no booking and a booking with no invoice, changing nothing', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    const b = await bookByPaypal(h, w.id, 'correct-bad');
    const before = await h.db('invoices').count('* as n').first();
    const bad = await correct(b.token, { company: 'x'.repeat(201) });
    expect([bad.status, bad.body.error.message]).toEqual([422, 'Company name must be 200 characters or less']);
    expect((await correct('x'.repeat(43), { company: 'Acme' })).status).toBe(404);
    await h.db('promo_codes').insert({ code: 'FREECORR', kind: 'percent', value: 100 });
    const free = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, name: 'Free Corr', email: 'free-corr@example.com', phone: '9876543210', promo_code: 'FREECORR' } });
    expect(free.status).toBe(201);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, 'free-corr@example.com')).find((m) => m.subject.startsWith("You're registered")));
    const freeToken = mail.text_body?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1] as string;
    const none = await correct(freeToken, { company: 'Acme' });
    expect([none.status, none.body.error.message]).toEqual([404, INVOICE_CORRECTION_MESSAGES.noInvoice]);
    expect(await h.db('invoices').count('* as n').first()).toEqual(before);
  }, 60_000);
});
