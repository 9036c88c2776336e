import { describe, expect, it } from 'vitest';
import { bookByPaypal } from '../payments/booking-flows';
import { createWorkshop } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { download, pdfImages } from './pdf-tools';
import { png } from './png';

/** Issue 25, point 1: the seller's logo on every document, kept with the documents issued under it. */
const h = useTestServer({ admin: true });

const seller = { legal_name: 'Logo Co', address: '1 Main St', tax_id_label: '', tax_id: '', invoice_prefix: 'INV-', credit_note_prefix: 'CN-', tax_rate_percent: 0, tax_label: '', footer: '', paper: 'A4' };

describe('the seller’s logo', () => {
  it('is printed on invoices; a changed logo leaves earlier documents as issued; one that is not an image is refused', async () => {
    expect((await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: { ...seller, logo: png(40, 20, [91, 75, 245]) } })).status).toBe(200);
    const w = await createWorkshop(h.db);
    const first = await bookByPaypal(h, w.id, 'logo-one');
    const firstNumber = (await h.db('invoices').whereRaw(`document->'buyer'->>'email' = ?`, [first.email]).first('number')).number;
    expect(await pdfImages((await download(h.server.url, `/api/admin/invoices/${firstNumber}.pdf`, h.token)).body)).toEqual([{ width: 40, height: 20 }]);

    expect((await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: { ...seller, logo: png(30, 30, [0, 0, 0]) } })).status).toBe(200);
    const second = await bookByPaypal(h, w.id, 'logo-two');
    const secondNumber = (await h.db('invoices').whereRaw(`document->'buyer'->>'email' = ?`, [second.email]).first('number')).number;
    expect(await pdfImages((await download(h.server.url, `/api/admin/invoices/${secondNumber}.pdf`, h.token)).body)).toEqual([{ width: 30, height: 30 }]);
    // The first invoice keeps the logo it was issued with, even rendered anew.
    const again = await download(h.server.url, `/api/booking/${first.token}/invoice.pdf`);
    expect(await pdfImages(again.body)).toEqual([{ width: 40, height: 20 }]);

    const corrupt = `data:image/png;base64,${Buffer.from('\x89PNG\r\n\x1a\nnot really a png at all').toString('base64')}`;
    for (const [logo, message] of [
      [corrupt, 'This logo cannot be read as a PNG or JPEG image'],
      ['data:image/gif;base64,R0lGODlhAQABAAAAACw=', 'Logo must be a PNG or JPEG image'],
      [`data:image/png;base64,${'A'.repeat(300_000)}`, 'Logo must be 200 KB or smaller'],
    ]) {
      const res = await h.api('PUT', '/api/admin/invoicing', { token: h.token, body: { ...seller, logo } });
      expect([res.status, res.body.error.fields?.logo]).toEqual([422, message]);
    }
    expect((await h.api('GET', '/api/admin/invoicing', { token: h.token })).body.logo).toBe(png(30, 30, [0, 0, 0]));
  }, 60_000);
});
