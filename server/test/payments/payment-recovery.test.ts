import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { client, startTestServer, type TestServer, useTestServer } from '../support/test-server';
import { buyer, createWorkshop, follow, payInRazorpaySandbox, payWithPaypal, pressPaypalButton, sandboxEmails, waitFor } from './payments-helpers';

const ENV = { RECONCILE_INTERVAL_SECONDS: '1' };
const h = useTestServer({ env: ENV });

const expireHold = (id: string) => h.db('workshop_registrations').where({ id }).update({ hold_expires_at: h.db.raw(`now() - interval '1 minute'`) });
const regOf = (email: string) => h.db('workshop_registrations').where({ email }).first();

describe('reconciliation of expired holds', () => {
  it('captures an approved PayPal order whose buyer never came back, and fails the unpaid ones into revive', async () => {
    const w = await createWorkshop(h.db);
    const payer = buyer('rec-paid');
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...payer } });
    await pressPaypalButton(h.server, res.body.approval_url, 'approve');
    const walker = buyer('rec-walked');
    await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...walker } });
    const rzp = buyer('rec-rzp-unpaid');
    await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...rzp } });
    const rzpPaid = buyer('rec-rzp-paid');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...rzpPaid } });
    await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);

    for (const who of [payer, walker, rzp, rzpPaid]) await expireHold((await regOf(who.email)).id);
    await waitFor(async () => (await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'pending' })).length === 0);

    expect(await regOf(payer.email)).toMatchObject({ status: 'completed', payment_method: 'paypal' });
    expect(await regOf(rzpPaid.email)).toMatchObject({ status: 'completed', payment_method: 'razorpay' });
    for (const who of [walker, rzp]) {
      const reg = await regOf(who.email);
      expect(reg).toMatchObject({ status: 'failed', status_reason: 'hold_expired' });
      expect(await h.db('revive').where({ registration_id: reg.id, source: 'abandoned_checkout' })).toHaveLength(1);
    }
    await waitFor(async () => (await sandboxEmails(h.server, payer.email)).length === 1);
  });
});

describe('a server restart between approval and return', () => {
  it('still completes the payment when the buyer comes back to the new server', async () => {
    const restartable = await startTestServer(ENV);
    let second: RunningServer | undefined;
    try {
      const w = await createWorkshop(restartable.deps.db);
      const who = buyer('restart');
      const res = await client(restartable.url)('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
      const back = await pressPaypalButton(restartable, res.body.approval_url, 'approve');
      await restartable.close();

      second = await startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: restartable.testDb.url, ...ENV }));
      const path = new URL(back, 'http://x').pathname + new URL(back, 'http://x').search;
      const location = await follow({ url: second.url } as TestServer, path);
      expect(location).toMatch(/^\/thank-you\?payment=success&method=paypal/);
      expect(await second.deps.db('workshop_registrations').where({ email: who.email }).first()).toMatchObject({ status: 'completed' });
    } finally {
      await second?.close();
      await restartable.close();
      await restartable.testDb.drop();
    }
  });

  it('completes it through reconciliation when the buyer never comes back', async () => {
    const restartable = await startTestServer(ENV);
    let second: RunningServer | undefined;
    try {
      const w = await createWorkshop(restartable.deps.db);
      const who = buyer('restart-gone');
      const res = await client(restartable.url)('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
      await pressPaypalButton(restartable, res.body.approval_url, 'approve');
      await restartable.close();

      second = await startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: restartable.testDb.url, ...ENV }));
      const db = second.deps.db;
      await db('workshop_registrations').where({ email: who.email }).update({ hold_expires_at: db.raw(`now() - interval '1 minute'`) });
      await waitFor(async () => (await db('workshop_registrations').where({ email: who.email }).first()).status === 'completed');
      await waitFor(async () => (await listSent(db, who.email)).length === 1);
    } finally {
      await second?.close();
      await restartable.close();
      await restartable.testDb.drop();
    }
  });
});

