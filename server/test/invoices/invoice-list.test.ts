import { DISPLAY_TIME_ZONE } from '@workshop/shared';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { bookByCard, bookByPaypal, refundsSettled } from '../payments/booking-flows';
import { createWorkshop } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { download, pdfText } from './pdf-tools';

/** Issue 25, point 6: the Invoices list, its CSV for the accountant and the ZIP of its PDFs. */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: DISPLAY_TIME_ZONE }).format(new Date());
const list = (query = '') => h.api('GET', `/api/admin/invoices${query}`, { token: h.token });

async function threeOrdersAndARefund() {
  const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
  const card = await bookByCard(h, w.id, 'list-card', { name: '=HYPERLINK("http://evil")' });
  const globex = await bookByPaypal(h, w.id, 'list-globex', { billing: { company: 'Globex Corporation', tax_id: 'GB123' } });
  await bookByPaypal(h, w.id, 'list-third');
  const reg = await h.db('workshop_registrations').where({ email: globex.email }).first('id');
  expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 2500, reason: 'goodwill' } })).status).toBe(200);
  await refundsSettled(h);
  await expect.poll(async () => (await h.db('invoices').where({ kind: 'credit_note' })).length).toBe(1);
  return { card, globex };
}

describe('the Invoices list', () => {
  it('lists newest first with each invoice’s status, searches, filters by issue day in the display time zone, and sums the range', async () => {
    const { globex } = await threeOrdersAndARefund();
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(4);
    expect(all.body.items[0]).toMatchObject({ kind: 'credit_note', status: 'credit', total_cents: 2500, company: 'Globex Corporation' });
    const credited = all.body.items.find((i: { email: string; kind: string }) => i.email === globex.email && i.kind === 'invoice');
    expect(credited).toMatchObject({ status: 'credited_in_part', total_cents: 9900 });
    expect(all.body.items.filter((i: { status: string }) => i.status === 'paid')).toHaveLength(2);
    expect(all.body.totals).toEqual({ invoiced_cents: 29700, credited_cents: 2500, net_cents: 27200 });

    expect((await list('?q=globex')).body.total).toBe(2);
    expect((await list(`?q=${encodeURIComponent(credited.number)}`)).body.items.map((i: { number: string }) => i.number)).toEqual([credited.number]);
    expect((await list(`?from=${today()}&to=${today()}`)).body.total).toBe(4);
    expect((await list('?from=2099-01-01')).body).toEqual({ items: [], total: 0, totals: { invoiced_cents: 0, credited_cents: 0, net_cents: 0 } });

    // 23:30 in New York on Feb 28 is already March 1 in UTC: it is a February invoice.
    await h.db('invoices').insert({ number: 'OLD-2026-000001', kind: 'invoice', issued_at: '2026-03-01T04:30:00Z', currency: 'USD', net_cents: 100, tax_cents: 0, total_cents: 100, document: JSON.stringify({ ...(await h.db('invoices').first('document')).document }) });
    expect((await list('?from=2026-02-28&to=2026-02-28')).body.items.map((i: { number: string }) => i.number)).toEqual(['OLD-2026-000001']);
    expect((await list('?from=2026-03-01&to=2026-03-01')).body.total).toBe(0);

    for (const [query, message] of [
      ['?from=2026-13-01', 'From is not a real date'],
      ['?to=yesterday', 'To must be a date (YYYY-MM-DD)'],
      ['?from=2026-03-02&to=2026-03-01', 'From must be on or before To'],
    ])
      expect([(await list(query)).status, (await list(query)).body.error.message]).toEqual([422, message]);
  }, 60_000);

  it('exports one CSV row per invoice and credit note (credit notes negative), formula-safe, summing to what the range kept; credits match the refunds made', async () => {
    const res = await h.api('GET', `/api/admin/invoices/export.csv?from=${today()}&to=${today()}`, { token: h.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoices_${today()}_to_${today()}.csv"`);
    expect(res.text.startsWith('\ufeff')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(res.text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(['Number', 'Type', 'Date', 'Credits Invoice', 'Buyer', 'Email', 'Company', 'Buyer Tax ID', 'Currency', 'Net', 'Tax', 'Total', 'Tax Rate', 'Payment Method', 'Payment Reference']);
    const rows = parsed.data;
    expect(rows.map((r) => r.Type).sort()).toEqual(['Credit note', 'Invoice', 'Invoice', 'Invoice']);
    expect(rows.every((r) => r.Date === today())).toBe(true);
    const note = rows.find((r) => r.Type === 'Credit note')!;
    expect(note).toMatchObject({ Total: '-25.00', Company: 'Globex Corporation', 'Buyer Tax ID': 'GB123', 'Payment Method': 'PayPal' });
    expect(rows.find((r) => r.Number === note['Credits Invoice'])?.Company).toBe('Globex Corporation');
    expect(rows.find((r) => r['Payment Method'] === 'Razorpay')?.Buyer).toBe('\'=HYPERLINK("http://evil")');
    const net = rows.reduce((sum, r) => sum + Math.round(Number(r.Total) * 100), 0);
    expect(net).toBe(27200);
    // What the credit notes gave back is what the dashboard says the providers refunded.
    const dashboard = (await h.api('GET', '/api/admin/dashboard', { token: h.token })).body;
    expect(-rows.filter((r) => r.Type === 'Credit note').reduce((sum, r) => sum + Math.round(Number(r.Total) * 100), 0)).toBe(dashboard.refunded_cents);
    // The invoices of the orders still booked add up to its Collected (an ended order's invoice stands, with its credit note).
    const booked = new Set(await h.db('invoices as i').join('workshop_registrations as r', 'r.id', 'i.registration_id').where({ 'r.status': 'completed', 'i.kind': 'invoice' }).pluck('i.number'));
    expect(rows.filter((r) => booked.has(r.Number)).reduce((sum, r) => sum + Math.round(Number(r.Total) * 100), 0)).toBe(dashboard.collected_cents);
  });

  it('downloads every PDF of a range as one ZIP that a zip reader opens, each PDF its own number; an empty range is an empty ZIP', async () => {
    const zip = await download(h.server.url, `/api/admin/invoices/archive.zip?from=${today()}&to=${today()}`, h.token);
    expect([zip.status, zip.type, zip.disposition]).toEqual([200, 'application/zip', `attachment; filename="invoices_${today()}_to_${today()}.zip"`]);
    const files = unzipSync(new Uint8Array(zip.body));
    const numbers = (await h.db('invoices').whereNot({ number: 'OLD-2026-000001' }).orderBy('number').pluck('number')) as string[];
    expect(Object.keys(files).sort()).toEqual(numbers.map((n) => `${n}.pdf`).sort());
    for (const n of numbers) expect(await pdfText(Buffer.from(files[`${n}.pdf`]))).toContain(`Number: ${n}`);
    const empty = await download(h.server.url, '/api/admin/invoices/archive.zip?from=2099-01-01', h.token);
    expect(Object.keys(unzipSync(new Uint8Array(empty.body)))).toEqual([]);
    expect((await download(h.server.url, '/api/admin/invoices/archive.zip')).status).toBe(401);
  }, 60_000);
});
