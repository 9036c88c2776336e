import { describe, expect, it } from 'vitest';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { download, pdfText } from './pdf-tools';

/** Issue 25: a booking paid outside the site is invoiced, and what an admin gives back by hand is credited. */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
const add = (body: Record<string, unknown>) => h.api('POST', '/api/admin/registrations', { token: h.token, body });
const guest = (n: string) => ({ name: `Guest ${n}`, email: `guest.${n}@example.com`, phone: '9123456780' });

describe('a booking added by hand', () => {
  it('paid offline: invoiced as paid offline; a refund given back by hand is credited once, for its amount, and the buyer is told it was given by hand', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    const res = await add({ workshop_id: w.id, ...guest('offline-inv'), payment: 'offline', amount_cents: 9000, note: 'Bank transfer' });
    expect(res.status, res.text).toBe(201);
    const id = res.body.registration.id as string;
    const invoice = await h.db('invoices').where({ registration_id: id, kind: 'invoice' }).first('id', 'number', 'total_cents');
    expect(invoice.total_cents).toBe(9000);
    expect(await pdfText((await download(h.server.url, `/api/admin/invoices/${invoice.number}.pdf`, h.token)).body)).toContain('Payment: Paid offline');

    expect((await h.api('POST', `/api/admin/registrations/${id}/refund`, { token: h.token, body: { amount_cents: 6000, reason: 'Cannot come; fee kept' } })).status).toBe(200);
    const notes = await h.db('invoices').where({ credits_invoice_id: invoice.id }).select('number', 'total_cents', 'refund_key');
    expect(notes).toEqual([{ number: expect.stringMatching(/^CN-/), total_cents: 6000, refund_key: `by_hand:${id}:6000` }]);
    // A second refund is refused (the decision is final) and credits nothing.
    expect((await h.api('POST', `/api/admin/registrations/${id}/refund`, { token: h.token, body: { amount_cents: 3000, reason: 'again' } })).status).toBe(409);
    expect(await h.db('invoices').where({ credits_invoice_id: invoice.id })).toHaveLength(1);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, 'guest.offline-inv@example.com')).find((m) => m.subject.startsWith('Credit note')));
    expect(mail.text_body).toContain('we have recorded giving you back $60.00 outside the site');
    expect(mail.attachments.map((a) => a.filename)).toEqual([`${notes[0].number}.pdf`]);
  }, 60_000);

  it('complimentary: no invoice, and nothing to credit', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    const res = await add({ workshop_id: w.id, ...guest('comp-inv'), payment: 'complimentary' });
    expect(res.status, res.text).toBe(201);
    const id = res.body.registration.id as string;
    expect((await h.api('POST', `/api/admin/registrations/${id}/cancel`, { token: h.token, body: { reason: 'No longer coming' } })).status).toBeLessThan(300);
    expect(await h.db('invoices').where({ registration_id: id })).toEqual([]);
  }, 60_000);
});
