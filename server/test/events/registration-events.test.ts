import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createEventsPlugin } from '../../src/plugins/events.plugin';
import { notifyRegistrationCompleted } from '../../src/events/registration-events';
import { newAccessId } from '../../src/registrations/access-id';
import { startServer, type RunningServer } from '../../src/server';
import type { Db } from '../../src/db/knex';
import { purgeExpired } from '../../src/housekeeping/purge.job';
import { startAnotherInstance, useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

/** An open SSE stream read as text, so a test can wait for what an admin's browser would receive. */
async function openStream(baseUrl: string, bearer: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/admin/events`, { headers: { authorization: `Bearer ${bearer}`, ...headers }, signal: controller.signal });
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

/** The last `id:` the stream sent: what a browser's EventSource sends back as Last-Event-ID. */
const lastId = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].at(-1)?.[1];
const names = (text: string) => events(text).map((e) => e.name as string);

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

describe('reconnecting clients and instances', () => {
  it('gives each event an id; a client reconnecting to another instance with Last-Event-ID gets exactly what it missed', async () => {
    const second = await startAnotherInstance(h.server);
    try {
      const before = await openStream(h.server.url, h.token);
      await complete(h.db, await pendingRegistration(h.db, 'Seen Before'));
      await before.waitFor((t) => names(t).includes('Seen Before'));
      await before.close();
      const cursor = lastId(before.text());
      expect(cursor).toMatch(/^\d+$/);

      // While the admin's connection is down, two registrations complete.
      await complete(h.db, await pendingRegistration(h.db, 'Missed One'));
      await complete(h.db, await pendingRegistration(h.db, 'Missed Two'));

      const after = await openStream(second.url, h.token, { 'last-event-id': cursor! });
      await after.waitFor((t) => names(t).includes('Missed Two'));
      await complete(h.db, await pendingRegistration(h.db, 'Live Again'));
      await after.waitFor((t) => names(t).includes('Live Again'));
      await after.close();
      expect(names(after.text())).toEqual(['Missed One', 'Missed Two', 'Live Again']);
    } finally {
      await second.close();
    }
  });

  it('gives a client an id before any event, so one that drops before its first event still catches up', async () => {
    const first = await openStream(h.server.url, h.token);
    await first.waitFor((t) => lastId(t) !== undefined);
    await first.close();
    await complete(h.db, await pendingRegistration(h.db, 'While Away'));
    const again = await openStream(h.server.url, h.token, { 'last-event-id': lastId(first.text())! });
    await again.waitFor((t) => names(t).includes('While Away'));
    await again.close();
    expect(names(again.text())).toEqual(['While Away']);
  });

  it('replays an event with a smaller id that committed after the one the client saw last', async () => {
    const early = await pendingRegistration(h.db, 'Slow Commit');
    const late = await pendingRegistration(h.db, 'Fast Commit');
    const stream = await openStream(h.server.url, h.token);
    await stream.waitFor((t) => t.includes(': connected'));
    // The slow transaction takes its event id first but commits last.
    let commitSlow!: () => void;
    const slow = h.db.transaction(async (trx) => {
      await trx('workshop_registrations').where({ id: early }).update({ status: 'completed', payment_id: 'PAY-SLOW', completed_at: trx.fn.now() });
      await notifyRegistrationCompleted(trx, early);
      await new Promise<void>((resolve) => (commitSlow = resolve));
    });
    await new Promise((r) => setTimeout(r, 200));
    await complete(h.db, late);
    await stream.waitFor((t) => names(t).includes('Fast Commit'));
    await stream.close();
    commitSlow();
    await slow;

    const again = await openStream(h.server.url, h.token, { 'last-event-id': lastId(stream.text())! });
    await again.waitFor((t) => names(t).includes('Slow Commit'));
    await again.close();
    expect(names(again.text())).toEqual(['Slow Commit']);
  });

  it('relays what committed while the instance was not listening (its LISTEN connection dropped)', async () => {
    const stream = await openStream(h.server.url, h.token);
    await stream.waitFor((t) => t.includes(': connected'));
    // Waits until the listener's backend is gone: a NOTIFY sent now reaches nobody.
    await h.db.raw(`SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name = 'workshop-events-listener' AND datname = current_database()`);
    await complete(h.db, await pendingRegistration(h.db, 'During Outage'));
    await stream.waitFor((t) => names(t).includes('During Outage'), 10_000);
    await complete(h.db, await pendingRegistration(h.db, 'After Outage'));
    await stream.waitFor((t) => names(t).includes('After Outage'), 10_000);
    await stream.close();
    expect(names(stream.text())).toEqual(['During Outage', 'After Outage']);
  });

  it('keeps events for a day; the purge job deletes older ones', async () => {
    await h.db('admin_events').update({ created_at: h.db.raw(`now() - interval '25 hours'`) });
    await complete(h.db, await pendingRegistration(h.db, 'Recent Enough'));
    const purged = await purgeExpired(h.db);
    expect(purged.events).toBeGreaterThan(0);
    expect((await h.db('admin_events').select('payload')).map((r) => r.payload.name)).toEqual(['Recent Enough']);
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
    const login = await h.api('POST', '/api/auth/login', { body: { email: 'admin@test.local', password: 'correct horse battery', client: 'desktop' } });
    const stream = await openStream(app.url, login.body.token);
    await stream.waitFor((t) => t.includes(': connected'));
    await h.api('POST', '/api/auth/logout', { token: login.body.token });
    await stream.waitFor(() => stream.ended());
  });
});
