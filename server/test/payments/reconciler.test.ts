import { describe, expect, it } from 'vitest';
import { reconcilePass, RECONCILE_TASK, STUCK_AFTER_ATTEMPTS } from '../../src/payments/reconcile.job';
import { loadConfig } from '../../src/config';
import { startServer } from '../../src/server';
import { insertRegistration } from '../support/fixtures';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from './payments-helpers';

// A long interval: these tests run passes themselves, so the scheduled job stays out of the way.
const h = useTestServer({ env: { RECONCILE_INTERVAL_SECONDS: '3600' } });
const ctx = () => h.server.payments!;
const expired = { hold_expires_at: new Date(Date.now() - 60 * 60_000) };

describe('the reconciler', () => {
  it('is one durable job for the whole cluster, however many instances start', async () => {
    const second = await startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: h.server.testDb.url, RECONCILE_INTERVAL_SECONDS: '3600' }));
    try {
      const jobs = await h.db.raw(
        `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ?`,
        [RECONCILE_TASK],
      );
      expect(jobs.rows[0].n).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('keeps making progress past rows it cannot settle, which back off and are surfaced to the admins', async () => {
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: 'ops@example.com' }) }).onConflict('setting_key').merge();
    const w = await createWorkshop(h.db, { max_participants: null });
    // 120 rows older than anything else whose orders the provider does not know: every look fails.
    for (let i = 0; i < 120; i++) {
      await insertRegistration(h.db, w.id, { status: 'pending', payment_method: 'paypal', provider_order_id: `ORDER-UNKNOWN-${i}`, payment_id: null, hold_expires_at: new Date(Date.now() - 2 * 3600_000 + i) });
    }
    // Behind them, a real abandoned checkout that was paid.
    const who = buyer('behind-the-stuck');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
    await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    await h.db('workshop_registrations').where({ email: who.email }).update(expired);

    // Two instances' passes at once never work on the same row.
    const [a, b] = await Promise.all([reconcilePass(ctx(), 3600), reconcilePass(ctx(), 3600)]);
    const claimed = (c: Record<string, number>) => Object.values(c).reduce((x, y) => x + y, 0);
    expect(claimed(a) + claimed(b)).toBe(100);
    expect(await h.db('workshop_registrations').where({ reconcile_attempts: 1 })).toHaveLength(100);
    await reconcilePass(ctx(), 3600);
    expect(await h.db('workshop_registrations').where({ email: who.email }).first()).toMatchObject({ status: 'completed' });
    const stuck = await h.db('workshop_registrations').where({ status: 'pending', provider_order_id: 'ORDER-UNKNOWN-0' }).first();
    expect(stuck.reconcile_error).toBeTruthy();
    expect(new Date(stuck.reconcile_after).getTime()).toBeGreaterThan(Date.now());

    // Passes over time: the stuck row is asked again only when its backoff is over, and after enough tries the admins hear of it.
    for (let i = 1; i < STUCK_AFTER_ATTEMPTS; i++) {
      await h.db('workshop_registrations').where({ id: stuck.id }).update({ reconcile_after: h.db.raw(`now() - interval '1 second'`) });
      await reconcilePass(ctx(), 3600);
    }
    const [alert] = await waitFor(async () => {
      const m = await sandboxEmails(h.server, 'ops@example.com');
      return m.length ? m : undefined;
    });
    expect(alert.subject).toBe('Action needed: a checkout could not be settled (Test Person)');
    expect(alert.text_body).toContain('Order: ORDER-UNKNOWN-0');
  });

  it('looks again at a checkout it failed, so money that arrives later is settled without any webhook', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('paid-after-fail');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
    await h.db('workshop_registrations').where({ email: who.email }).update(expired);
    await reconcilePass(ctx(), 3600);
    const failed = await h.db('workshop_registrations').where({ email: who.email }).first();
    expect(failed).toMatchObject({ status: 'failed', status_reason: 'hold_expired' });
    expect(failed.reconcile_after).not.toBeNull();

    await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    await h.db('workshop_registrations').where({ id: failed.id }).update({ reconcile_after: h.db.raw(`now() - interval '1 second'`) });
    await reconcilePass(ctx(), 3600);
    expect(await h.db('workshop_registrations').where({ id: failed.id }).first()).toMatchObject({ status: 'completed' });
  });
});
