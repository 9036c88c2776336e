import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/server';
import { createAdminUser } from '../../src/auth/auth.queries';
import { hashPassword } from '../../src/auth/password';
import { ADMIN, client, startAnotherInstance, startTestServer, type TestServer } from '../support/test-server';

/** Limits small enough to hit; everything else as the other tests run it. */
const ENV = { RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_WEBHOOK_REFUSED_MAX: '2', RATE_LIMIT_FORMS_MAX: '5', TRUST_PROXY: 'true' };
const LOGIN_LIMITED = { code: 'rate_limited', message: 'Too many sign-in attempts. Please wait 15 minutes and try again.' };

let first: TestServer;
let second: RunningServer;

beforeAll(async () => {
  first = await startTestServer(ENV);
  second = await startAnotherInstance(first, ENV);
  await createAdminUser(first.deps.db, ADMIN.email, await hashPassword(ADMIN.password));
});
afterAll(async () => {
  await second?.close();
  await first?.stop();
});

/** Each test plays a client of its own address, as the load balancer reports it. */
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const login = (server: { url: string }, ip: string, password: string) =>
  client(server.url)('POST', '/api/auth/login', { body: { email: ADMIN.email, password }, headers: from(ip) });

describe('the sign-in limit', () => {
  it('counts failed sign-ins only: an admin may sign in any number of times', async () => {
    for (let i = 0; i < 6; i++) expect((await login(first, '198.51.100.1', ADMIN.password)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await login(first, '198.51.100.1', 'wrong password')).status).toBe(401);
    const refused = await login(first, '198.51.100.1', ADMIN.password);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual(LOGIN_LIMITED);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
  });

  it('counts in a table that writes no WAL: a counter held for each request is not held across a log flush', async () => {
    const row = await first.deps.db('pg_class').where({ relname: 'rate_limits' }).first('relpersistence');
    expect(row).toEqual({ relpersistence: 'u' });
  });

  it('is one limit for every instance sharing the database', async () => {
    expect((await login(first, '198.51.100.2', 'wrong 1')).status).toBe(401);
    expect((await login(second, '198.51.100.2', 'wrong 2')).status).toBe(401);
    expect((await login(first, '198.51.100.2', 'wrong 3')).status).toBe(401);
    expect((await login(second, '198.51.100.2', 'wrong 4')).body.error).toEqual(LOGIN_LIMITED);
    expect((await login(first, '198.51.100.2', ADMIN.password)).status).toBe(429);
    // Counted in PostgreSQL, not in either process.
    const row = await first.deps.db('rate_limits').where('key', 'login:198.51.100.2').first();
    expect(row.points).toBeGreaterThanOrEqual(3);
  });

  it('keys on the client address the trusted proxy reports; other clients are not affected', async () => {
    for (let i = 0; i < 3; i++) await login(first, '198.51.100.3', 'wrong');
    expect((await login(first, '198.51.100.3', ADMIN.password)).status).toBe(429);
    expect((await login(first, '198.51.100.4', ADMIN.password)).status).toBe(200);
  });

  it('counts an IPv6 client by its /64, so rotating addresses inside it buys nothing', async () => {
    for (let i = 1; i <= 3; i++) expect((await login(first, `2001:db8:aa:bb::${i}`, 'wrong')).status).toBe(401);
    expect((await login(first, '2001:db8:aa:bb:ffff::9', ADMIN.password)).status).toBe(429);
    expect((await login(first, '2001:db8:aa:cc::1', ADMIN.password)).status).toBe(200);
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy sets it', async () => {
    const direct = await startAnotherInstance(first, { RATE_LIMIT_LOGIN_MAX: '3' });
    try {
      // Whatever a client claims, it is 127.0.0.1 here: spoofing the header does not reset its count.
      for (let i = 0; i < 3; i++) expect((await login(direct, `203.0.113.${i}`, 'wrong')).status).toBe(401);
      expect((await login(direct, '203.0.113.99', ADMIN.password)).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('a burst from one address', () => {
  // Requests of one address arriving together are counted together (rate-limit-batches.ts): the
  // count still decides each one, on every instance.
  it('lets exactly the limit through when many arrive at once at two instances, and counts every one', async () => {
    const interest = (server: { url: string }, i: number) =>
      client(server.url)('POST', '/api/interests', { body: { name: `Burst ${i}`, email: `burst${i}@example.com`, phone: '555 0100' }, headers: from('192.0.2.90') });
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => interest(i % 2 ? second : first, i)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    expect(await first.deps.db('workshop_interests').where('email', 'like', 'burst%').count('* as n').first()).toEqual({ n: 5 });
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.error).toEqual({ code: 'rate_limited', message: 'Too many submissions. Please wait a minute and try again.' });
    expect(refused.headers.get('ratelimit')).toMatch(/^"form";r=0;t=\d+$/);
    const allowed = answers.filter((a) => a.status === 201).map((a) => a.headers.get('ratelimit')!.match(/r=(\d+)/)![1]).sort();
    expect(allowed).toEqual(['0', '1', '2', '3', '4']);
    // Blocked in memory once over: the shared row holds at least every request that reached it.
    const row = await first.deps.db('rate_limits').where('key', 'form:192.0.2.90').first();
    expect(row.points).toBeGreaterThan(5);
  });
});

describe('TRUST_PROXY as the proxies\' addresses', () => {
  it('believes X-Forwarded-For only from a listed proxy', async () => {
    const listed = await startAnotherInstance(first, { RATE_LIMIT_LOGIN_MAX: '3', TRUST_PROXY: 'loopback, 10.0.0.0/8' });
    const unlisted = await startAnotherInstance(first, { RATE_LIMIT_LOGIN_MAX: '3', TRUST_PROXY: '10.9.9.9' });
    try {
      for (let i = 0; i < 3; i++) expect((await login(listed, '192.0.2.7', 'wrong')).status).toBe(401);
      expect((await login(listed, '192.0.2.7', ADMIN.password)).status).toBe(429);
      expect((await login(listed, '192.0.2.8', ADMIN.password)).status).toBe(200);
      // The request comes from 127.0.0.1, which is not the listed proxy: what it claims is not believed.
      await login(unlisted, '192.0.2.50', 'wrong');
      expect(await first.deps.db('rate_limits').where('key', 'login:192.0.2.50').first()).toBeUndefined();
      expect(await first.deps.db('rate_limits').where('key', 'login:127.0.0.1').first()).toBeDefined();
    } finally {
      await listed.close();
      await unlisted.close();
    }
  });
});

describe('the webhook limit', () => {
  it('stops an address whose deliveries keep being refused before they cost a signature check', async () => {
    const forged = (ip: string) =>
      client(first.url)('POST', '/api/webhooks/paypal', {
        body: JSON.stringify({ id: 'WH-forged', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'ORDER-X' } }),
        headers: { 'content-type': 'application/json', 'paypal-transmission-sig': 'forged', ...from(ip) },
      });
    expect((await forged('192.0.2.7')).status).toBe(400);
    expect((await forged('192.0.2.7')).status).toBe(400);
    const stopped = await forged('192.0.2.7');
    expect(stopped.status).toBe(429);
    expect(stopped.headers.get('retry-after')).toBeTruthy();
    // Another address (PayPal's own) still gets through to the check.
    expect((await forged('192.0.2.8')).status).toBe(400);
    expect(await first.deps.db('payment_events').count('* as n').first()).toEqual({ n: 0 });
  });
});