async function listSent(db: RunningServer['deps']['db'], email: string) {
  return db('provider_sandbox.emails').where({ to_email: email });
}

describe('a payment that arrives after its hold expired', () => {
  it('still gets the seat when one is free', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const who = buyer('late-free');
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    const back = await pressPaypalButton(h.server, res.body.approval_url, 'approve');
    const reg = await regOf(who.email);
    await h.db('workshop_registrations').where({ id: reg.id }).update({ status: 'failed', status_reason: 'hold_expired', hold_expires_at: h.db.raw(`now() - interval '1 minute'`) });
    expect(await follow(h.server, back)).toMatch(/^\/thank-you\?payment=success/);
    expect(await regOf(who.email)).toMatchObject({ status: 'completed' });
  });

  it('PayPal: an approval whose seat was taken meanwhile is not captured, so no money is taken', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1, title: 'Tiny Workshop' });
    const late = buyer('late-full');
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...late } });
    const orderId = new URL(res.body.approval_url).searchParams.get('token');
    const back = await pressPaypalButton(h.server, res.body.approval_url, 'approve');
    await expireHold((await regOf(late.email)).id);
    // The hold lapsed; someone else takes the only seat.
    expect((await payWithPaypal(h.server, w.id, buyer('took-the-seat'))).location).toMatch(/^\/thank-you/);

    for (const attempt of [1, 2]) {
      const location = await follow(h.server, back);
      expect(new URL(location, 'http://site').searchParams.get('message'), `return #${attempt}`).toBe('The workshop filled up before your payment went through, so no money was taken.');
    }
    expect(await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first()).toMatchObject({ status: 'APPROVED', capture_id: null });
    expect(await regOf(late.email)).toMatchObject({ status: 'failed', status_reason: 'workshop_full_not_charged' });
    expect(await h.db('refunds')).toHaveLength(0);
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' })).toHaveLength(1);
  });

  it('Razorpay: a late payment on a full workshop is refunded through the provider; the buyer and the admins are told', async () => {
    await h.db('admin_settings')
      .insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: 'owner@example.com' }) })
      .onConflict('setting_key')
      .merge();
    const w = await createWorkshop(h.db, { max_participants: 1, title: 'Tiny Razorpay Workshop' });
    const late = buyer('late-rzp');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...late } });
    await expireHold((await regOf(late.email)).id);
    const winner = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('rzp-winner') } });
    const winnerPaid = await payInRazorpaySandbox(h.server, winner.body.order, winner.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: winnerPaid.body })).status).toBe(200);

    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(verify.status).toBe(409);
    expect(verify.body.error.message).toBe('The workshop filled up before your payment arrived, so your payment is being refunded in full. Check your email for details.');
    const reg = await waitFor(async () => {
      const r = await regOf(late.email);
      return r.status === 'refunded' ? r : undefined;
    });
    expect(reg).toMatchObject({ status_reason: 'workshop_full_refunded', payment_id: paid.body.razorpay_payment_id });
    expect(await h.db('provider_sandbox.razorpay_payments').where({ id: paid.body.razorpay_payment_id }).first()).toMatchObject({ status: 'refunded', amount_refunded: 9900 });
    const [notice] = await waitFor(async () => {
      const m = await sandboxEmails(h.server, late.email);
      return m.length ? m : undefined;
    });
    expect(notice.subject).toBe('Refund issued: Tiny Razorpay Workshop is full');
    const [alert] = await waitFor(async () => {
      const m = (await sandboxEmails(h.server, 'owner@example.com')).filter((e) => e.subject.startsWith('Refunded late payment'));
      return m.length ? m : undefined;
    });
    expect(alert.text_body).toContain(late.email);
    // Coming back again refunds nothing twice.
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(409);
    expect(await h.db('provider_sandbox.razorpay_refunds').where({ payment_id: paid.body.razorpay_payment_id })).toHaveLength(1);
  });
});
