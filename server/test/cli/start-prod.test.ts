import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { createDb, type Db } from '../../src/db/knex';
import { migrations } from '../../../migrations';
import { adminQuery, withDatabase } from '../support/pg-admin';
import { ensureBuilt, PRODUCTION_ENV, root, spawnScript, type Proc } from '../support/prod-process';

/**
 * `npm run build` then `npm run start:prod`, for real: the compiled server under plain node
 * (no tsx), on an empty database, the way a deployment runs it.
 */
const created: string[] = [];
const running: Proc[] = [];
const pools: Db[] = [];

async function emptyDatabase(): Promise<string> {
  const name = `wk_prod_${randomBytes(5).toString('hex')}`;
  await adminQuery(inject('pgAdminUrl'), `CREATE DATABASE ${name}`);
  created.push(name);
  return withDatabase(inject('pgAdminUrl'), name);
}

const start = (env: Record<string, string>) => {
  const p = spawnScript('start:prod', { HOST: '127.0.0.1', PORT: '0', ...env });
  running.push(p);
  return p;
};

beforeAll(async () => {
  ensureBuilt();
});
afterAll(async () => {
  await Promise.all(running.map((p) => p.stop('SIGKILL')));
  await Promise.all(pools.map((db) => db.destroy()));
  for (const name of created) await adminQuery(inject('pgAdminUrl'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('npm run start:prod refuses an incomplete configuration', () => {
  it('names every missing variable at once and exits 1 without opening a port', async () => {
    const p = start({});
    expect(await p.exited).toBe(1);
    const out = p.output();
    for (const name of ['DATABASE_URL', 'PUBLIC_BASE_URL', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'SENDGRID_API_KEY']) {
      expect(out).toContain(`  ${name}: `);
    }
    expect(out).not.toContain('server listening');
    expect(out).not.toMatch(/\n\s+at /); // a message, not a stack trace
  });

  it('refuses NODE_ENV other than production, and only asks for the providers that are enabled', async () => {
    const p = start({ ...PRODUCTION_ENV, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', NODE_ENV: 'development' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('NODE_ENV: must be production for start:prod (got "development")');

    const withoutPaypal = Object.fromEntries(Object.entries(PRODUCTION_ENV).filter(([k]) => !k.startsWith('PAYPAL_')));
    const razorpayOnly = start({ ...withoutPaypal, PAYMENT_PROVIDERS: 'razorpay', RAZORPAY_KEY_SECRET: '', DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(await razorpayOnly.exited).toBe(1);
    expect(razorpayOnly.output()).toContain('RAZORPAY_KEY_SECRET: required');
    expect(razorpayOnly.output()).not.toContain('PAYPAL_');
  });
});

describe('npm run start:prod with a complete configuration', () => {
  let url: string;
  let a: Proc;
  let b: Proc;
  let ports: number[];
  let db: Db;

  beforeAll(async () => {
    url = await emptyDatabase();
    // Two instances starting together on an empty database: one migrates, the other waits.
    a = start({ ...PRODUCTION_ENV, DATABASE_URL: url });
    b = start({ ...PRODUCTION_ENV, DATABASE_URL: url });
    ports = await Promise.all([a.listening(), b.listening()]);
    db = createDb(url, 2);
    pools.push(db);
  });

  it('both instances come up on the freshly migrated database and answer /api/health', async () => {
    for (const port of ports) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    }
    const applied = (await db('knex_migrations').orderBy('id').select('name')).map((r) => r.name);
    expect(applied).toEqual(Object.keys(migrations).sort());
  });

  it('serves the prebuilt site: its index.html and the assets it names', async () => {
    const res = await fetch(`http://127.0.0.1:${ports[0]}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    // The home page is served prerendered (site/dist/pages/index.html); its loader names the hashed code it fetches.
    const script = /(\/assets\/[^"' ]+\.js)/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect(readFileSync(path.join(root, 'site/dist/pages/index.html'), 'utf8')).toContain(script!);
    expect((await fetch(`http://127.0.0.1:${ports[1]}${script}`)).status).toBe(200);
    // Production answers carry the production headers and never the provider sandbox.
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
    expect((await fetch(`http://127.0.0.1:${ports[0]}/sandbox/razorpay/checkout.js`)).status).toBe(404);
  });

  it('seeds no demo data and prints no password', async () => {
    for (const table of ['workshops', 'workshop_registrations', 'users', 'user_roles']) {
      expect({ table, ...(await db(table).count('* as n').first()) }).toEqual({ table, n: 0 });
    }
    for (const p of [a, b]) {
      expect(p.output()).not.toMatch(/password/i);
      expect(p.output()).not.toMatch(/demo/i);
    }
  });

  it('admin:create:prod makes the first admin, who can then sign in', async () => {
    const p = spawnScript('admin:create:prod', { DATABASE_URL: url }, ['--email', 'ops@example.com', '--password', 'a-long-operator-password']);
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('Admin user created successfully for ops@example.com');
    const login = await fetch(`http://127.0.0.1:${ports[1]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PRODUCTION_ENV.PUBLIC_BASE_URL },
      body: JSON.stringify({ email: 'ops@example.com', password: 'a-long-operator-password' }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
  });

  it('stops cleanly on SIGTERM', async () => {
    expect(await a.stop('SIGTERM')).toBe(0);
    expect(await b.stop('SIGTERM')).toBe(0);
    expect(a.output()).toContain('shutting down');
  });
});

describe('npm run start:prod run through npm itself', () => {
  it('passes SIGTERM on: the server shuts down the graceful way (finishing what is in flight) and npm exits 0', async () => {
    const p = spawnScript('start:prod', { HOST: '127.0.0.1', PORT: '0', ...PRODUCTION_ENV, DATABASE_URL: await emptyDatabase() }, [], true);
    running.push(p);
    const port = await p.listening();
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    expect(await p.stop('SIGTERM')).toBe(0);
    expect(p.output()).toContain('shutting down: finishing requests in flight');
  }, 60_000);
});

describe('npm run migrate:prod', () => {
  it('migrates DATABASE_URL as a release step, and refuses without it', async () => {
    const refused = spawnScript('migrate:prod', {});
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('DATABASE_URL: is required');

    const url = await emptyDatabase();
    const [one, two] = [spawnScript('migrate:prod', { DATABASE_URL: url }), spawnScript('migrate:prod', { DATABASE_URL: url })];
    expect(await Promise.all([one.exited, two.exited])).toEqual([0, 0]);
    expect(one.output() + two.output()).toContain('Database is up to date.');
    const db = createDb(url, 1);
    pools.push(db);
    expect(await db('knex_migrations').count('* as n').first()).toEqual({ n: Object.keys(migrations).length });
  });
});
