/**
 * npm run bench:checkout — completed checkouts per second, end to end through the provider
 * sandbox (real SDKs over HTTP), at 50 concurrent buyers, with p50/p99 of each step. Both
 * flows: PayPal (checkout → approval page → approve → return/capture) and Razorpay
 * (checkout → pay in the sandbox modal → verify); each for one seat and for a team of three
 * (every attendee named), with the cost of a 3-seat checkout against a one-seat one (target:
 * at most 1.5x). The server runs in a child process on a
 * fresh database (the machine's PostgreSQL on 127.0.0.1:5432 when it answers, else an
 * embedded one). Env: BENCH_SECONDS (default 10 per flow), BENCH_BUYERS (default 50).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { scratchDatabase, scratchPostgres } from '../../server/test/support/pg-admin';
import { startCheckoutBenchServer } from './bench-server';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 50);
const self = fileURLToPath(import.meta.url);

async function serve(databaseUrl: string) {
  const server = await startCheckoutBenchServer(databaseUrl);
  const [w] = await server.deps
    .db('workshops')
    .insert({ title: 'Bench workshop', description: 'Seeded for the benchmark', date: new Date(Date.now() + 30 * 86_400_000), duration_hours: 5, price_usd_cents: 9900, max_participants: null })
    .returning('id');
  process.send!({ url: server.url, workshopId: w.id });
  process.on('message', async (m) => {
    if (m !== 'stop') return;
    await server.close();
    process.exit(0);
  });
}

// ---------- parent: load and report ----------

type Timings = Record<string, number[]>;

async function timed<T>(t: Timings, step: string, fn: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await fn();
  } finally {
    (t[step] ??= []).push(performance.now() - start);
  }
}

async function expect(res: Response, status: number): Promise<Response> {
  if (res.status !== status) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res;
}

let seq = 0;
function person() {
  const n = seq++;
  return { name: `Bench Buyer ${n}`, email: `bench${n}@example.com`, phone: '9876543210' };
}

/** The buyer, and for a team their seats: the buyer's own first, then a named teammate per seat. */
function order(seats: number) {
  const buyer = person();
  if (seats === 1) return buyer;
  return { ...buyer, seats, attendees: [{ name: buyer.name, email: buyer.email }, ...Array.from({ length: seats - 1 }, () => person()).map(({ name, email }) => ({ name, email }))] };
}

async function paypalCheckout(base: string, workshopId: string, t: Timings, seats = 1) {
  const json = { 'content-type': 'application/json' };
  const { approval_url } = await timed(t, '1 POST /api/checkout/paypal', async () =>
    (await expect(await fetch(`${base}/api/checkout/paypal`, { method: 'POST', headers: json, body: JSON.stringify({ workshop_id: workshopId, ...order(seats) }) }), 201)).json(),
  );
  const token = new URL(approval_url).searchParams.get('token');
  await timed(t, '2 GET approval page', async () => (await expect(await fetch(approval_url), 200)).text());
  const back = await timed(t, '3 POST approve', async () => (await expect(await fetch(`${base}/sandbox/paypal/checkoutnow/${token}/approve`, { method: 'POST', redirect: 'manual' }), 303)).headers.get('location')!);
  const done = await timed(t, '4 GET return (capture)', async () => (await expect(await fetch(new URL(back, base), { redirect: 'manual' }), 302)).headers.get('location')!);
  if (!done.startsWith('/thank-you')) throw new Error(`not completed: ${done}`);
}

async function razorpayCheckout(base: string, workshopId: string, t: Timings, seats = 1) {
  const json = { 'content-type': 'application/json' };
  const co = await timed(t, '1 POST /api/checkout/razorpay', async () =>
    (await expect(await fetch(`${base}/api/checkout/razorpay`, { method: 'POST', headers: json, body: JSON.stringify({ workshop_id: workshopId, ...order(seats) }) }), 201)).json(),
  );
  const paid = await timed(t, '2 POST sandbox pay', async () =>
    (await expect(await fetch(`${base}/sandbox/razorpay/pay`, { method: 'POST', headers: json, body: JSON.stringify({ key: co.key_id, order_id: co.order.id }) }), 200)).json(),
  );
  await timed(t, '3 POST /api/checkout/razorpay/verify', async () =>
    (await expect(await fetch(`${base}/api/checkout/razorpay/verify`, { method: 'POST', headers: json, body: JSON.stringify(paid) }), 200)).json(),
  );
}

async function run(name: string, flow: (t: Timings) => Promise<void>, seconds: number) {
  const t: Timings = {};
  let completed = 0;
  let failed = 0;
  const end = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      while (Date.now() < end) {
        try {
          await timed(t, 'end to end', () => flow(t));
          completed++;
        } catch (err) {
          failed++;
          if (failed <= 3) console.error(String(err));
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { name, completed, failed, perSecond: completed / elapsed, t };
}

function pct(values: number[], p: number) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

async function main() {
  const postgres = await scratchPostgres();
  const database = await scratchDatabase(postgres.adminUrl, 'wk_bench');
  const dbUrl = database.url;
  let child: ChildProcess | undefined;
  try {
    child = fork(self, ['serve', dbUrl], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const ready = await new Promise<{ url: string; workshopId: string }>((resolve, reject) => {
      child!.once('message', (m) => resolve(m as { url: string; workshopId: string }));
      child!.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
    console.log(`Checkout benchmark: ${BUYERS} concurrent buyers, ${SECONDS}s per flow (after a 2s warm-up), database ${postgres.where}\n`);
    const flows: [string, (t: Timings, seats: number) => Promise<void>][] = [
      ['PayPal', (t, seats) => paypalCheckout(ready.url, ready.workshopId, t, seats)],
      ['Razorpay', (t, seats) => razorpayCheckout(ready.url, ready.workshopId, t, seats)],
    ];
    const summary: Record<string, string | number>[] = [];
    for (const [name, flow] of flows) {
      const rates: Record<number, number> = {};
      for (const seats of [1, 3]) {
        const label = `${name}, ${seats === 1 ? 'one seat' : `${seats} seats`}`;
        await run(label, (t) => flow(t, seats), 2);
        const r = await run(label, (t) => flow(t, seats), SECONDS);
        rates[seats] = r.perSecond;
        console.log(`${label}: ${r.perSecond.toFixed(1)} completed checkouts/s (${r.completed} completed, ${r.failed} failed)`);
        console.table(Object.entries(r.t).map(([step, v]) => ({ step, count: v.length, 'p50 ms': +pct(v, 50).toFixed(1), 'p99 ms': +pct(v, 99).toFixed(1) })));
      }
      // Cost per checkout is the inverse of the rate at the same concurrency.
      const cost = rates[1] / rates[3];
      summary.push({ flow: name, 'one seat /s': +rates[1].toFixed(1), '3 seats /s': +rates[3].toFixed(1), '3-seat cost (x one seat)': +cost.toFixed(2), 'target <= 1.5x': cost <= 1.5 ? 'met' : 'MISSED' });
    }
    console.table(summary);
  } finally {
    if (child?.connected) {
      child.send('stop');
      await new Promise((r) => child!.once('exit', r));
    }
    await database.drop();
    await postgres.stop();
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3]);
else await main();
