/**
 * npm run bench:api — throughput and latency of the real API against a bare Express handler,
 * at 100 connections, in one run. Each server runs in its own child process (autocannon in
 * this one), on a fresh database: the machine's PostgreSQL on 127.0.0.1:5432 when it answers,
 * else an embedded one. Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 100),
 * BENCH_PROFILE (a folder for the servers' CPU profile) and BENCH_ONLY (a scenario name's start: only it and bare Express).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import express from 'express';
import { scratchDatabase, scratchPostgres } from '../../server/test/support/pg-admin';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const self = fileURLToPath(import.meta.url);

type Ready = { api: string; holds: string; bare: string };

const LIST = 'GET /api/workshops';

// ---------- child: the servers under test ----------

async function serve(databaseUrl: string) {
  const { loadConfig, startServer } = await import('../../server/src/index');
  const { holdSeat } = await import('../../server/src/payments/seat-hold.service');
  const config = loadConfig({
    ...process.env,
    // Development = the built-in provider sandbox: nothing leaves the machine.
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // The bench measures the server, not the per-IP limiter (every request comes from one IP).
    RATE_LIMIT_FORMS_MAX: '100000000',
  });
  const server = await startServer(config);
  const { db } = server.deps;

  const day = 86_400_000;
  const workshops = await db('workshops')
    .insert(
      [3, 10, 17, 24, 40].map((d, i) => ({
        title: `Bench workshop ${i}`,
        description: 'Seeded for the benchmark',
        date: new Date(Date.now() + d * day),
        duration_hours: 5,
        price_usd_cents: 9900,
        max_participants: i === 4 ? null : 20,
      })),
    )
    .returning('id');
  const regs = workshops.slice(0, 4).flatMap((w: { id: string }, wi: number) =>
    Array.from({ length: 12 }, (_, i) => ({
      name: `Bench ${wi}-${i}`,
      email: `bench${wi}-${i}@example.com`,
      workshop_id: w.id,
      access_id: `NC-B${wi}${String(i).padStart(6, '0')}`,
      amount: 9900,
      status: i % 3 === 0 ? 'pending' : 'completed',
      payment_id: i % 3 === 0 ? null : `BENCH-${wi}-${i}`,
      hold_expires_at: i % 3 === 0 ? new Date(Date.now() + 30 * 60_000) : null,
    })),
  );
  await db('workshop_registrations').insert(regs);
  const unlimited = workshops[4].id as string;

  // Seat holds have no public route of their own (checkout also calls the payment provider),
  // so the service the checkouts use is put behind a minimal route of the bench's own.
  // Each hold is a different buyer, as checkouts are: one buyer's second hold replaces their
  // first (seat-hold.service.ts), so one address for every request would measure a single buyer
  // retrying a hundred times at once, each retry letting the one before go.
  const holdsApp = express();
  let buyer = 0;
  holdsApp.post('/hold', async (_req, res) => {
    try {
      const email = `buyer${++buyer}@example.com`;
      const hold = await holdSeat(db, { workshopId: unlimited, name: 'Bench Buyer', email, phone: '9876543210', paymentMethod: 'paypal' }, 30);
      res.status(201).json({ access_id: hold.accessId });
    } catch (err) {
      res.status(500).json({ error: String(err) });
    }
  });
  const holds = holdsApp.listen(0, '127.0.0.1');

  const bareApp = express();
  bareApp.get('/', (_req, res) => {
    res.json({ status: 'ok' });
  });
  const bare = bareApp.listen(0, '127.0.0.1');
  await Promise.all([holds, bare].map((s) => new Promise((r) => s.once('listening', r))));
  const port = (s: typeof bare) => (s.address() as { port: number }).port;

  process.send!({ api: server.url, holds: `http://127.0.0.1:${port(holds)}`, bare: `http://127.0.0.1:${port(bare)}` } satisfies Ready);
  process.on('message', async (m) => {
    // Server CPU per scenario: independent of how busy the rest of the machine is.
    if (m === 'cpu') return process.send!({ cpu: process.cpuUsage() });
    if (m !== 'stop') return;
    holds.close();
    bare.close();
    await server.close();
    process.exit(0);
  });
}

// ---------- parent: databases, load, report ----------

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuPerRequestUs: number;
}

let child: ChildProcess | undefined;

function serverCpu(): Promise<NodeJS.CpuUsage> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if (m && typeof m === 'object' && 'cpu' in m) {
        child!.off('message', onMessage);
        resolve((m as { cpu: NodeJS.CpuUsage }).cpu);
      }
    };
    child!.on('message', onMessage);
    child!.send('cpu');
  });
}

async function load(name: string, opts: autocannon.Options): Promise<Figures> {
  // Warm up connection pools and JIT before measuring.
  await autocannon({ ...opts, connections: CONNECTIONS, duration: 2 });
  const before = await serverCpu();
  const r = await autocannon({ ...opts, connections: CONNECTIONS, duration: SECONDS });
  const after = await serverCpu();
  const cpuUs = after.user - before.user + after.system - before.system;
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    cpuPerRequestUs: Math.round(cpuUs / Math.max(1, r.requests.total)),
  };
}

async function main() {
  const postgres = await scratchPostgres();
  const database = await scratchDatabase(postgres.adminUrl, 'wk_bench');
  const dbUrl = database.url;

  try {
    // BENCH_PROFILE=folder: the servers' CPU profile (.cpuprofile, for Chrome's DevTools) saved there.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    child = fork(self, ['serve', dbUrl], { execArgv: ['--import', 'tsx', ...profile], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const urls = await new Promise<Ready>((resolve, reject) => {
      child!.once('message', (m) => resolve(m as Ready));
      child!.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });

    console.log(`API benchmark: ${CONNECTIONS} connections, ${SECONDS}s each (after a 2s warm-up), database ${postgres.where}\n`);
    const json = { 'content-type': 'application/json' };
    const scenarios: [string, autocannon.Options][] = [
      ['bare Express (constant JSON)', { url: `${urls.bare}/` }],
      [LIST, { url: `${urls.api}/api/workshops` }],
      [
        'POST /api/interests',
        {
          url: `${urls.api}/api/interests`,
          method: 'POST',
          headers: json,
          body: JSON.stringify({ source: 'interest', name: 'Bench Person', email: 'bench@example.com', phone: '555 0100' }),
        },
      ],
      ['seat hold (holdSeat, one workshop)', { url: `${urls.holds}/hold`, method: 'POST' }],
    ];
    const only = process.env.BENCH_ONLY;
    const results: Figures[] = [];
    for (const [name, opts] of scenarios) if (!only || results.length === 0 || name.startsWith(only)) results.push(await load(name, opts));
    report(results);
  } finally {
    if (child?.connected) {
      child.send('stop');
      await new Promise((r) => child!.once('exit', r));
    }
    await database.drop();
    await postgres.stop();
  }
}

function report(results: Figures[]) {
  const bare = results[0].rps;
  const rows = results.map((r) => ({
    scenario: r.name,
    'req/s': Math.round(r.rps),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'vs bare': `${Math.round((r.rps / bare) * 100)}%`,
    'server CPU µs/req': r.cpuPerRequestUs,
    'non-2xx': r.non2xx,
    errors: r.errors,
  }));
  console.table(rows);
  const list = results.find((r) => r.name === LIST);
  if (list) {
    const ratio = list.rps / bare;
    console.log(`\nworkshop list: ${Math.round(ratio * 100)}% of bare Express (aim ≥ 50%): ${ratio >= 0.5 ? 'met' : 'MISSED'}`);
    console.log(`workshop list p99: ${list.p99} ms (aim < 50 ms): ${list.p99 < 50 ? 'met' : 'MISSED'}`);
  }
  // Issue 21's floors for the write paths, relative to bare Express in the same run.
  for (const [start, floor] of [['POST /api/interests', 0.25], ['seat hold', 0.1]] as const) {
    const r = results.find((x) => x.name.startsWith(start));
    if (r) console.log(`${start}: ${Math.round((r.rps / bare) * 100)}% of bare Express (aim ≥ ${floor * 100}%): ${r.rps / bare >= floor ? 'met' : 'MISSED'}`);
  }
  console.log(`load average during the run: ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} cores (figures are only comparable within one run)`);
  if (results.some((r) => r.non2xx || r.errors)) console.log('warning: some requests failed; the figures above include them');
}

if (process.argv[2] === 'serve') {
  serve(process.argv[3]).catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
