import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkoutOutcome } from '../../src/metrics/checkout-metrics';
import { metricsAccess } from '../../src/metrics/metrics-access';
import { insertRefund, insertRegistration, insertWorkshop } from '../support/fixtures';
import { client, startTestServer, useTestServer, type TestServer } from '../support/test-server';
import { sample } from './prom-sample';

const h = useTestServer({ admin: true });
const scrape = async () => {
  const res = await h.api('GET', '/metrics');
  expect(res.status).toBe(200);
  return res.text;
};

describe('GET /metrics from this machine', () => {
  it('answers Prometheus text with the process, HTTP and business metrics', async () => {
    const res = await h.api('GET', '/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const type of [
      '# TYPE http_request_duration_seconds histogram',
      '# TYPE workshop_checkouts_started_total counter',
      '# TYPE workshop_checkouts_completed_total counter',
      '# TYPE workshop_checkouts_refunded_total counter',
      '# TYPE workshop_job_queue_depth gauge',
      '# TYPE workshop_jobs_failed gauge',
      '# TYPE workshop_refunds gauge',
      '# TYPE workshop_sse_clients gauge',
      '# TYPE process_resident_memory_bytes gauge',
    ]) {
      expect(res.text).toContain(type);
    }
    expect(sample(res.text, 'workshop_metrics_database_up')).toBe(1);
    // Enabled providers have a series even before their first checkout.
    expect(sample(res.text, 'workshop_checkouts_started_total', { provider: 'paypal' })).toBe(0);
    expect(sample(res.text, 'workshop_checkouts_started_total', { provider: 'razorpay' })).toBe(0);
  });

  it('times requests by the route that answered them, never by the raw URL', async () => {
    await h.api('GET', '/api/health');
    await h.api('GET', '/api/bookings/NC-SECRETACCESS9');
    await h.api('GET', '/api/no-such-thing/RAWPATHSEGMENT');
    const text = await scrape();
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/health', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/api/bookings/:accessId' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('SECRETACCESS');
    // Letters, not digits: a metric's value can hold any run of digits (an event-loop lag of 0.012345 s did).
    expect(text).not.toContain('RAWPATHSEGMENT');
  });

  it('counts checkouts, refunds and the job queue from the database, archived rows included', async () => {
    const w = await insertWorkshop(h.db);
    await insertRegistration(h.db, w.id, { status: 'completed', payment_method: 'paypal', completed_at: new Date() });
    await insertRegistration(h.db, w.id, { status: 'completed', payment_method: 'razorpay', completed_at: new Date() });
    await insertRegistration(h.db, w.id, { status: 'pending', payment_method: 'razorpay' });
    const refundedReg = await insertRegistration(h.db, w.id, { status: 'refunded', payment_method: 'paypal', payment_id: 'CAP-R1', completed_at: new Date() });
    // "Clear all registrations" moved one completed PayPal checkout to the archive.
    await h.db('workshop_registrations_archive').insert({
      id: '00000000-0000-4000-8000-00000000a001',
      record: { payment_method: 'paypal', status: 'completed', completed_at: new Date().toISOString() },
    });
    const refund = (values: Record<string, unknown>) => insertRefund(h.db, { idempotency_key: `k-${randomBytes(4).toString('hex')}`, payment_id: 'PAY', amount_cents: 100, currency: 'USD', reason: 'test', ...values });
    await refund({ provider: 'paypal', status: 'succeeded', registration_id: refundedReg.id });
    await refund({ provider: 'razorpay', status: 'failed', attempts: 30, last_error: 'declined' });
    await refund({ provider: 'paypal', status: 'queued', attempts: 2, last_error: 'timeout' });
    // Jobs for a task no worker runs stay where they are: one due now, one later, one out of attempts.
    await h.db.raw(`SELECT graphile_worker.add_job('metrics_probe', '{}'::json, run_at => now() - interval '30 seconds')`);
    await h.db.raw(`SELECT graphile_worker.add_job('metrics_probe', '{}'::json, run_at => now() + interval '1 hour')`);
    const { rows } = await h.db.raw(`SELECT id FROM graphile_worker.add_job('metrics_probe', '{}'::json, max_attempts => 1)`);
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET attempts = 1, last_error = 'boom' WHERE id = ?`, [rows[0].id]);

    const text = await scrape();
    expect(sample(text, 'workshop_checkouts_started_total', { provider: 'paypal' })).toBe(3);
    expect(sample(text, 'workshop_checkouts_started_total', { provider: 'razorpay' })).toBe(2);
    expect(sample(text, 'workshop_checkouts_completed_total', { provider: 'paypal' })).toBe(3);
    expect(sample(text, 'workshop_checkouts_completed_total', { provider: 'razorpay' })).toBe(1);
    expect(sample(text, 'workshop_checkouts_refunded_total', { provider: 'paypal' })).toBe(1);
    expect(sample(text, 'workshop_checkouts_refunded_total', { provider: 'razorpay' })).toBe(0);
    expect(sample(text, 'workshop_registrations', { provider: 'razorpay', status: 'pending' })).toBe(1);
    expect(sample(text, 'workshop_refunds', { provider: 'razorpay', status: 'failed' })).toBe(1);
    expect(sample(text, 'workshop_refunds', { provider: 'paypal', status: 'failed' })).toBe(0);
    expect(sample(text, 'workshop_refunds_failing', { provider: 'paypal' })).toBe(1);
    expect(sample(text, 'workshop_job_queue_depth', { task: 'metrics_probe' })).toBe(1);
    expect(sample(text, 'workshop_job_queue_oldest_seconds', { task: 'metrics_probe' })).toBeGreaterThanOrEqual(29);
    expect(sample(text, 'workshop_jobs', { task: 'metrics_probe', state: 'scheduled' })).toBe(1);
    expect(sample(text, 'workshop_jobs_failed', { task: 'metrics_probe' })).toBe(1);
  });

  it('reports what the alert rules watch: the oldest refund owed, emails not sent, checkouts the reconciler has not settled', async () => {
    const w = await insertWorkshop(h.db);
    const hoursAgo = (n: number) => h.db.raw(`now() - make_interval(hours => ?)`, [n]);
    const minutesAgo = (n: number) => h.db.raw(`now() - make_interval(mins => ?)`, [n]);
    await insertRefund(h.db, { idempotency_key: 'k-old-owed', payment_id: 'PAY-OLD', provider: 'razorpay', currency: 'INR', status: 'queued', attempts: 8, last_error: 'Service Unavailable', created_at: hoursAgo(2) });
    // Emails: one being retried, one waiting its first try, two given up on (refused; could not be built), one sent.
    const email = (values: Record<string, unknown>) => h.db('email_messages').insert({ kind: 'confirmation', to_email: 'someone@example.com', data: {}, ...values });
    await email({ status: 'queued', attempts: 3, last_error: 'Service Unavailable', created_at: minutesAgo(30) });
    await email({ status: 'queued', kind: 'admin_notification' });
    await email({ status: 'failed', attempts: 30, last_error: 'Bad Request' });
    await email({ status: 'failed', kind: 'refund_notice', last_error: 'could not build: no such template' });
    await email({ status: 'sent', attempts: 1, sent_at: new Date() });
    // Pending checkouts: one whose hold ran out 20 minutes ago and that the reconciler is backing off
    // on (its provider cannot be asked), one still held, one capture PayPal itself still holds.
    await insertRegistration(h.db, w.id, { status: 'pending', payment_method: 'razorpay', hold_expires_at: minutesAgo(20), reconcile_attempts: 4, reconcile_after: h.db.raw(`now() + interval '1 hour'`) });
    await insertRegistration(h.db, w.id, { status: 'pending', payment_method: 'paypal' });
    await insertRegistration(h.db, w.id, { status: 'pending', payment_method: 'paypal', status_reason: 'capture_pending', hold_expires_at: hoursAgo(5), reconcile_after: h.db.raw(`now() + interval '1 hour'`) });

    const text = await scrape();
    expect(sample(text, 'workshop_refund_oldest_queued_seconds', { provider: 'razorpay' })).toBeGreaterThanOrEqual(7200);
    expect(sample(text, 'workshop_emails_queued', { kind: 'confirmation' })).toBe(1);
    expect(sample(text, 'workshop_emails_retrying', { kind: 'confirmation' })).toBe(1);
    expect(sample(text, 'workshop_email_oldest_queued_seconds', { kind: 'confirmation' })).toBeGreaterThanOrEqual(1800);
    expect(sample(text, 'workshop_emails_queued', { kind: 'admin_notification' })).toBe(1);
    expect(sample(text, 'workshop_emails_retrying', { kind: 'admin_notification' })).toBe(0);
    expect(sample(text, 'workshop_emails_failed_total', { reason: 'refused' })).toBe(1);
    expect(sample(text, 'workshop_emails_failed_total', { reason: 'unbuildable' })).toBe(1);
    expect(sample(text, 'workshop_reconcile_lag_seconds', { provider: 'razorpay' })).toBeGreaterThanOrEqual(1200);
    expect(sample(text, 'workshop_reconcile_lag_seconds', { provider: 'razorpay' })).toBeLessThan(3600);
    expect(sample(text, 'workshop_reconcile_lag_seconds', { provider: 'paypal' })).toBe(0);
  });

  it('counts the admin clients connected to the events stream', async () => {
    expect(sample(await scrape(), 'workshop_sse_clients')).toBe(0);
    const controller = new AbortController();
    const res = await fetch(`${h.server.url}/api/admin/events`, { headers: { authorization: `Bearer ${h.token}` }, signal: controller.signal });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    // Refused streams are not clients.
    expect((await h.api('GET', '/api/admin/events')).status).toBe(401);
    expect(sample(await scrape(), 'workshop_sse_clients')).toBe(1);
    controller.abort();
    await reader.cancel().catch(() => {});
    await vi.waitFor(async () => expect(sample(await scrape(), 'workshop_sse_clients')).toBe(0));
  });

  it('is hidden (404) from a request relayed by a proxy when no METRICS_TOKEN is set', async () => {
    const res = await h.api('GET', '/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('workshop_');
  });
});

describe('GET /metrics with METRICS_TOKEN set', () => {
  const TOKEN = 'metrics-token-0123456789abcdef';
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server?.stop());

  it('wants the bearer token from anyone not on this machine: 401 without it or with a wrong one', async () => {
    const api = client(server.url);
    const proxied = { 'x-forwarded-for': '203.0.113.9' };
    const none = await api('GET', '/metrics', { headers: proxied });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
    expect((await api('GET', '/metrics', { headers: proxied, token: 'metrics-token-0123456789abcdeX' })).status).toBe(401);
    const ok = await api('GET', '/metrics', { headers: proxied, token: TOKEN });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('workshop_checkouts_started_total');
  });
});

describe('who may read the metrics', () => {
  const req = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as never;
  it('a direct caller on loopback, IPv4, IPv6 or IPv4-mapped', () => {
    for (const ip of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(metricsAccess(req(ip), undefined)).toBe('allowed');
  });
  it('never a relayed or remote caller without the token', () => {
    expect(metricsAccess(req('127.0.0.1', { 'x-forwarded-for': '10.0.0.1' }), undefined)).toBe('hidden');
    expect(metricsAccess(req('127.0.0.1', { forwarded: 'for=10.0.0.1' }), undefined)).toBe('hidden');
    expect(metricsAccess(req('10.0.0.7'), undefined)).toBe('hidden');
    expect(metricsAccess(req('10.0.0.7', { authorization: 'Bearer anything-at-all-here' }), undefined)).toBe('hidden');
    expect(metricsAccess(req('10.0.0.7'), 'the-right-token-123')).toBe('unauthorized');
    expect(metricsAccess(req('10.0.0.7', { authorization: 'Bearer the-right-token-12' }), 'the-right-token-123')).toBe('unauthorized');
    expect(metricsAccess(req('10.0.0.7', { authorization: 'Bearer the-right-token-123' }), 'the-right-token-123')).toBe('allowed');
  });
});

describe('what a checkout request came to', () => {
  const answer = (status: number, more: { location?: string; errorCode?: string; finished?: boolean } = {}) => checkoutOutcome({ finished: true, status, ...more });
  it('ok, pending, refused (the buyer\'s or the stock\'s reason), failed (ours), aborted', () => {
    expect(answer(201)).toBe('ok');
    expect(answer(200)).toBe('ok');
    expect(answer(202)).toBe('pending');
    expect(answer(422)).toBe('refused');
    expect(answer(409)).toBe('refused');
    expect(answer(429)).toBe('refused');
    expect(answer(503, { errorCode: 'maintenance' })).toBe('refused');
    expect(answer(503, { errorCode: 'payment_failed' })).toBe('failed');
    expect(answer(503, { errorCode: 'unavailable' })).toBe('failed');
    expect(answer(500)).toBe('failed');
    expect(answer(200, { finished: false })).toBe('aborted');
  });
  it('PayPal\'s return by where it sends the buyer', () => {
    expect(answer(302, { location: '/thank-you?payment=success&method=paypal' })).toBe('ok');
    expect(answer(302, { location: '/?payment=processing&method=paypal&message=x' })).toBe('pending');
    expect(answer(302, { location: '/?payment=failed&message=declined' })).toBe('refused');
  });
});
