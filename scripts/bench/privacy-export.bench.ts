/**
 * npm run bench:privacy-export — issue 27, point 6: a person with 100 bookings (each with its seat,
 * payment and emails) confirms an export from their inbox's link; the answer must come in under
 * 1 s. Among 20,000 other people's bookings, so the lookups by address are the ones that count.
 * Prints each of BENCH_ROUNDS (default 5) answers' time. Env: BENCH_OTHERS (default 20000).
 */
import { randomBytes } from 'node:crypto';
import { sha256 } from '../../server/src/auth/auth.queries';
import { scratchDatabase, scratchPostgres } from '../../server/test/support/pg-admin';
import { startCheckoutBenchServer } from './bench-server';
import { runBench } from './run-bench';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OTHERS = Number(process.env.BENCH_OTHERS ?? 20_000);
const EMAIL = 'exporter@example.com';

async function main() {
  const pg = await scratchPostgres();
  const scratch = await scratchDatabase(pg.adminUrl, 'wk_bench_privacy_export');
  const server = await startCheckoutBenchServer(scratch.url);
  const db = server.deps.db;
  try {
    const [w] = await db('workshops').insert({ title: 'Export bench', description: 'Seeded', date: new Date(Date.now() - 86_400_000), duration_hours: 2, price_usd_cents: 9900, max_participants: null }).returning('id');
    await db.raw(
      `INSERT INTO workshop_registrations (workshop_id, name, email, phone, access_id, amount, payment_method, payment_id, status)
       SELECT ?, 'Other ' || i, 'other' || i || '@example.com', '9876543210', 'NC-O' || lpad(i::text, 8, '0'), 9900, 'paypal', 'PAY-O-' || i, 'completed' FROM generate_series(1, ?::int) i`,
      [w.id, OTHERS],
    );
    await db.raw(
      `INSERT INTO workshop_registrations (workshop_id, name, email, phone, access_id, amount, payment_method, payment_id, status)
       SELECT ?, 'Exporter', ?, '9876543210', 'NC-E' || lpad(i::text, 8, '0'), 9900, 'paypal', 'PAY-E-' || i, 'completed' FROM generate_series(1, 100) i`,
      [w.id, EMAIL],
    );
    await db.raw(`INSERT INTO payments (provider, payment_id, registration_id, amount_cents, currency, kept_cents, decision) SELECT 'paypal', payment_id, id, amount, 'USD', amount, 'seat' FROM workshop_registrations`);
    await db.raw(`INSERT INTO email_messages (registration_id, kind, to_email, status, subject) SELECT id, 'confirmation', email, 'sent', 'You''re registered' FROM workshop_registrations`);
    await db.raw('ANALYZE');

    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const token = randomBytes(32).toString('base64url');
      await db('privacy_requests').insert({ email: EMAIL, kind: 'export', token_hash: sha256(token), expires_at: db.raw(`now() + interval '1 hour'`) });
      const t = performance.now();
      const res = await fetch(`${server.url}/api/privacy/requests/confirm`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
      const body = (await res.json()) as { export?: { bookings: unknown[]; emails: unknown[] } };
      times.push(performance.now() - t);
      if (res.status !== 200 || body.export?.bookings.length !== 100) throw new Error(`export answered ${res.status} with ${body.export?.bookings.length} bookings`);
    }
    console.log(`export of 100 bookings (and their seats, payments, emails) among ${OTHERS} others: ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}; slowest ${Math.max(...times).toFixed(0)} ms (target: under 1000 ms)`);
  } finally {
    await server.close();
    await scratch.drop();
    await pg.stop();
  }
}

runBench(main);
