import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS } from '../../src/sandbox/sandbox.credentials';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from './payments-helpers';

const h = useTestServer();

async function checkout(workshopId: string, who = buyer(randomUUID().slice(0, 8))) {
  const res = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: workshopId, ...who } });
  expect(res.status).toBe(201);
  return { ...res.body, who };
}

function signWebhook(body: string, secret: string = SANDBOX_CREDENTIALS.razorpayWebhookSecret) {
  return createHmac('sha256', secret).update(body).digest('hex');
}

describe('Razorpay checkout: SPEC §5 order of checks', () => {
  it('asks for a workshop first, then an open registration, then all fields, then an Indian mobile', async () => {
    const open = await createWorkshop(h.db);
    const closed = await createWorkshop(h.db, { registration_open: false });
    const msg = async (body: object) => (await h.api('POST', '/api/checkout/razorpay', { body })).body.error.message;
    expect(await msg({ name: '', email: '', phone: '' })).toBe('Please select a workshop.');
    expect(await msg({ workshop_id: closed.id, name: '', email: '', phone: '' })).toBe('Registration for this workshop is currently closed.');
    expect(await msg({ workshop_id: open.id, name: 'A', email: '', phone: '9876543210' })).toBe('Please fill out all fields.');
    expect(await msg({ workshop_id: open.id, name: 'A', email: 'a@example.com', phone: '5876543210' })).toBe('Please enter a valid 10-digit Indian mobile number.');
    expect(await msg({ workshop_id: open.id, name: 'A', email: 'a@example.com', phone: '98765' })).toBe('Please enter a valid 10-digit Indian mobile number.');
    expect(await h.db('workshop_registrations').whereIn('workshop_id', [open.id, closed.id])).toHaveLength(0);
  });
});

describe('Razorpay checkout', () => {
  it('creates the order from the database price, verifies the signature, completes and emails with an .ics', async () => {
    const w = await createWorkshop(h.db, { title: 'Razorpay Happy Path', price_usd_cents: 4900 });
    const before = Date.now();
    const { key_id, order, script_url, who } = await checkout(w.id);
    expect(key_id).toBe(SANDBOX_CREDENTIALS.razorpayKeyId);
    expect(order).toMatchObject({ amount: 4900, currency: 'USD' });
    expect(script_url).toBe('/sandbox/razorpay/checkout.js');
    const stored = await h.db('provider_sandbox.razorpay_orders').where({ id: order.id }).first();
    expect(stored.receipt).toMatch(/^workshop_\d{13}$/);
    expect(Number(stored.receipt.slice('workshop_'.length))).toBeGreaterThanOrEqual(before);

    const paid = await payInRazorpaySandbox(h.server, order, key_id);
    expect(paid.status).toBe(200);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(verify.status).toBe(200);
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();
    expect(verify.body).toEqual({ access_id: reg.access_id });
    expect(reg).toMatchObject({ status: 'completed', payment_method: 'razorpay', payment_id: paid.body.razorpay_payment_id, amount: 4900 });

    const [mail] = await waitFor(async () => {
      const m = await sandboxEmails(h.server, who.email);
      return m.length ? m : undefined;
    });
    expect(mail.subject).toBe("You're registered: Razorpay Happy Path");
    expect(mail.text_body).toContain(reg.access_id);
    expect(mail.text_body).toContain('$49.00');
    const ics = Buffer.from(mail.attachments[0].content, 'base64').toString('utf8');
    expect(ics).toContain('LOCATION:Online');
  });

  it('a forged signature completes nothing and sends nothing', async () => {
    const w = await createWorkshop(h.db);
    const { key_id, order, who } = await checkout(w.id);
    const paid = await payInRazorpaySandbox(h.server, order, key_id);
    const forged = { ...paid.body, razorpay_signature: createHmac('sha256', 'not-the-secret').update(`${order.id}|${paid.body.razorpay_payment_id}`).digest('hex') };
    const res = await h.api('POST', '/api/checkout/razorpay/verify', { body: forged });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Payment verification failed. If money was taken, contact support with your payment ID.');
    // Another order's valid signature does not pay for this one either.
    const other = await checkout(w.id);
    const otherPaid = await payInRazorpaySandbox(h.server, other.order, key_id);
    const swapped = await h.api('POST', '/api/checkout/razorpay/verify', { body: { ...otherPaid.body, razorpay_order_id: order.id } });
    expect(swapped.status).toBe(400);
    expect(await h.db('workshop_registrations').where({ email: who.email }).first()).toMatchObject({ status: 'pending' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sandboxEmails(h.server, who.email)).toHaveLength(0);
  });

  it('a replayed verify answers the same access id; one registration, one email', async () => {
    const w = await createWorkshop(h.db);
    const { key_id, order, who } = await checkout(w.id);
    const paid = await payInRazorpaySandbox(h.server, order, key_id);
    const answers = await Promise.all([1, 2, 3].map(() => h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.access_id)).size).toBe(1);
    await waitFor(async () => (await sandboxEmails(h.server, who.email)).length === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sandboxEmails(h.server, who.email)).toHaveLength(1);
    expect(await h.db('workshop_registrations').where({ email: who.email, status: 'completed' })).toHaveLength(1);
  });

  it('serves a checkout script with the Razorpay API shape and the sandbox buttons', async () => {
    const res = await fetch(`${h.server.url}/sandbox/razorpay/checkout.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    const js = await res.text();
    for (const s of ['window.Razorpay', 'sandbox-razorpay-pay', 'sandbox-razorpay-cancel', 'ondismiss', 'handler']) expect(js).toContain(s);
  });
});

describe('Razorpay webhook', () => {
  it('completes a captured payment whose browser never called verify; replays and forgeries change nothing', async () => {
    const w = await createWorkshop(h.db);
    const { key_id, order, who } = await checkout(w.id);
    const paid = await payInRazorpaySandbox(h.server, order, key_id);
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      payload: { payment: { entity: { id: paid.body.razorpay_payment_id, order_id: order.id, amount: 9900, currency: 'USD', status: 'captured' } } },
    });
    const eventId = `evt_${randomUUID()}`;
    const send = (sig: string, raw = body) => h.api('POST', '/api/webhooks/razorpay', { body: raw, headers: { 'content-type': 'application/json', 'x-razorpay-signature': sig, 'x-razorpay-event-id': eventId } });

    const forged = await send(signWebhook(body, 'wrong-secret'));
    expect(forged.status).toBe(400);
    expect(await h.db('workshop_registrations').where({ email: who.email }).first()).toMatchObject({ status: 'pending' });

    const first = await send(signWebhook(body));
    expect(first.body).toEqual({ status: 'completed' });
    expect((await send(signWebhook(body))).body).toEqual({ status: 'duplicate' });
    expect(await h.db('payment_events').where({ provider: 'razorpay', event_id: eventId })).toHaveLength(1);
    // The browser's verify arriving afterwards agrees.
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
    await waitFor(async () => (await sandboxEmails(h.server, who.email)).length === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sandboxEmails(h.server, who.email)).toHaveLength(1);
  });
});
