import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPaypalWebhook } from '../../src/sandbox/sandbox.credentials';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, follow, payWithPaypal, pressPaypalButton, sandboxEmails, waitFor } from './payments-helpers';

const h = useTestServer();

/** A delivery as PayPal makes it: the event JSON plus transmission headers the sandbox can verify. */
function deliver(event: object, headers?: Record<string, string>) {
  const raw = JSON.stringify(event);
  return h.api('POST', '/api/webhooks/paypal', { body: raw, headers: { 'content-type': 'application/json', ...signPaypalWebhook(raw, randomUUID()), ...headers } });
}

async function approvedButNeverReturned(tag: string) {
  const w = await createWorkshop(h.db);
  const who = buyer(tag);
  const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
  await pressPaypalButton(h.server, res.body.approval_url, 'approve');
  const orderId = new URL(res.body.approval_url).searchParams.get('token') as string;
  return { who, orderId };
}

describe('PayPal webhook', () => {
  it('refuses a forged signature before reading anything', async () => {
    const { who, orderId } = await approvedButNeverReturned('forged');
    const event = { id: `WH-${randomUUID()}`, event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: orderId } };
    const res = await deliver(event, { 'paypal-transmission-sig': 'f'.repeat(64) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Invalid webhook signature');
    // A body changed after signing fails too.
    const raw = JSON.stringify(event);
    const signed = signPaypalWebhook(raw, randomUUID());
    const tampered = await h.api('POST', '/api/webhooks/paypal', { body: raw.replace('APPROVED', 'COMPLETED'), headers: { 'content-type': 'application/json', ...signed } });
    expect(tampered.status).toBe(400);
    expect(await h.db('workshop_registrations').where({ email: who.email }).first()).toMatchObject({ status: 'pending' });
    expect(await h.db('payment_events').where({ event_id: event.id })).toHaveLength(0);
  });

  it('captures an approved order whose buyer never came back; a replay changes nothing', async () => {
    const { who, orderId } = await approvedButNeverReturned('webhook');
    const event = { id: `WH-${randomUUID()}`, event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: orderId, status: 'APPROVED' } };
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'completed' });
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();
    expect(reg).toMatchObject({ status: 'completed', payment_method: 'paypal' });

    const replay = await deliver(event);
    expect(replay.body).toEqual({ status: 'duplicate' });
    expect(await h.db('payment_events').where({ provider: 'paypal', event_id: event.id })).toHaveLength(1);

    // The buyer comes back late: same registration, same thank-you page.
    const late = await fetch(`${h.server.url}/api/checkout/paypal/return?token=${orderId}`, { redirect: 'manual' });
    expect(late.headers.get('location')).toContain(`accessId=${reg.access_id}`);
    await waitFor(async () => (await sandboxEmails(h.server, who.email)).length === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sandboxEmails(h.server, who.email)).toHaveLength(1);
    expect(await h.db('workshop_registrations').where({ email: who.email, status: 'completed' })).toHaveLength(1);
  });

  it('handles a completed capture by asking PayPal, not by trusting the payload', async () => {
    const { who, orderId } = await approvedButNeverReturned('capture-completed');
    // Captured elsewhere (e.g. by another instance) but our registration is still pending.
    const token = await fetch(`${h.server.url}/sandbox/paypal/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: 'Basic ' + Buffer.from('sandbox-paypal-client:sandbox-paypal-secret').toString('base64'), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    }).then((r) => r.json());
    const captured = await fetch(`${h.server.url}/sandbox/paypal/v2/checkout/orders/${orderId}/capture`, { method: 'POST', headers: { authorization: `Bearer ${token.access_token}` } }).then((r) => r.json());
    const capture = captured.purchase_units[0].payments.captures[0];
    const event = {
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      resource: { id: capture.id, status: 'COMPLETED', amount: { currency_code: 'USD', value: '0.01' }, supplementary_data: { related_ids: { order_id: orderId } } },
    };
    expect((await deliver(event)).body).toEqual({ status: 'completed' });
    expect(await h.db('workshop_registrations').where({ email: who.email }).first()).toMatchObject({ status: 'completed', payment_id: capture.id, amount: 9900 });
  });

  it('a capture PayPal holds for review keeps the seat, tells the buyer not to pay again, and completes on its webhook', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const who = buyer('pending-review');
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    const orderId = new URL(res.body.approval_url).searchParams.get('token') as string;
    const location = await follow(h.server, await pressPaypalButton(h.server, res.body.approval_url, 'approve-pending'));
    const back = new URL(location, 'http://site');
    expect(back.pathname).toBe('/');
    expect(back.searchParams.get('payment')).toBe('processing');
    expect(back.searchParams.get('message')).toBe('Your payment is still being processed by the provider. We will email your confirmation as soon as it completes, so please do not pay again.');
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();
    expect(reg).toMatchObject({ status: 'pending', status_reason: 'capture_pending' });

    const order = await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first();
    expect((await h.api('POST', `/sandbox/paypal/captures/${order.capture_id}/settle`, { body: { outcome: 'COMPLETED' } })).status).toBe(200);
    const event = { id: `WH-${randomUUID()}`, event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: order.capture_id, status: 'COMPLETED', supplementary_data: { related_ids: { order_id: orderId } } } };
    expect((await deliver(event)).body).toEqual({ status: 'completed' });
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ status: 'completed', payment_id: order.capture_id });
    await waitFor(async () => (await sandboxEmails(h.server, who.email)).length === 1);
  });

  it('a capture PayPal denies after review fails the pending registration and frees its seat', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const who = buyer('denied');
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    const orderId = new URL(res.body.approval_url).searchParams.get('token') as string;
    await follow(h.server, await pressPaypalButton(h.server, res.body.approval_url, 'approve-pending'));
    const order = await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first();
    // The payload alone proves nothing: before PayPal itself says DECLINED, the row keeps waiting.
    const early = { id: `WH-${randomUUID()}`, event_type: 'PAYMENT.CAPTURE.DENIED', resource: { id: order.capture_id, status: 'DECLINED', supplementary_data: { related_ids: { order_id: orderId } } } };
    expect((await deliver(early)).body).toEqual({ status: 'processing' });
    await h.api('POST', `/sandbox/paypal/captures/${order.capture_id}/settle`, { body: { outcome: 'DECLINED' } });
    const event = { ...early, id: `WH-${randomUUID()}` };
    expect((await deliver(event)).body).toEqual({ status: 'declined' });
    expect(await h.db('workshop_registrations').where({ email: who.email }).first()).toMatchObject({ status: 'failed', status_reason: 'declined' });
    expect((await h.api('GET', '/api/workshops')).body.find((x: { id: string }) => x.id === w.id).seats_left).toBe(1);
  });

  it('a full refund made at PayPal (its dashboard) marks the registration refunded', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('refunded-at-paypal');
    await payWithPaypal(h.server, w.id, who);
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();
    // The merchant refunds it in PayPal's dashboard; PayPal then tells us.
    const refunded = await fetch(`${h.server.url}/sandbox/paypal/v2/payments/captures/${reg.payment_id}/refund`, { method: 'POST', headers: { authorization: 'Bearer A21AA-sandbox-dashboard', 'content-type': 'application/json' }, body: '{}' });
    expect(refunded.status).toBe(201);
    const event = {
      id: `WH-${randomUUID()}`,
      event_type: 'PAYMENT.CAPTURE.REFUNDED',
      resource: { id: 'RF1', status: 'COMPLETED', links: [{ rel: 'up', href: `https://api-m.paypal.com/v2/payments/captures/${reg.payment_id}` }] },
    };
    expect((await deliver(event)).body).toEqual({ status: 'refunded' });
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ status: 'refunded', status_reason: 'refunded_at_provider' });
    expect((await deliver(event)).body).toEqual({ status: 'duplicate' });
  });
});
