import { describe, expect, it } from 'vitest';
import { createDb } from '../src/db/knex';
import { ConfigError } from '../src/config';
import { startServer } from '../src/server';
import { startTestServer, testConfig } from './support/test-server';

describe('graceful shutdown', () => {
  it('finishes an in-flight request when close() is called, and takes no new ones', async () => {
    const server = await startTestServer({ SHUTDOWN_GRACE_SECONDS: '20' });
    const blocker = createDb(server.testDb.url, 2);
    try {
      // Hold the workshops table so GET /api/workshops is genuinely in flight.
      const trx = await blocker.transaction();
      await trx.raw('LOCK TABLE workshops IN ACCESS EXCLUSIVE MODE');
      const inFlight = fetch(`${server.url}/api/workshops`).then(async (r) => ({ status: r.status, body: await r.json() }));
      await waitFor(async () => (await blocker.raw(`SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'workshops'::regclass AND NOT granted`)).rows[0].n > 0);

      let closed = false;
      const closing = server.close().then(() => (closed = true));
      await new Promise((r) => setTimeout(r, 200));
      expect(closed).toBe(false);
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

      await trx.commit();
      expect(await inFlight).toEqual({ status: 200, body: [] });
      // Drained: it does not sit out the 20-second grace period on the now-idle connection.
      const drainedAt = Date.now();
      await closing;
      expect(Date.now() - drainedAt).toBeLessThan(5000);
      expect(closed).toBe(true);
    } finally {
      await blocker.destroy();
      await server.stop();
    }
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('structured logs', () => {
  it('writes one JSON line per request with its request id, and never the bearer token', async () => {
    const lines: Record<string, unknown>[] = [];
    const destination = { write: (line: string) => void lines.push(JSON.parse(line)) };
    const server = await startTestServer({ LOG_LEVEL: 'info' }, { logDestination: destination });
    try {
      const res = await fetch(`${server.url}/api/workshops`, { headers: { 'x-request-id': 'req-abc-123', authorization: 'Bearer secret-token-value' } });
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      const line = lines.find((l) => (l.req as { id?: string } | undefined)?.id === 'req-abc-123');
      expect(line).toMatchObject({ level: 30, req: { id: 'req-abc-123', method: 'GET', url: '/api/workshops' }, res: { statusCode: 200 } });
      expect(typeof line!.responseTime).toBe('number');
      expect(JSON.stringify(lines)).not.toContain('secret-token-value');

      await fetch(`${server.url}/api/admin/dashboard`, { headers: { authorization: 'Bearer secret-token-value' } });
      await new Promise((r) => setTimeout(r, 50));
      expect(lines.find((l) => (l.req as { url?: string } | undefined)?.url === '/api/admin/dashboard')).toMatchObject({ level: 40, res: { statusCode: 401 } });
      expect(JSON.stringify(lines)).not.toContain('secret-token-value');
    } finally {
      await server.stop();
    }
  });
});

describe('where the server listens, and the provider sandbox', () => {
  it('refuses HOST=0.0.0.0 without provider credentials or SANDBOX=on, saying why', async () => {
    const err = await startServer(testConfig({ HOST: '0.0.0.0' }, 'postgres://nobody@127.0.0.1:1/none')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toContain('HOST=0.0.0.0: without provider credentials the server runs the built-in provider sandbox, which has no');
    expect((err as Error).message).toContain('set SANDBOX=on to expose');
  });

  it('mounts the sandbox on 0.0.0.0 when SANDBOX=on says so', async () => {
    const server = await startTestServer({ HOST: '0.0.0.0', SANDBOX: 'on' });
    try {
      expect((await fetch(`${server.url}/sandbox/sendgrid/messages?to=a@example.com`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });

  it('listens on 0.0.0.0 with every provider credential set, without any sandbox', async () => {
    const server = await startTestServer({ HOST: '0.0.0.0', PAYMENT_PROVIDERS: 'razorpay', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret', SENDGRID_API_KEY: 'SG.real' });
    try {
      expect((await fetch(`${server.url}/sandbox/sendgrid/messages?to=a@example.com`)).status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
