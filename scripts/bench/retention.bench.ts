/**
 * npm run bench:retention — issue 27, point 6: the daily retention run over a backlog of about a
 * million rows past their periods (bookings with their seats, emails and payment records, questions,
 * preview leads, waitlist places; target: under 5 minutes), without holding the checkout's tables: a probe takes a
 * seat-like row lock on a current workshop every 50 ms during the run and the longest wait is printed.
 * Env: BENCH_ROWS (default 1,000,000 rows due in all).
 */
import { createDb } from '../../server/src/db/knex';
import { migrateLatest } from '../../server/src/db/migrate';
import { runRetention } from '../../server/src/privacy/retention.service';
import { scratchDatabase, scratchPostgres } from '../../server/test/support/pg-admin';
import { runBench } from './run-bench';

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** Of every 11 rows due: 2 bookings (each with a seat, an email and a ledger row past the payment period: 8), 1 question, 1 lead, 1 waitlist place. */
const UNIT = Math.ceil(ROWS / 11);

async function main() {
  const pg = await scratchPostgres();
  const scratch = await scratchDatabase(pg.adminUrl, 'wk_bench_retention');
  const db = createDb(scratch.url, 6);
  try {
    await migrateLatest(db);
    const seedStart = performance.now();
    const [old] = await db('workshops').insert({ title: 'Long ago', description: 'Seeded', date: db.raw(`now() - interval '8 years'`), duration_hours: 2, price_usd_cents: 9900, max_participants: null }).returning('id');
    const [now] = await db('workshops').insert({ title: 'Selling now', description: 'Seeded', date: db.raw(`now() + interval '10 days'`), duration_hours: 2, price_usd_cents: 9900, max_participants: null }).returning('id');
    const bookings = 2 * UNIT;
    for (let from = 0; from < bookings; from += 50_000) {
      const to = Math.min(bookings, from + 50_000) - 1;
      await db.raw(
        `INSERT INTO workshop_registrations (workshop_id, name, email, phone, access_id, amount, payment_method, payment_id, status)
         SELECT ?, 'Old Buyer ' || i, 'old' || i || '@example.com', '9876543210', 'NC-R' || lpad(i::text, 8, '0'), 9900, 'paypal', 'PAY-OLD-' || i, 'completed' FROM generate_series(?::int, ?::int) i`,
        [old.id, from, to],
      );
    }
    await db.raw(
      `INSERT INTO payments (provider, payment_id, registration_id, amount_cents, currency, kept_cents, decision, decided_at, created_at)
       SELECT 'paypal', payment_id, id, 9900, 'USD', 9900, 'seat', now() - interval '8 years', now() - interval '8 years' FROM workshop_registrations WHERE workshop_id = ?`,
      [old.id],
    );
    await db.raw(`INSERT INTO email_messages (registration_id, kind, to_email, status, subject) SELECT id, 'confirmation', email, 'sent', 'You''re registered' FROM workshop_registrations WHERE workshop_id = ?`, [old.id]);
    await db.raw(`INSERT INTO workshop_interests (name, email, phone, message, source, updated_at, created_at) SELECT 'Asker ' || i, 'asker' || i || '@example.com', '', 'Hello', 'interest', now() - interval '4 years', now() - interval '4 years' FROM generate_series(1, ?::int) i`, [UNIT]);
    await db.raw(`INSERT INTO video_leads (name, email, created_at) SELECT 'Viewer ' || i, 'viewer' || i || '@example.com', now() - interval '4 years' FROM generate_series(1, ?::int) i`, [UNIT]);
    await db.raw(`INSERT INTO waitlist_entries (workshop_id, name, email, phone, status, updated_at, created_at) SELECT ?, 'Waiter ' || i, 'waiter' || i || '@example.com', '', 'expired', now() - interval '4 years', now() - interval '4 years' FROM generate_series(1, ?::int) i`, [old.id, UNIT]);
    await db.raw('ANALYZE');
    const [probe] = await db('workshop_registrations').insert({ workshop_id: now.id, name: 'Live Buyer', email: 'live@example.com', phone: '9876543210', access_id: 'NC-LIVE0001', amount: 9900, payment_method: 'paypal', status: 'pending', hold_expires_at: db.raw(`now() + interval '1 hour'`) }).returning('id');
    console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

    // A checkout's locks while the run goes: the workshop row, then its registration row, as every seat change takes them.
    let running = true;
    const waits: number[] = [];
    const prober = (async () => {
      while (running) {
        const t = performance.now();
        await db.transaction(async (trx) => {
          await trx('workshops').where({ id: now.id }).forNoKeyUpdate().first('id');
          await trx('workshop_registrations').where({ id: probe.id }).forNoKeyUpdate().first('id');
        });
        waits.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const t = performance.now();
    const done = await runRetention(db);
    const seconds = (performance.now() - t) / 1000;
    running = false;
    await prober;
    const total = Object.values(done).reduce((a, b) => a + b, 0);
    console.log(`retention run: ${total} rows in ${seconds.toFixed(1)} s (target: 1,000,000 under 300 s) — ${JSON.stringify(done)}`);
    console.log(`checkout lock probe during the run: ${waits.length} takes, longest wait ${Math.max(...waits).toFixed(1)} ms, p99 ${waits.sort((a, b) => a - b)[Math.floor(waits.length * 0.99)]?.toFixed(1)} ms`);
  } finally {
    await db.destroy();
    await scratch.drop();
    await pg.stop();
  }
}

runBench(main);
