/**
 * npm run bench:cancel — an organiser calls off a workshop with 500 paid bookings (issue 23,
 * point 10): how long the confirm takes to answer (target under 2 s: the refunds run in the
 * queue), and how long until every booking is ended and all 500 sandbox refunds are made
 * (target within 60 s on this machine). The bookings are bought through the real checkouts
 * (half PayPal, half Razorpay, 20 buyers at once) against the provider sandbox; the server runs
 * in a child process on a fresh database. Env: BENCH_BOOKINGS (default 500).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import knex from 'knex';
import { scratchDatabase, scratchPostgres } from '../../server/test/support/pg-admin';
import { startCheckoutBenchServer } from './bench-server';

const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 500);
const BUYERS = 20;
const self = fileURLToPath(import.meta.url);
const json = { 'content-type': 'application/json' };

async function serve(databaseUrl: string) {
  const { createAdminUser } = await import('../../server/src/auth/auth.queries');
  const { hashPassword } = await import('../../server/src/auth/password');
  const server = await startCheckoutBenchServer(databaseUrl, { JOB_POLL_INTERVAL_MS: '100' });
  await createAdminUser(server.deps.db, 'bench@admin.test', await hashPassword('bench admin password'));
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

async function ok(res: Response, status: number): Promise<Response> {
  if (res.status !== status) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res;
}

async function buy(base: string, workshopId: string, n: number): Promise<void> {
  const buyer = { workshop_id: workshopId, name: `Bench Buyer ${n}`, email: `bench${n}@example.com`, phone: '9876543210' };
  if (n % 2) {
    const co = await (await ok(await fetch(`${base}/api/checkout/razorpay`, { method: 'POST', headers: json, body: JSON.stringify(buyer) }), 201)).json();
    const paid = await (await ok(await fetch(`${base}/sandbox/razorpay/pay`, { method: 'POST', headers: json, body: JSON.stringify({ key: co.key_id, order_id: co.order.id }) }), 200)).json();
    await ok(await fetch(`${base}/api/checkout/razorpay/verify`, { method: 'POST', headers: json, body: JSON.stringify(paid) }), 200);
    return;
  }
  const { approval_url } = await (await ok(await fetch(`${base}/api/checkout/paypal`, { method: 'POST', headers: json, body: JSON.stringify(buyer) }), 201)).json();
  const token = new URL(approval_url).searchParams.get('token');
  const back = (await ok(await fetch(`${base}/sandbox/paypal/checkoutnow/${token}/approve`, { method: 'POST', redirect: 'manual' }), 303)).headers.get('location')!;
  const done = (await ok(await fetch(new URL(back, base), { redirect: 'manual' }), 302)).headers.get('location')!;
  if (!done.startsWith('/thank-you')) throw new Error(`not completed: ${done}`);
}

async function main() {
  const postgres = await scratchPostgres();
  const database = await scratchDatabase(postgres.adminUrl, 'wk_bench');
  const db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  let child: ChildProcess | undefined;
  try {
    child = fork(self, ['serve', database.url], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const { url, workshopId } = await new Promise<{ url: string; workshopId: string }>((resolve, reject) => {
      child!.once('message', (m) => resolve(m as { url: string; workshopId: string }));
      child!.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    });
    console.log(`Workshop cancellation benchmark: ${BOOKINGS} paid bookings (half PayPal, half Razorpay), database ${postgres.where}\n`);
    let next = 0;
    const bought = performance.now();
    await Promise.all(Array.from({ length: BUYERS }, async () => {
      while (next < BOOKINGS) await buy(url, workshopId, next++);
    }));
    console.log(`bought ${BOOKINGS} bookings in ${((performance.now() - bought) / 1000).toFixed(1)} s`);

    const login = await (await ok(await fetch(`${url}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'bench@admin.test', password: 'bench admin password', client: 'desktop' }) }), 200)).json();
    const auth = { ...json, authorization: `Bearer ${login.token}` };
    const started = performance.now();
    const answer = await (await ok(await fetch(`${url}/api/admin/workshops/${workshopId}/cancel`, { method: 'POST', headers: auth, body: JSON.stringify({ reason: 'Benchmark', confirm: true }) }), 200)).json();
    const confirmMs = performance.now() - started;
    for (;;) {
      const ended = Number((await db('workshop_registrations').where({ workshop_id: workshopId, status: 'completed' }).count('* as n').first())?.n);
      const made = Number((await db('refunds').where({ status: 'succeeded' }).count('* as n').first())?.n);
      if (ended === 0 && made >= BOOKINGS) break;
      if (performance.now() - started > 300_000) throw new Error(`gave up: ${ended} bookings left, ${made} refunds made`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const allMs = performance.now() - started;
    const atProvider =
      Number((await db('provider_sandbox.razorpay_refunds').count('* as n').first())?.n) + Number((await db('provider_sandbox.paypal_refunds').count('* as n').first())?.n);
    console.table([
      { figure: 'confirm answered', value: `${(confirmMs / 1000).toFixed(2)} s`, target: '< 2 s', '': confirmMs < 2000 ? 'met' : 'MISSED' },
      { figure: `all ${BOOKINGS} bookings ended and refunded`, value: `${(allMs / 1000).toFixed(1)} s`, target: '<= 60 s', '': allMs <= 60_000 ? 'met' : 'MISSED' },
      { figure: 'refunds at the providers', value: String(atProvider), target: String(BOOKINGS), '': atProvider === BOOKINGS ? 'met' : 'MISSED' },
    ]);
    console.log(`(the confirm covered ${answer.bookings} bookings, ${(answer.refund_cents / 100).toFixed(2)} USD to refund)`);
  } finally {
    await db.destroy();
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
