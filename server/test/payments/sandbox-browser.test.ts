import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../scripts/e2e/browser';
import { type ApiClient, client, startTestServer, type TestServer } from '../support/test-server';
import { buyer, createWorkshop, waitFor } from './payments-helpers';

let server: TestServer;
let browser: Browser;
let api: ApiClient;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchChromium()]);
  api = client(server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('provider sandbox in a real browser (with the site CSP)', () => {
  it('PayPal: the approval page approves and the browser lands on the thank-you URL', async () => {
    const w = await createWorkshop(server.deps.db);
    const who = buyer('browser-pp');
    const res = await api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    const page = await browser.newPage();
    await page.goto(res.body.approval_url);
    await expect(page.getByTestId('sandbox-paypal-cancel').isVisible()).resolves.toBe(true);
    await page.getByTestId('sandbox-paypal-approve').click();
    await page.waitForURL(/\/thank-you\?payment=success&method=paypal/);
    const reg = await server.deps.db('workshop_registrations').where({ email: who.email }).first();
    expect(new URL(page.url()).searchParams.get('accessId')).toBe(reg.access_id);
    expect(reg.status).toBe('completed');
    await page.close();
  });

  it('Razorpay: the checkout script opens a modal whose Pay button hands the handler a verifiable signature', async () => {
    const w = await createWorkshop(server.deps.db);
    const who = buyer('browser-rzp');
    const co = await api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
    const page = await browser.newPage();
    // Any page of the site's origin, under its CSP (script-src 'self').
    await page.goto(`${server.url}/sandbox/paypal/checkoutnow?token=none`);
    await page.addScriptTag({ url: co.body.script_url });
    await page.evaluate(
      ({ key, order }) =>
        new (window as any).Razorpay({
          key,
          amount: order.amount,
          currency: order.currency,
          order_id: order.id,
          name: 'No-Code Workshop',
          description: 'Workshop registration',
          prefill: { name: 'B', email: 'b@example.com', contact: '9876543210' },
          handler: (resp: unknown) => ((window as any).paid = resp),
          modal: { ondismiss: () => ((window as any).dismissed = true) },
        }).open(),
      { key: co.body.key_id, order: co.body.order },
    );
    await page.getByTestId('sandbox-razorpay-pay').click();
    const resp = await waitFor(() => page.evaluate(() => (window as any).paid));
    expect(resp).toMatchObject({ razorpay_order_id: co.body.order.id });
    const verify = await api('POST', '/api/checkout/razorpay/verify', { body: resp });
    expect(verify.status).toBe(200);
    await expect(page.getByTestId('sandbox-razorpay-modal').count()).resolves.toBe(0);
    await page.close();
  });

  it('Razorpay: Cancel closes the modal and calls ondismiss', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/sandbox/paypal/checkoutnow?token=none`);
    await page.addScriptTag({ url: '/sandbox/razorpay/checkout.js' });
    await page.evaluate(() => new (window as any).Razorpay({ key: 'rzp_test_sandbox', amount: 9900, currency: 'USD', order_id: 'order_x', modal: { ondismiss: () => ((window as any).dismissed = true) } }).open());
    await page.getByTestId('sandbox-razorpay-cancel').click();
    expect(await page.evaluate(() => (window as any).dismissed)).toBe(true);
    await page.close();
  });
});
