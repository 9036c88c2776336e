import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../server/test/invoices/pdf-tools';
import { createWorkshop, payWithPaypal } from '../../server/test/payments/payments-helpers';
import type { TestServer } from '../../server/test/support/test-server';
import { RENDERER_ORIGIN } from './support/desktop-harness';
import { connectAndSignIn, type DesktopApp, startDesktopAndServer } from './support/desktop-session';

/** Issue 25: an admin saves a registration's invoice from the desktop app, through the system save dialog. */
const ADMIN = { email: 'desk-invoices@test.local', password: 'desktop invoices password' };
let server: TestServer;
let app: DesktopApp;
let page: Page;

beforeAll(async () => {
  ({ server, app, page } = await startDesktopAndServer(ADMIN));
}, 180_000);

afterAll(async () => {
  await app?.close();
  await server?.stop();
});

describe('an invoice in the desktop app', () => {
  it('is saved as the PDF the server issued, where the save dialog said, and an OS notice says where', async () => {
    const w = await createWorkshop(server.deps.db, { title: 'Desktop Invoice Workshop' });
    await payWithPaypal(server, w.id, { name: 'Paid Person', email: 'paid.person@example.com', phone: '9876543210' });
    const reg = await server.deps.db('workshop_registrations').where({ email: 'paid.person@example.com', status: 'completed' }).first('id');
    const invoice = await server.deps.db('invoices').where({ registration_id: reg.id, kind: 'invoice' }).first('number');

    await connectAndSignIn(page, server, ADMIN);
    await page.goto(`${RENDERER_ORIGIN}/index.html#/registrations/${reg.id}`);
    const card = page.getByTestId('registration-invoices');
    await card.waitFor();
    expect(await card.innerText()).toContain(`Receipt ${invoice.number}`);

    await card.getByRole('button', { name: `Save Receipt ${invoice.number} as PDF` }).click();
    await page.getByText(`${invoice.number}.pdf saved`).waitFor();
    const file = path.join(app.downloadsDir, `${invoice.number}.pdf`);
    expect(app.saveDialogs.at(-1)?.defaultPath).toBe(file);
    const text = await pdfText(await readFile(file));
    expect(text).toContain(`Receipt Number: ${invoice.number}`);
    expect(text).toContain('Paid Person');
    expect(app.notifications.shown.at(-1)?.options).toMatchObject({ title: 'PDF saved', body: `${invoice.number}.pdf is in ${app.downloadsDir}` });
  }, 90_000);
});
