import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { sample } from './prom-sample';

/**
 * Prometheus's own linter over what GET /metrics serves, and over the alert rules shipped in
 * deploy/prometheus (issue 21). promtool is a test dependency like Chromium: .ci/run installs it
 * (Debian's `prometheus` package); without it these tests fail and say what to install. PROMTOOL
 * may name the binary.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const RULES = path.join(ROOT, 'deploy/prometheus/alerts.yml');
const RULE_TESTS = path.join(ROOT, 'deploy/prometheus/alerts.test.yml');
const CONFIG = path.join(ROOT, 'deploy/prometheus/prometheus.yml');

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

function findPromtool(): string | undefined {
  if (process.env.PROMTOOL) return process.env.PROMTOOL;
  return (process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, 'promtool')).find(executable);
}

const MISSING = 'promtool was not found (PROMTOOL, else promtool on PATH), and these tests need it: `sudo apt-get install -y --no-install-recommends prometheus` (Debian/Ubuntu), `brew install prometheus` (macOS), or set PROMTOOL to its path.';

function promtool(args: string[], input?: string): { status: number | null; out: string } {
  const bin = findPromtool();
  if (!bin) throw new Error(MISSING);
  const r = spawnSync(bin, args, { input, encoding: 'utf8', timeout: 60_000 });
  if (r.error) throw new Error(`${bin} ${args.join(' ')}: ${r.error.message}. ${MISSING}`);
  return { status: r.status, out: `${r.stdout}${r.stderr}`.trim() };
}

describe('promtool', () => {
  it('is installed', () => {
    expect(findPromtool(), MISSING).toBeDefined();
    const version = promtool(['--version']);
    expect(version.status, version.out).toBe(0);
  });
});

describe('GET /metrics after some work, through promtool check metrics', () => {
  const h = useTestServer();
  let text: string;

  beforeAll(async () => {
    const w = await createWorkshop(h.db);
    // A checkout paid by card: start, pay, verify; its confirmation email goes out.
    const who = buyer('promtool-paid');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
    expect(co.status, co.text).toBe(201);
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(verify.status, verify.text).toBe(200);
    await waitFor(async () => (await sandboxEmails(h.server, who.email)).length > 0, 30_000, 250);
    // A checkout the provider cannot start: its API is down.
    expect((await h.api('POST', '/sandbox/providers/outage', { body: { seconds: 60 } })).status).toBe(204);
    try {
      const failed = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('promtool-failed') } });
      expect(failed.status, failed.text).toBe(503);
    } finally {
      await h.api('POST', '/sandbox/providers/outage', { body: { seconds: 0 } });
    }
    // A form refused for bad input.
    expect((await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id } })).status).toBe(422);
    const res = await h.api('GET', '/metrics');
    expect(res.status).toBe(200);
    text = res.text;
  });

  it('passes with no problem reported', () => {
    const r = promtool(['check', 'metrics'], text);
    expect(r, 'promtool check metrics on GET /metrics').toEqual({ status: 0, out: '' });
    // prom-client's own gauges named *_total were what it refused; the per-type ones stay.
    expect(text).not.toMatch(/^nodejs_active_\w+_total/m);
    expect(text).toContain('# TYPE nodejs_active_handles gauge');
  });

  it('counts the checkouts by step and outcome, and the 5xx by code', () => {
    const checkout = (step: string, outcome: string) => sample(text, 'workshop_checkout_requests_total', { provider: 'razorpay', step, outcome });
    expect(checkout('start', 'ok')).toBe(1);
    expect(checkout('start', 'failed')).toBe(1);
    expect(checkout('start', 'refused')).toBe(1);
    expect(checkout('pay', 'ok')).toBe(1);
    expect(checkout('pay', 'failed')).toBe(0);
    expect(sample(text, 'workshop_checkout_requests_total', { provider: 'paypal', step: 'start', outcome: 'failed' })).toBe(0);
    expect(sample(text, 'workshop_http_server_errors_total', { code: 'payment_failed' })).toBe(1);
    expect(sample(text, 'workshop_http_server_errors_total', { code: 'internal' })).toBe(0);
    expect(sample(text, 'workshop_emails_failed_total', { reason: 'refused' })).toBe(0);
  });

  it('serves every metric the alert rules read', () => {
    const rules = parse(readFileSync(RULES, 'utf8')) as { groups: { rules: { alert: string; expr: string }[] }[] };
    const read = new Set(rules.groups.flatMap((g) => g.rules.flatMap((r) => [...r.expr.matchAll(/\b(workshop_\w+|http_\w+)/g)].map((m) => m[1]))));
    expect(read.size).toBeGreaterThan(5);
    for (const name of read) {
      const family = name.replace(/_(count|sum|bucket)$/, '');
      expect(text, `${name} (an alert rule reads it)`).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    }
  });
});

describe('deploy/prometheus', () => {
  it('alerts.yml passes promtool check rules', () => {
    const r = promtool(['check', 'rules', RULES]);
    expect(r.status, r.out).toBe(0);
    expect(r.out).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('alerts.yml passes its unit tests (a fifth of checkouts failing pages within 5 minutes, …)', () => {
    const r = promtool(['test', 'rules', RULE_TESTS]);
    expect(r.status, r.out).toBe(0);
    expect(r.out).toContain('SUCCESS');
  });

  it('prometheus.yml is a valid configuration', () => {
    // --syntax-only: the token file it names exists on the Prometheus machine, not here.
    const r = promtool(['check', 'config', '--syntax-only', CONFIG]);
    expect(r.status, r.out).toBe(0);
  });
});
