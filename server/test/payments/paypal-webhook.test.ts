import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPaypalWebhook } from '../../src/sandbox/sandbox.credentials';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, payWithPaypal, pressPaypalButton, sandboxEmails, waitFor } from './payments-helpers';

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

  it('a denied capture fails the pending registration and frees its seat', async () => {
    const { who, orderId } = await approvedButNeverReturned('denied');
    const event = { id: `WH-${randomUUID()}`, event_type: 'PAYMENT.CAPTURE.DENIED', resource: { id: 'CAPX', status: 'DECLINED', supplementary_data: { related_ids: { order_id: orderId } } } };
    expect((await deliver(event)).body).toEqual({ status: 'failed' });
    expect(await h.db('workshop_registrations').where({ email: who.email }).first()).toMatchObject({ status: 'failed', status_reason: 'declined' });
  });

  it('a refund made at PayPal marks the registration refunded', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('refunded-at-paypal');
    await payWithPaypal(h.server, w.id, who);
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();
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
