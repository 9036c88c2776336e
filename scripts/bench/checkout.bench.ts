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
import { paypalCheckout, pct, razorpayCheckout, run, type Timings } from './checkout-flows';

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
