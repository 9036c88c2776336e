import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../../src/db/knex';
import { newAccessId } from '../../src/registrations/access-id';

const DAY = 86_400_000;

export interface WorkshopRow {
  id: string;
  title: string;
  date: Date;
  price_usd_cents: number;
  max_participants: number | null;
  is_active: boolean;
  registration_open: boolean;
}

/** An active, open workshop a week from now unless told otherwise. */
export async function insertWorkshop(db: Db, values: Record<string, unknown> = {}): Promise<WorkshopRow> {
  const [row] = await db('workshops')
    .insert({
      title: 'Test Workshop',
      description: 'A workshop for tests',
      date: new Date(Date.now() + 7 * DAY),
      duration_hours: 2,
      price_usd_cents: 9900,
      max_participants: 20,
      is_active: true,
      registration_open: true,
      ...values,
    })
    .returning('*');
  return row;
}

export async function insertRegistration(db: Db, workshopId: string, values: Record<string, unknown> = {}) {
  const status = (values.status as string | undefined) ?? 'completed';
  const [row] = await db('workshop_registrations')
    .insert({
      name: 'Test Person',
      email: `person-${randomBytes(3).toString('hex')}@example.com`,
      phone: '9876543210',
      workshop_id: workshopId,
      access_id: newAccessId(),
      payment_id: status === 'completed' ? `PAY-${randomBytes(6).toString('hex')}` : null,
      amount: 9900,
      payment_method: 'paypal',
      status,
      hold_expires_at: status === 'pending' ? new Date(Date.now() + 30 * 60_000) : null,
      ...values,
    })
    .returning('*');
  return row;
}

export async function insertInterest(db: Db, values: Record<string, unknown> = {}) {
  const [row] = await db('workshop_interests')
    .insert({ name: 'Interested Person', email: `lead-${randomBytes(3).toString('hex')}@example.com`, phone: '', ...values })
    .returning('*');
  return row;
}

/** Row counts of every table a public or admin write could touch: "bad input changes nothing". */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = ['workshops', 'workshop_registrations', 'workshop_interests', 'video_leads', 'revive', 'users', 'user_roles', 'workshop_registrations_archive'];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = Number((await db(t).count('* as n').first())?.n ?? 0);
  out.settings = Number((await db('admin_settings').max('updated_at as m').first())?.m?.valueOf?.() ?? 0);
  return out;
}

/** The database's idea of now, so "today" in a test agrees with the server's SQL. */
export async function dbNow(db: Db): Promise<Date> {
  const r = await db.raw('SELECT now() AS now');
  return new Date(r.rows[0].now);
}

/** Calendar date (YYYY-MM-DD) of an instant in an IANA zone. */
export function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export { DAY };

/**
 * A refund row as the server would have queued it, with the payment ledger row every refund
 * needs (the database refuses a refund beyond what its payment owes): the payment is recorded as
 * owing all of its refunds (kept nothing).
 */
export async function insertRefund(db: Db, values: Record<string, unknown>) {
  const row: Record<string, unknown> = { provider: 'paypal', amount_cents: 9900, currency: 'USD', status: 'queued', reason: 'unattributed', ...values };
  row.idempotency_key ??= `auto:${row.provider}:${row.payment_id}`;
  await db.raw(
    `INSERT INTO payments (provider, payment_id, registration_id, amount_cents, currency, kept_cents, decision) VALUES (?, ?, ?, ?, ?, 0, 'refund')
     ON CONFLICT (provider, payment_id) DO UPDATE SET amount_cents = payments.amount_cents + excluded.amount_cents`,
    [row.provider, row.payment_id, row.registration_id ?? null, row.amount_cents, row.currency] as Knex.Value[],
  );
  const [inserted] = await db('refunds').insert(row).returning('*');
  return inserted;
}
