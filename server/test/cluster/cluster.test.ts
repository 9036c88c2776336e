import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminUser } from '../../src/auth/auth.queries';
import { hashPassword } from '../../src/auth/password';
import { loadConfig } from '../../src/config';
import { RECONCILE_TASK } from '../../src/payments/reconcile.job';
import { startServer, type RunningServer } from '../../src/server';
import { buyer, createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { createTestDb, type TestDb } from '../support/test-db';
import { client, type TestServer } from '../support/test-server';

/** A load balancer in miniature: each request goes to the next instance in turn. */
function roundRobin(ports: number[]): Promise<{ url: string; close: () => Promise<void> }> {
  let next = 0;
  const proxy = http.createServer((req, res) => {
    const port = ports[next++ % ports.length];
    const upstream = http.request({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, close: () => new Promise((r) => proxy.close(() => r())) }),
    ),
  );
}

/** The open admin event stream's text so far. */
async function stream(url: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/admin/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  let text = '';
  const reader = res.body!.getReader();
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    } catch {
      // closed by the test
    }
  })();
  return { text: () => text, close: async () => (controller.abort(), await pump) };
}

describe('three instances on one PostgreSQL behind a round-robin proxy', () => {
  let testDb: TestDb;
  const servers: RunningServer[] = [];
  let proxy: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    testDb = await createTestDb();
    const env = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DATABASE_URL: testDb.url,
      RATE_LIMIT_FORMS_MAX: '100000',
      RATE_LIMIT_CALLBACK_MAX: '100000',
      RATE_LIMIT_LOGIN_MAX: '3',
      HOLDS_PER_IP: '100000',
      RECONCILE_INTERVAL_SECONDS: '1',
      JOB_POLL_INTERVAL_MS: '100',
    };
    // Started together, as a deploy does: they share the migration lock and the job queue.
    servers.push(...(await Promise.all([0, 1, 2].map(() => startServer(loadConfig(env))))));
    proxy = await roundRobin(servers.map((s) => s.port));
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    for (const s of servers) await s.close();
    await testDb?.drop();
  });

  it('sells exactly the capacity, emails each buyer once, and the stream on one instance sees completions made on the others', async () => {
    const db = servers[0].deps.db;
    await createAdminUser(db, 'ops@cluster.test', await hashPassword('cluster admin password'));
    const login = await client(proxy.url)('POST', '/api/auth/login', { body: { email: 'ops@cluster.test', password: 'cluster admin password', client: 'desktop' } });
    expect(login.status).toBe(200);
    const events = await stream(servers[0].url, login.body.token);

    const w = await createWorkshop(db, { max_participants: 5, title: 'Cluster Workshop' });
    const api = client(proxy.url);
    const buyers = Array.from({ length: 12 }, (_, i) => buyer(`cluster${i}`));
    const answers = await Promise.all(
      buyers.map(async (who) => {
        const co = await api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
        if (co.status !== 201) return co.status;
        const paid = await api('POST', '/sandbox/razorpay/pay', { body: { key: co.body.key_id, order_id: co.body.order.id, email: who.email, contact: who.phone, outcome: 'success' } });
        return (await api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status;
      }),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(5);
    expect(answers.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const completed = await db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' }).select('email');
    expect(completed).toHaveLength(5);

    await waitFor(async () => (await db('email_messages').where({ kind: 'confirmation', status: 'sent' })).length === 5, 30_000);
    for (const { email } of completed) expect(await sandboxEmails({ deps: { db } } as unknown as TestServer, email)).toHaveLength(1);
    await waitFor(async () => (events.text().match(/event: registration\.completed/g) ?? []).length === 5, 15_000);
    await events.close();
  }, 120_000);

  it('holds the sign-in limit across instances', async () => {
    const api = client(proxy.url);
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await api('POST', '/api/auth/login', { body: { email: 'ops@cluster.test', password: 'wrong password!' } })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('runs one reconcile job for the cluster, never two at once', async () => {
    const db = servers[0].deps.db;
    const samples: number[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await db.raw(
        `SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = ?`,
        [RECONCILE_TASK],
      );
      samples.push(r.rows[0].n);
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(Math.max(...samples)).toBeLessThanOrEqual(2);
    expect(samples.filter((n) => n === 1).length).toBeGreaterThan(15);
  });
});
