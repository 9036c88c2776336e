/**
 * npm run bench:join — issue 26, point 9: 500 attendees follow their tracked join links within
 * one minute of the start (target: p95 under 20 ms per redirect), and every join is recorded
 * (the record never holds the redirect back). Prints the latencies and how many joins the
 * database has once the minute is over. Env: BENCH_JOINS (default 500), BENCH_SECONDS (default 60).
 */
import { pct } from './checkout-flows';
import { startCheckoutBenchServer } from './bench-server';
import { scratchDatabase, scratchPostgres } from '../../server/test/support/pg-admin';
import { runBench } from './run-bench';

const JOINS = Number(process.env.BENCH_JOINS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);

async function main() {
  const pg = await scratchPostgres();
  const scratch = await scratchDatabase(pg.adminUrl, 'wk_bench_join');
  const server = await startCheckoutBenchServer(scratch.url);
  const db = server.deps.db;
  try {
    const [w] = await db('workshops')
      .insert({ title: 'Join bench', description: 'Seeded for the benchmark', date: new Date(Date.now() + 5 * 60_000), duration_hours: 2, price_usd_cents: 9900, max_participants: null, join_url: 'https://meet.example.com/bench' })
      .returning('id');
    const regs = Array.from({ length: JOINS }, (_, i) => ({
      workshop_id: w.id,
      name: `Joiner ${i}`,
      email: `joiner${i}@example.com`,
      phone: '9876543210',
      access_id: `NC-J${String(i).padStart(7, '0')}`,
      amount: 9900,
      payment_method: 'paypal',
      payment_id: `PAY-JOIN-${i}`,
      status: 'completed',
    }));
    for (let i = 0; i < regs.length; i += 250) await db('workshop_registrations').insert(regs.slice(i, i + 250));
    const tokens: string[] = await db('attendees').pluck('join_token');

    // Each attendee clicks once at a random moment of the minute, as a room filling up does.
    const times: number[] = [];
    const wrong: number[] = [];
    await Promise.all(
      tokens.map(async (token) => {
        await new Promise((r) => setTimeout(r, Math.random() * SECONDS * 1000));
        const t = performance.now();
        const res = await fetch(`${server.url}/join/${token}`, { redirect: 'manual' });
        times.push(performance.now() - t);
        if (res.status !== 302) wrong.push(res.status);
        await res.arrayBuffer();
      }),
    );
    await new Promise((r) => setTimeout(r, 1000));
    const recorded = Number((await db('attendees').whereNotNull('first_joined_at').count('* as n').first())?.n ?? 0);
    console.log(`joins: ${times.length} over ${SECONDS} s; redirect p50 ${pct(times, 50).toFixed(1)} ms, p95 ${pct(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (target: p95 < 20 ms)`);
    console.log(`not redirected: ${wrong.length}${wrong.length ? ` (${[...new Set(wrong)].join(', ')})` : ''}; joins recorded: ${recorded} of ${tokens.length}`);
  } finally {
    await server.close();
    await scratch.drop();
    await pg.stop();
  }
}

runBench(main);
