import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { parse } from 'yaml';
import { productionConfig } from '../../src/cli/production-env';
import { adminQuery, withDatabase } from '../support/pg-admin';
import { ensureBuilt, PRODUCTION_ENV, root, scripts, spawnScript, type Proc } from '../support/prod-process';

/**
 * Dockerfile, compose.yaml and deploy/nginx.conf cannot be run here (no container engine on the
 * build machines), so this holds them to what can: their commands are package.json's, which
 * start-prod.test.ts runs; and compose's services run below as processes, with compose's own
 * environment, behind a stand-in for the nginx upstream.
 */
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
/** A script's command line; `exec` (so the signals npm passes on reach node, not a shell) is the shell's, not the command's. */
const commandOf = (script: string) => scripts[script].replace(/^exec\s+/, '');
const argv = (script: string) => commandOf(script).split(/\s+/);

interface Service {
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  image?: string;
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const services = compose.services;
const appServices = Object.entries(services).filter(([, s]) => s.command?.join(' ') === commandOf('start:prod'));

/** compose's variable interpolation: ${VAR}, ${VAR:-default}, ${VAR:?error}. */
function interpolate(value: string, vars: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, arg?: string) => {
    const v = vars[name];
    if (v) return v;
    if (op === '?') throw new Error(`compose would refuse: ${arg}`);
    return op === '-' ? (arg ?? '') : '';
  });
}
const envOf = (service: Service, vars: Record<string, string>) =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), vars)]));

/** What an operator puts in .env (deploy/example.env's names), filled with stand-ins. */
const dotEnv: Record<string, string> = { ...PRODUCTION_ENV, POSTGRES_PASSWORD: 'compose-secret', METRICS_TOKEN: 'metrics-token-for-the-cluster' };

