import type { Db } from '../../src/db/knex';
import { listSandboxEmails } from '../../src/sandbox/sandbox.store';
import { DAY, insertWorkshop, type WorkshopRow } from '../support/fixtures';
import { client, type TestServer } from '../support/test-server';

/** The workshop the checkout tests buy: two weeks ahead, $99, 20 seats. */
export function createWorkshop(db: Db, overrides: Record<string, unknown> = {}): Promise<WorkshopRow> {
  return insertWorkshop(db, { title: 'Build Your First App', description: 'Live no-code workshop', date: new Date(Date.now() + 14 * DAY), duration_hours: 5, ...overrides });
}

export function buyer(n: number | string) {
  return { name: `Buyer ${n}`, email: `buyer${n}@example.com`, phone: '9876543210' };
}

export async function waitFor<T>(fn: () => Promise<T | undefined | false | null>, timeoutMs = 15_000, stepMs = 100): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** What a browser does on the sandbox approval page: press Approve / Decline / Cancel; returns where PayPal sends it. */
export async function pressPaypalButton(server: TestServer, approvalUrl: string, action: 'approve' | 'approve-pending' | 'decline' | 'cancel'): Promise<string> {
  const token = new URL(approvalUrl).searchParams.get('token');
  const page = await fetch(approvalUrl);
  const html = await page.text();
  if (!html.includes(`data-testid="sandbox-paypal-${action}"`)) throw new Error(`no ${action} button on the approval page`);
  const res = await fetch(`${server.url}/sandbox/paypal/checkoutnow/${token}/${action}`, { method: 'POST', redirect: 'manual' });
  return res.headers.get('location') as string;
}

/** Follows one redirect on the server, as the browser would; returns the Location it answers. */
export async function follow(server: TestServer, location: string): Promise<string> {
  const url = new URL(location, server.url);
  const res = await fetch(url, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`expected 302 from ${url.pathname}, got ${res.status}: ${await res.text()}`);
  return res.headers.get('location') as string;
}

/** Checkout → approve → return: the PayPal happy path; answers the final site location. */
export async function payWithPaypal(server: TestServer, workshopId: string, who = buyer(1)): Promise<{ location: string; orderId: string }> {
  const res = await client(server.url)('POST', '/api/checkout/paypal', { body: { workshop_id: workshopId, ...who } });
  if (res.status !== 201) throw new Error(`checkout: ${res.status} ${res.text}`);
  const orderId = new URL(res.body.approval_url).searchParams.get('token') as string;
  const back = await pressPaypalButton(server, res.body.approval_url, 'approve');
  return { location: await follow(server, back), orderId };
}

/** What the sandbox checkout script's Pay button does. */
export async function payInRazorpaySandbox(server: TestServer, order: { id: string }, keyId: string, outcome: 'success' | 'fail' | 'authorize' = 'success') {
  const res = await client(server.url)('POST', '/sandbox/razorpay/pay', { body: { key: keyId, order_id: order.id, email: 'x@example.com', contact: '9876543210', outcome } });
  return res;
}

export async function sandboxEmails(server: TestServer, to?: string) {
  return listSandboxEmails(server.deps.db, to);
}

export function registrations(db: Db) {
  return db('workshop_registrations').orderBy('created_at', 'asc');
}
