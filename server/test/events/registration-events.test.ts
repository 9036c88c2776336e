import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createEventsPlugin } from '../../src/events/events.plugin';
import { notifyRegistrationCompleted } from '../../src/events/registration-events';
import { newAccessId } from '../../src/registrations/access-id';
import { startServer, type RunningServer } from '../../src/server';
import type { Db } from '../../src/db/knex';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

/** An open SSE stream read as text, so a test can wait for what an admin's browser would receive. */
async function openStream(baseUrl: string, bearer: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/admin/events`, { headers: { authorization: `Bearer ${bearer}` }, signal: controller.signal });
  let text = '';
  let ended = false;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return {
    res,
    text: () => text,
    ended: () => ended,
    async waitFor(predicate: (text: string) => boolean, ms = 5000) {
      const until = Date.now() + ms;
      while (!predicate(text)) {
        if (Date.now() > until) throw new Error(`stream did not match in ${ms} ms; got:\n${text}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}

async function pendingRegistration(db: Db, name: string) {
  const [w] = await db('workshops').insert({ title: 'Live Events Workshop', date: new Date(Date.now() + 86_400_000), duration_hours: 2, price_usd_cents: 9900 }).returning('id');
  const [r] = await db('workshop_registrations')
    .insert({ name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, phone: '9876543210', workshop_id: w.id, access_id: newAccessId(), amount: 9900, payment_method: 'paypal', status: 'pending' })
    .returning('id');
  return r.id as string;
}

async function complete(db: Db, id: string, commit = true) {
  const run = db.transaction(async (trx) => {
    await trx('workshop_registrations').where({ id }).update({ status: 'completed', payment_id: `PAY-${id.slice(0, 8)}`, completed_at: trx.fn.now() });
    await notifyRegistrationCompleted(trx, id);
    if (!commit) throw new Error('rollback');
  });
  await (commit ? run : run.catch(() => {}));
}

const events = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.includes('event: registration.completed'))
    .map((block) => JSON.parse(block.split('\n').find((l) => l.startsWith('data: '))!.slice(6)));

describe('GET /api/admin/events', () => {
  it('refuses a visitor without an admin session', async () => {
    const res = await h.api('GET', '/api/admin/events');
    expect(res.status).toBe(401);
  });

  it('streams registration.completed for a registration completed in a committed transaction, and nothing for a rolled-back one', async () => {
    const stream = await openStream(h.server.url, h.token);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.waitFor((t) => t.includes(': connected'));

    const rolledBack = await pendingRegistration(h.db, 'Rolled Back');
    await complete(h.db, rolledBack, false);
    const id = await pendingRegistration(h.db, 'Maya Chen');
    await complete(h.db, id);

    await stream.waitFor((t) => events(t).length > 0);
    await stream.close();
    const received = events(stream.text());
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ type: 'registration.completed', registration_id: id, name: 'Maya Chen', email: 'maya@example.com', workshop_title: 'Live Events Workshop', amount: 9900, payment_method: 'paypal' });
  });

  it('reaches the admins of every server instance sharing the database', async () => {
    const second: RunningServer = await startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DATABASE_URL: h.server.testDb.url }));
    try {
      const onFirst = await openStream(h.server.url, h.token);
      const onSecond = await openStream(second.url, h.token);
      await onFirst.waitFor((t) => t.includes(': connected'));
      await onSecond.waitFor((t) => t.includes(': connected'));
      // Completed through the first instance's pool: the second hears it from PostgreSQL alone.
      await complete(h.db, await pendingRegistration(h.db, 'Liam Patel'));
      await onSecond.waitFor((t) => events(t).some((e) => e.name === 'Liam Patel'));
      await onFirst.waitFor((t) => events(t).some((e) => e.name === 'Liam Patel'));
      await onFirst.close();
      await onSecond.close();
    } finally {
      await second.close();
    }
  });

  it('ends open streams when the server shuts down instead of waiting out the grace period', async () => {
    // A 120 s grace period: close() can only finish inside the test timeout if the stream is ended for it.
    const other = await startServer(loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', SHUTDOWN_GRACE_SECONDS: '120', DATABASE_URL: h.server.testDb.url }));
    const stream = await openStream(other.url, h.token);
    await stream.waitFor((t) => t.includes(': connected'));
    await other.close();
    await stream.waitFor(() => stream.ended());
  });
});

describe('heartbeats', () => {
  let app: { url: string; stop: () => Promise<void> };

  beforeAll(async () => {
    const plugin = await createEventsPlugin({ heartbeatMs: 100 })(h.server.deps);
    const http = createApp(h.server.deps, plugin.options).listen(0, '127.0.0.1');
    await new Promise((r) => http.once('listening', r));
    app = {
      url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
      stop: async () => {
        http.closeAllConnections();
        await new Promise((r) => http.close(r));
        await plugin.stop?.();
      },
    };
  });
  afterAll(() => app.stop());

  it('sends heartbeat comments while the stream is idle', async () => {
    const stream = await openStream(app.url, h.token);
    await stream.waitFor((t) => (t.match(/: heartbeat/g) ?? []).length >= 2);
    await stream.close();
  });

  it('ends the stream once the session is revoked (signed out elsewhere)', async () => {
    const login = await h.api('POST', '/api/auth/login', { body: { email: 'admin@test.local', password: 'correct horse battery' } });
    const stream = await openStream(app.url, login.body.token);
    await stream.waitFor((t) => t.includes(': connected'));
    await h.api('POST', '/api/auth/logout', { token: login.body.token });
    await stream.waitFor(() => stream.ended());
  });
});
