import { describe, expect, it } from 'vitest';
import { bookByCard, bookByPaypal, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { download, pageSize, pdfFonts, pdfText } from './pdf-tools';

/** Issue 25, point 5: invoice and credit note PDFs, read back with poppler, by email and by download. */
const h = useTestServer({ admin: true });
const seller = {
  legal_name: 'NoCode Workshops Pvt Ltd',
  address: '12 MG Road\nBengaluru 560001',
  tax_id_label: 'GSTIN',
  tax_id: '29ABCDE1234F1Z5',
  invoice_prefix: 'PDF-',
  credit_note_prefix: 'PCN-',
  tax_rate_percent: 18,
  tax_label: 'IGST',
  footer: 'Thank you for learning with us.',
  paper: 'A4',
};
const attachment = (mail: { attachments: { filename: string; type: string; content: string }[] }, name: RegExp) => {
  const file = mail.attachments.find((a) => name.test(a.filename));
  return file && { filename: file.filename, type: file.type, pdf: Buffer.from(file.content, 'base64') };
};

describe('invoice PDFs', () => {
  it('a paid card order: the invoice is attached to the confirmation, reads back as issued, and downloads from the booking page and the admin', async () => {
    await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: seller });
    const w = await createWorkshop(h.db, { title: 'Build Your First App', price_usd_cents: 11800 });
    const name = 'Zoë Ñúñez 李小龍 नमस्ते';
    const b = await bookByCard(h, w.id, 'pdf-card', { name, billing: { company: 'Acme 株式会社', address: '4 Park Street\nKolkata', tax_id: '29AAAAA1111A1Z5' } });
    const invoice = await h.db('invoices').where({ kind: 'invoice' }).whereRaw(`document->'buyer'->>'email' = ?`, [b.email]).first('number');
    expect(invoice.number).toMatch(/^PDF-\d{4}-000001$/);

    const confirmation = (await sandboxEmails(h.server, b.email)).find((m) => m.subject.startsWith("You're registered"))!;
    const attached = attachment(confirmation, /\.pdf$/)!;
    expect([attached.filename, attached.type]).toEqual([`${invoice.number}.pdf`, 'application/pdf']);
    expect(confirmation.attachments.map((a) => a.filename)).toContain('workshop.ics');
    const text = await pdfText(attached.pdf);
    for (const said of [
      'Tax invoice',
      `Number: ${invoice.number}`,
      'NoCode Workshops Pvt Ltd',
      'GSTIN: 29ABCDE1234F1Z5',
      'Acme 株式会社',
      `Attn: ${name}`,
      'GSTIN: 29AAAAA1111A1Z5',
      'Build Your First App',
      'IGST 18%',
      '$100.00', // net of 118.00 at 18%
      '$18.00',
      'Total (USD) $118.00',
      `Payment: Razorpay, reference ${b.paymentId}`,
      'Prices include IGST at 18%.',
      'Thank you for learning with us.',
    ])
      expect(text).toContain(said);
    const fonts = await pdfFonts(attached.pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((f) => f.embedded)).toBe(true);
    expect(fonts.map((f) => f.name).join(' ')).toContain('NotoSansSC');
    expect(await pageSize(attached.pdf)).toContain('(A4)');

    const listed = await h.api('GET', `/api/booking/${b.token}/invoices`);
    expect(listed.body).toEqual({
      invoice: { number: invoice.number, title: 'Tax invoice', issued_at: expect.any(String), total_cents: 11800, currency: 'USD' },
      credit_notes: [],
      billing: { company: 'Acme 株式会社', address: '4 Park Street\nKolkata', tax_id: '29AAAAA1111A1Z5' },
      tax_id_label: 'GSTIN',
      correctable: true,
    });
    const byBuyer = await download(h.server.url, `/api/booking/${b.token}/invoice.pdf`);
    expect([byBuyer.status, byBuyer.type, byBuyer.disposition]).toEqual([200, 'application/pdf', `attachment; filename="${invoice.number}.pdf"`]);
    expect(await pdfText(byBuyer.body)).toBe(text);
    const byAdmin = await download(h.server.url, `/api/admin/invoices/${invoice.number}.pdf`, h.token);
    expect([byAdmin.status, await pdfText(byAdmin.body)]).toEqual([200, text]);
  }, 60_000);

  it('a refund: its credit note goes out in its own email and downloads; an unknown number, another booking and no sign-in are refused', async () => {
    await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: { ...seller, paper: 'Letter' } });
    const w = await createWorkshop(h.db, { price_usd_cents: 11800 });
    const b = await bookByPaypal(h, w.id, 'pdf-refund');
    const other = await bookByPaypal(h, w.id, 'pdf-other');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');
    expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 5900, reason: 'goodwill' } })).status).toBe(200);
    await refundsSettled(h);
    const [invoice, note] = await h.db('invoices').where({ registration_id: reg.id }).orderBy('kind', 'desc').select('number', 'kind');
    expect([invoice.kind, note.kind]).toEqual(['invoice', 'credit_note']);

    const mail = await waitFor(async () => (await sandboxEmails(h.server, b.email)).find((m) => m.subject.startsWith('Credit note')));
    expect(mail.subject).toBe(`Credit note ${note.number}: your refund of $59.00`);
    const attached = attachment(mail, /\.pdf$/)!;
    expect(attached.filename).toBe(`${note.number}.pdf`);
    const text = await pdfText(attached.pdf);
    for (const said of ['Credit note', `Number: ${note.number}`, `Credits invoice ${invoice.number}`, 'CREDITED TO', '$50.00', '$9.00', 'Total credited (USD) $59.00', 'PayPal']) expect(text).toContain(said);
    expect(await pageSize(attached.pdf)).toContain('(letter)');

    expect((await h.api('GET', `/api/booking/${b.token}/invoices`)).body).toMatchObject({
      credit_notes: [{ number: note.number, issued_at: expect.any(String), total_cents: 5900, currency: 'USD', credits: invoice.number, reason: 'refund' }],
      correctable: false,
    });
    const forAdmin = await h.api('GET', `/api/admin/registrations/${reg.id}/invoices`, { token: h.token });
    expect(forAdmin.body).toMatchObject({ invoice: { number: invoice.number, title: 'Tax invoice', total_cents: 11800 }, credit_notes: [{ number: note.number, total_cents: 5900 }] });
    expect((await h.api('GET', `/api/admin/registrations/00000000-0000-4000-8000-000000000000/invoices`, { token: h.token })).status).toBe(404);
    const byBuyer = await download(h.server.url, `/api/booking/${b.token}/credit-notes/${note.number}.pdf`);
    expect([byBuyer.status, await pdfText(byBuyer.body)]).toEqual([200, text]);

    const refused = async (path: string, token?: string) => {
      const res = await download(h.server.url, path, token);
      return [res.status, JSON.parse(res.body.toString()).error.message];
    };
    expect(await refused(`/api/booking/${other.token}/credit-notes/${note.number}.pdf`)).toEqual([404, 'This booking has no credit note with this number.']);
    expect(await refused(`/api/booking/${b.token}/credit-notes/PCN-1999-000001.pdf`)).toEqual([404, 'This booking has no credit note with this number.']);
    expect(await refused(`/api/admin/invoices/NOPE-2026-000001.pdf`, h.token)).toEqual([404, 'No invoice or credit note with this number.']);
    expect((await download(h.server.url, `/api/admin/invoices/${invoice.number}.pdf`)).status).toBe(401);
    expect((await download(h.server.url, `/api/booking/${'x'.repeat(43)}/invoice.pdf`)).status).toBe(404);
  }, 60_000);

  it('a free seat has no invoice: its booking page lists none and its download says so', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 11800 });
    await h.db('promo_codes').insert({ code: 'PDFFREE', kind: 'percent', value: 100 });
    const co = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, name: 'Free Seat', email: 'pdf-free@example.com', phone: '9876543210', promo_code: 'PDFFREE' } });
    expect(co.status, co.text).toBe(201);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, 'pdf-free@example.com')).find((m) => m.subject.startsWith("You're registered")));
    expect(mail.attachments.map((a) => a.filename)).toEqual(['workshop.ics']);
    const token = mail.text_body?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1];
    expect((await h.api('GET', `/api/booking/${token}/invoices`)).body).toMatchObject({ invoice: null, credit_notes: [], correctable: false });
    const res = await download(h.server.url, `/api/booking/${token}/invoice.pdf`);
    expect([res.status, JSON.parse(res.body.toString()).error.message]).toEqual([404, 'This booking has no invoice.']);
  });
});
