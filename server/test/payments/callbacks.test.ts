import { describe, expect, it } from 'vitest';
import { REFUND_MAX_ATTEMPTS, scheduleRefundJob } from '../../src/payments/refunds/refund.queue';
import { insertRefund } from '../support/fixtures';
import { client, startTestServer, type TestServer } from '../support/test-server';
import { reconcilePass } from '../../src/payments/reconcile.job';
import { buyer, createWorkshop, follow, payInRazorpaySandbox, pressPaypalButton, sandboxEmails, waitFor } from './payments-helpers';

async function withServer(env: Record<string, string>, fn: (s: TestServer, api: ReturnType<typeof client>) => Promise<void>) {
  const server = await startTestServer(env);
  try {
    await fn(server, client(server.url));
  } finally {
    await server.stop();
  }
}

describe('a buyer who has just paid is never turned away', () => {
  it('verifies the payment while maintenance mode is on and after the public form limit is used up', async () => {
    await withServer({ RATE_LIMIT_FORMS_MAX: '2' }, async (server, api) => {
      const w = await createWorkshop(server.deps.db);
      const co = await api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('just-paid') } });
      expect(co.status).toBe(201);
      // The same IP uses up the form limit, and an admin switches maintenance on.
      expect((await api('POST', '/api/interests', { body: { name: 'X', email: 'x@example.com', phone: '' } })).status).toBe(201);
      expect((await api('POST', '/api/interests', { body: { name: 'X', email: 'x@example.com', phone: '' } })).status).toBe(429);
      await server.deps.db('admin_settings').where({ setting_key: 'site_maintenance' }).update({ setting_value: JSON.stringify({ enabled: true, message: 'Back soon' }) });
      expect((await api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('too-late') } })).status).not.toBe(201);

      const paid = await payInRazorpaySandbox(server, co.body.order, co.body.key_id);
      const verify = await api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
      expect(verify.status, verify.text).toBe(200);
      expect(await server.deps.db('workshop_registrations').where({ provider_order_id: co.body.order.id }).first()).toMatchObject({ status: 'completed' });
      expect((await api('POST', '/api/checkout/razorpay/release', { body: { order_id: co.body.order.id } })).status).toBe(200);
    });
  });
});

describe('the provider cannot be reached when the buyer comes back', () => {
  it('PayPal: tells the buyer not to pay again; the reconciler completes it once PayPal answers', async () => {
    await withServer({ RECONCILE_INTERVAL_SECONDS: '3600' }, async (server, api) => {
      const w = await createWorkshop(server.deps.db);
      const who = buyer('paypal-down-on-return');
      const co = await api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
      const back = await pressPaypalButton(server, co.body.approval_url, 'approve');
      await api('POST', '/sandbox/providers/outage', { body: { seconds: 60 } });
      const location = new URL(await follow(server, back), 'http://site');
      expect(location.searchParams.get('payment')).toBe('processing');
      expect(location.searchParams.get('message')).toBe('We received your payment and are still confirming it with the provider. You will get a confirmation email shortly, so please do not pay again.');
      await api('POST', '/sandbox/providers/outage', { body: { seconds: 0 } });
      await server.deps.db('workshop_registrations').where({ email: who.email }).update({ hold_expires_at: server.deps.db.raw(`now() - interval '1 second'`) });
      await reconcilePass(server.payments!, 3600);
      expect(await server.deps.db('workshop_registrations').where({ email: who.email }).first()).toMatchObject({ status: 'completed' });
      // A made-up token is an unknown payment, not "still confirming".
      const bogus = new URL(await follow(server, '/api/checkout/paypal/return?token=NOT%20A%20TOKEN'), 'http://site');
      expect(bogus.searchParams.get('payment')).toBe('failed');
      expect(bogus.searchParams.get('message')).toBe('We could not find this payment. Any amount taken is being refunded in full. Please try registering again.');
    });
  });
});