describe('the Dockerfile', () => {
  const docker = read('Dockerfile');
  const stages = docker.split(/^FROM /m).slice(1);
  const runs = (stage: string) => [...stage.matchAll(/^RUN (.+)$/gm)].map((m) => m[1]);

  it('builds with npm ci + npm run build, and runs exactly npm run start:prod\'s command', () => {
    expect(stages).toHaveLength(2);
    expect(runs(stages[0])).toEqual(['npm ci --no-audit --no-fund', 'npm run build']);
    const cmd = /^CMD (\[.*\])$/m.exec(stages[1])?.[1];
    expect(JSON.parse(cmd!)).toEqual(argv('start:prod'));
    expect(stages[1]).toContain('ENV NODE_ENV=production HOST=0.0.0.0');
    expect(stages[1]).toMatch(/^COPY --from=build \/app\/server\/dist server\/dist$/m);
    expect(stages[1]).toMatch(/^COPY --from=build \/app\/site\/dist site\/dist$/m);
    expect(runs(stages[1])[0]).toMatch(/^npm ci --omit=dev --workspace @workshop\/server /);
  });

  it('copies every workspace\'s package.json before npm ci in both stages (npm ci needs them all)', () => {
    const workspaces: string[] = JSON.parse(read('package.json')).workspaces;
    for (const stage of stages) {
      for (const ws of workspaces) expect(stage).toContain(`COPY ${ws}/package.json ${ws}/`);
    }
  });

  it('keeps local builds, dependencies, data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.env']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  it('runs PostgreSQL, the migrate:prod release step, two start:prod instances and the proxy', () => {
    expect(appServices.map(([name]) => name)).toEqual(['app1', 'app2']);
    expect(services.migrate.command).toEqual(argv('migrate:prod'));
    expect(services.postgres.image).toMatch(/^postgres:\d+/);
    for (const [, app] of appServices) expect(app.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
    expect(services.migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });

  it('passes start:prod everything it requires, from the .env deploy/example.env describes', () => {
    const example = Object.fromEntries(read('deploy/example.env').split('\n').filter((l) => /^\w+=/.test(l)).map((l) => l.split('=', 2) as [string, string]));
    const used = new Set([...read('compose.yaml').matchAll(/\$\{(\w+)/g)].map((m) => m[1]));
    expect([...used].sort()).toEqual(Object.keys(example).sort());
    const env = envOf(services.app1, dotEnv);
    expect(() => productionConfig(env)).not.toThrow();
    expect(env).toMatchObject({ NODE_ENV: 'production', HOST: '0.0.0.0', TRUST_PROXY: 'true', DATABASE_URL: 'postgres://workshop:compose-secret@postgres:5432/workshop' });
    // Without the credentials in .env, start:prod (not compose) names each one.
    expect(() => productionConfig(envOf(services.app1, { POSTGRES_PASSWORD: 'x', PUBLIC_BASE_URL: 'https://w.example.com' }))).toThrow(/PAYPAL_CLIENT_ID[\s\S]*RAZORPAY_KEY_SECRET[\s\S]*SENDGRID_API_KEY/);
    expect(() => envOf(services.app1, {})).toThrow('set POSTGRES_PASSWORD in .env');
  });

  it("takes the providers' sandbox unless the operator says live", () => {
    const { PAYPAL_MODE: _unset, ...withoutMode } = dotEnv;
    expect(envOf(services.app1, withoutMode).PAYPAL_MODE).toBe('sandbox');
    expect(envOf(services.app1, { ...withoutMode, PAYPAL_MODE: 'live' }).PAYPAL_MODE).toBe('live');
  });
});

describe('deploy/nginx.conf', () => {
  const conf = read('deploy/nginx.conf');
  it('balances over exactly the app services on the port start:prod listens on, and never serves /metrics', () => {
    const upstream = [...conf.matchAll(/^\s*server (\S+):(\d+);/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(upstream).toEqual(appServices.map(([name]) => `${name}:3000`));
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;/);
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
  });
});

describe('compose\'s services, run as processes', () => {
  let name: string;
  const running: Proc[] = [];
  let proxy: http.Server;
  let proxyUrl: string;
  let ports: number[];

  beforeAll(async () => {
    ensureBuilt();
    name = `wk_compose_${randomBytes(5).toString('hex')}`;
    await adminQuery(inject('pgAdminUrl'), `CREATE DATABASE ${name}`);
    // Only what differs outside containers: the database's address, and a port each (one host).
    const local = { DATABASE_URL: withDatabase(inject('pgAdminUrl'), name), HOST: '127.0.0.1', PORT: '0' };
    const migrate = spawnScript('migrate:prod', { ...envOf(services.migrate, dotEnv), ...local });
    expect(await migrate.exited).toBe(0);
    const apps = appServices.map(([, s]) => spawnScript('start:prod', { ...envOf(s, dotEnv), ...local }));
    running.push(...apps);
    ports = await Promise.all(apps.map((a) => a.listening()));

    // The nginx upstream's behaviour that matters here: round robin, X-Forwarded-For appended.
    let next = 0;
    proxy = http.createServer((req, res) => {
      const port = ports[next++ % ports.length];
      const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
      const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    proxy?.close();
    await Promise.all(running.map((p) => p.stop('SIGKILL')));
    if (name) await adminQuery(inject('pgAdminUrl'), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('both instances answer through the proxy, and an admin session made on one works on the other', async () => {
    for (let i = 0; i < 4; i++) expect((await fetch(`${proxyUrl}/api/health`)).status).toBe(200);
    const admin = spawnScript('admin:create:prod', { DATABASE_URL: withDatabase(inject('pgAdminUrl'), name) }, ['--email', 'ops@example.com', '--password', 'cluster-admin-password']);
    expect(await admin.exited).toBe(0);
    const login = await fetch(`http://127.0.0.1:${ports[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@example.com', password: 'cluster-admin-password' }),
    });
    // The web admin's session is its httpOnly cookie (the sign-in answer carries no token).
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^wk_session=/);
    expect((await fetch(`http://127.0.0.1:${ports[1]}/api/admin/dashboard`, { headers: { cookie } })).status).toBe(200);
  });

  it('metrics: relayed requests need compose\'s METRICS_TOKEN; each instance counts its own requests, the database figures are shared', async () => {
    expect((await fetch(`${proxyUrl}/metrics`)).status).toBe(401);
    const scrape = async (port: number) => (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${dotEnv.METRICS_TOKEN}`, 'x-forwarded-for': '10.0.0.9' } })).text();
    const [one, two] = await Promise.all(ports.map(scrape));
    for (const text of [one, two]) {
      expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/m);
      expect(text).toContain('workshop_checkouts_started_total{provider="paypal"} 0');
    }
  });
});