describe('money we would only give back is not taken', () => {
  it('captures an authorized card payment that buys a seat, and leaves a second authorization on a paid seat to lapse', async () => {
    await withServer({}, async (server, api) => {
      const w = await createWorkshop(server.deps.db);
      const co = await api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('authorized') } });
      const first = await payInRazorpaySandbox(server, co.body.order, co.body.key_id, 'authorize');
      const verify = await api('POST', '/api/checkout/razorpay/verify', { body: first.body });
      expect(verify.status, verify.text).toBe(200);
      const payments = () => server.deps.db('provider_sandbox.razorpay_payments').where({ order_id: co.body.order.id }).orderBy('created_at');
      expect((await payments())[0]).toMatchObject({ status: 'captured' });

      // A second tab authorizes again before the order shows as paid.
      await server.deps.db('provider_sandbox.razorpay_orders').where({ id: co.body.order.id }).update({ status: 'attempted' });
      const second = await payInRazorpaySandbox(server, co.body.order, co.body.key_id, 'authorize');
      const again = await api('POST', '/api/checkout/razorpay/verify', { body: second.body });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(verify.body);
      const after = await payments();
      expect(after.map((p) => p.status)).toEqual(['captured', 'authorized']);
      expect(await server.deps.db('refunds')).toHaveLength(0);
    });
  });
});

describe('refunds', () => {
  it('counts attempts once: a replayed payment during a refund outage neither resets nor repeats the refund', async () => {
    await withServer({}, async (server, api) => {
      const w = await createWorkshop(server.deps.db, { max_participants: 1 });
      const late = buyer('late-attempts');
      const co = await api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...late } });
      await server.deps.db('workshop_registrations').where({ email: late.email }).update({ hold_expires_at: server.deps.db.raw(`now() - interval '1 minute'`) });
      const winner = await api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('attempts-winner') } });
      await api('POST', '/api/checkout/razorpay/verify', { body: (await payInRazorpaySandbox(server, winner.body.order, winner.body.key_id)).body });

      await api('POST', '/sandbox/refunds/outage', { body: { seconds: 60 } });
      const paid = await payInRazorpaySandbox(server, co.body.order, co.body.key_id);
      expect((await api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(409);
      const refund = await waitFor(async () => {
        const r = await server.deps.db('refunds').where({ payment_id: paid.body.razorpay_payment_id }).first();
        return r?.attempts >= 1 && r.last_error ? r : undefined;
      });
      for (let i = 0; i < 3; i++) expect((await api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(409);
      const rows = await server.deps.db('refunds').where({ payment_id: paid.body.razorpay_payment_id });
      expect(rows).toHaveLength(1);
      expect(rows[0].attempts).toBe(refund.attempts);
      // Still owed: its next attempt is scheduled with backoff (the refund row keeps the count).
      const job = await server.deps.db.raw(`SELECT run_at > now() AS later FROM graphile_worker._private_jobs WHERE key = ?`, [`refund:${refund.id}`]);
      expect(job.rows).toEqual([{ later: true }]);
      await api('POST', '/sandbox/refunds/outage', { body: { seconds: 0 } });
    });
  }, 60_000);

  it('alerts the admins when the refund is owed through a provider this server no longer offers', async () => {
    await withServer({ PAYMENT_PROVIDERS: 'razorpay' }, async (server) => {
      const db = server.deps.db;
      await db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: 'ops@example.com' }) }).onConflict('setting_key').merge();
      // On its last attempt (the refund row counts them).
      const refund = await insertRefund(db, { idempotency_key: 'auto:paypal:CAP-ORPHAN', provider: 'paypal', payment_id: 'CAP-ORPHAN', amount_cents: 9900, currency: 'USD', reason: 'unattributed', attempts: REFUND_MAX_ATTEMPTS - 1 });
      await scheduleRefundJob(db, refund.id);
      const [alert] = await waitFor(async () => {
        const m = await sandboxEmails(server, 'ops@example.com');
        return m.length ? m : undefined;
      });
      expect(alert.subject).toBe('Action needed: refund failed for an unattributed payment ($99.00)');
      expect(alert.text_body).toContain('paypal is not enabled on this server');
      expect(await db('refunds').where({ id: refund.id }).first()).toMatchObject({ status: 'failed', attempts: REFUND_MAX_ATTEMPTS });
    });
  });
});
