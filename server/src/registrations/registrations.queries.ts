import { RECORDING_DAYS, type Registration, type RegistrationCsvRow, type RegistrationStatus, type RegistrationSummary } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { applySearch, searchPattern, startOfTodaySql } from '../http/paging';
import { readTallies, sumTallies } from './registration-tallies';

export interface RegistrationFilter {
  q: string;
  status?: RegistrationStatus;
  workshop_id?: string;
}

const SEARCH_COLUMNS = ['r.name', 'r.email', 'r.access_id'];

type Seat = Registration['attendees'][number];

/** The seats of these orders, by order (one round trip for a page of them). */
export async function seatsOf(db: Db | Knex.Transaction, registrationIds: string[]): Promise<Map<string, Seat[]>> {
  const bySeat = new Map<string, Seat[]>();
  if (!registrationIds.length) return bySeat;
  const rows: (Seat & { registration_id: string })[] = await db('attendees').whereIn('registration_id', registrationIds).orderBy(['registration_id', 'position']).select('id', 'registration_id', 'position', 'name', 'email', 'status');
  for (const { registration_id, ...seat } of rows) bySeat.set(registration_id, [...(bySeat.get(registration_id) ?? []), seat]);
  return bySeat;
}

export function toRegistration(row: Record<string, unknown>, attendees: Seat[] = []): Registration {
  return {
    id: row.id as string,
    name: row.name as string,
    email: row.email as string,
    phone: row.phone as string,
    workshop_id: row.workshop_id as string,
    workshop_title: (row.workshop_title as string) ?? '',
    access_id: row.access_id as string,
    payment_id: (row.payment_id as string | null) ?? null,
    amount: row.amount as number,
    currency: row.currency as string,
    payment_method: (row.payment_method as Registration['payment_method']) ?? null,
    status: row.status as RegistrationStatus,
    status_reason: (row.status_reason as string | null) ?? null,
    promo_code: (row.promo_code as string | null) ?? null,
    discount_cents: Number(row.discount_cents ?? 0),
    created_at: new Date(row.created_at as string).toISOString(),
    utm_source: (row.utm_source as string | null) ?? null,
    utm_medium: (row.utm_medium as string | null) ?? null,
    utm_campaign: (row.utm_campaign as string | null) ?? null,
    utm_term: (row.utm_term as string | null) ?? null,
    utm_content: (row.utm_content as string | null) ?? null,
    seats: Number(row.seats ?? 1),
    seats_bought: Number(row.seats_bought ?? 1),
    attendees,
    by_hand_payment: (row.by_hand_payment as Registration['by_hand_payment']) ?? null,
    by_hand_note: (row.by_hand_note as string | null) ?? null,
    by_hand_refunded_cents: Number(row.by_hand_refunded_cents ?? 0),
    by_hand_payer_name: (row.by_hand_payer_name as string | null) ?? null,
    by_hand_payer_email: (row.by_hand_payer_email as string | null) ?? null,
  };
}

/** Newest first; id breaks ties so paging is stable (the paging indexes hold this order). */
const NEWEST_FIRST = [
  { column: 'r.created_at', order: 'desc' as const },
  { column: 'r.id', order: 'desc' as const },
];

/**
 * The filter's conditions, on `workshop_registrations as r` alone: list, page ids, count and
 * emails share them. The search finds an order by its buyer's name, email or access id, or by any
 * attendee's name or email (team bookings).
 */
/** "NC-S0009", "nc-s": the start of an access id (ids are stored in capitals), or undefined for any other search. */
export function accessIdPrefix(q: string): string | undefined {
  const t = q.trim().toUpperCase();
  return /^NC-[A-Z0-9]*$/.test(t) ? t : undefined;
}

function whereFilter(qb: Knex.QueryBuilder, f: RegistrationFilter): Knex.QueryBuilder {
  if (f.status) qb.where('r.status', f.status);
  if (f.workshop_id) qb.where('r.workshop_id', f.workshop_id);
  if (!f.q) return qb;
  // An access id, whole or its start: a range of the prefix index, however many orders it matches.
  const idPrefix = accessIdPrefix(f.q);
  if (idPrefix) return qb.whereRaw('r.access_id LIKE ?', [`${idPrefix}%`]);
  const pattern = searchPattern(f.q);
  // The ids of the orders that match, each arm on its own trigram indexes: an OR across the order's
  // columns and a subquery on attendees would scan every order instead (100k orders: 250 ms, not 10).
  return qb.whereIn('r.id', function matching(this: Knex.QueryBuilder) {
    this.select('m.id')
      .from('workshop_registrations as m')
      .where((w) => applySearch(w, SEARCH_COLUMNS.map((c) => c.replace('r.', 'm.')), f.q, 'or'))
      .unionAll(function attendeesMatching(this: Knex.QueryBuilder) {
        this.select('a.registration_id').from('attendees as a').whereRaw('lower(a.name) LIKE ?', [pattern]).orWhereRaw('lower(a.email) LIKE ?', [pattern]);
      });
  });
}

/** What a registration row of the admin carries (its workshop's title included), newest first. */
function registrationRows(db: Db): Knex.QueryBuilder {
  return db('workshop_registrations as r').join('workshops as w', 'w.id', 'r.workshop_id').select('r.*', 'w.title as workshop_title').orderBy(NEWEST_FIRST);
}

export function filteredRegistrations(db: Db, f: RegistrationFilter): Knex.QueryBuilder {
  return whereFilter(registrationRows(db), f);
}

/** The filter's orders, a row per seat in order (the CSV export): only what its columns show. */
export function filteredSeats(db: Db, f: RegistrationFilter): Knex.QueryBuilder {
  return whereFilter(db('workshop_registrations as r'), f)
    .join('attendees as a', 'a.registration_id', 'r.id')
    .select(
      ...['r.id', 'r.access_id', 'r.amount', 'r.status', 'r.payment_id', 'r.promo_code', 'r.discount_cents', 'r.seats_bought', 'r.created_at'],
      ...['a.position as seat_position', 'a.name as seat_name', 'a.email as seat_email', 'a.status as seat_status', 'a.first_joined_at as seat_first_joined_at'],
    )
    .orderBy([...NEWEST_FIRST, { column: 'a.position', order: 'asc' }]);
}

export function toCsvRow(row: Record<string, unknown>): RegistrationCsvRow {
  return {
    id: row.id as string,
    access_id: row.access_id as string,
    amount: row.amount as number,
    status: row.status as RegistrationStatus,
    payment_id: (row.payment_id as string | null) ?? null,
    promo_code: (row.promo_code as string | null) ?? null,
    discount_cents: Number(row.discount_cents ?? 0),
    seats_bought: Number(row.seats_bought ?? 1),
    created_at: row.created_at as Date,
    seat: { position: row.seat_position as number, name: (row.seat_name as string | null) ?? null, email: (row.seat_email as string | null) ?? null, status: row.seat_status as 'active' | 'cancelled', first_joined_at: (row.seat_first_joined_at as Date | null) ?? null },
  };
}

/**
 * One page of the filter, as fast deep in the list as on page 1: the page's ids come from an
 * index-only scan of a paging index (the rows skipped over are never read), then only those
 * rows are read and joined. Given the filter's total, a page in the back half is counted from
 * the far end of the index, so the last page costs what the first does.
 */
export function registrationsPage(db: Db, f: RegistrationFilter, page: number, pageSize: number, total?: number): Knex.QueryBuilder {
  const offset = (page - 1) * pageSize;
  const ids = whereFilter(db('workshop_registrations as r').select('r.id'), f);
  if (total !== undefined && offset > total / 2) {
    ids.orderBy(NEWEST_FIRST.map((c) => ({ ...c, order: 'asc' as const }))).limit(Math.max(0, Math.min(pageSize, total - offset))).offset(Math.max(0, total - offset - pageSize));
  } else {
    ids.orderBy(NEWEST_FIRST).limit(pageSize).offset(offset);
  }
  return registrationRows(db).whereIn('r.id', ids);
}

/** Every distinct address of the filter, for Email All (the whole filter, not one page): buyers, and every attendee still seated. */
export async function registrationEmails(db: Db, f: RegistrationFilter): Promise<string[]> {
  const orders = () => whereFilter(db('workshop_registrations as r'), f).select('r.id');
  const buyers: { email: string }[] = await whereFilter(db('workshop_registrations as r'), f).distinct('r.email as email');
  const seated: { email: string }[] = await db('attendees').whereIn('registration_id', orders()).where({ status: 'active' }).whereNotNull('email').distinct('email');
  const byAddress = new Map<string, string>();
  for (const { email } of [...buyers, ...seated]) if (!byAddress.has(email.toLowerCase())) byAddress.set(email.toLowerCase(), email);
  return [...byAddress.values()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Without a search the tallies answer (exact, without counting rows); a search counts its matches. */
export async function countRegistrations(db: Db, f: RegistrationFilter): Promise<number> {
  if (!f.q) return sumTallies(await readTallies(db, { status: f.status, workshop_id: f.workshop_id })).registrations;
  const row = await whereFilter(db('workshop_registrations as r'), f).count<{ count: number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

/** The page's cards: over every registration, "today" in the viewer's zone (SPEC §9). */
export async function registrationSummary(db: Db, tz: string): Promise<RegistrationSummary> {
  const [tallies, today] = await Promise.all([
    readTallies(db),
    // Today's rows only, from the paging index.
    db('workshop_registrations').where('created_at', '>=', startOfTodaySql(db, tz)).count<{ count: number }[]>('* as count').first(),
  ]);
  const all = sumTallies(tallies);
  return {
    total: all.registrations,
    completed: sumTallies(tallies, (t) => t.status === 'completed').registrations,
    revenue_cents: all.amount_cents,
    today: Number(today?.count ?? 0),
  };
}

/**
 * "Clear all registration data": gone from the admin, but each payment record is kept in the
 * archive (payment records are retained 7 years, SPEC §9). What someone still holds or is owed
 * is never cleared: a booking whose workshop has not ended (its seat, link, reminders and, for
 * RECORDING_DAYS after the start, its recordings are the buyer's), a pending hold (the buyer
 * may be paying right now), a row waiting for its refund or with a refund still owed, or a
 * failed checkout the reconciler still watches for late money. Delete and archive are one
 * statement, so a row that settles during the clear is either kept or archived as it was
 * deleted, never lost. Answers how many were cleared and kept.
 */
export async function archiveAndDeleteAllRegistrations(db: Db): Promise<{ deleted: number; kept: number }> {
  return db.transaction(async (trx) => {
    // The rows that look clearable are locked first, in a statement of their own: one a decision
    // is changing right now (a seat refund of a long-past booking) is waited for, and the delete
    // below, with a snapshot taken after that wait, sees the refund the decision added. In one
    // statement it would re-check the changed row against its older snapshot, miss the new refund
    // and clear a booking still owed money. A refund added after this lock waits for the clear.
    await trx.raw(
      `SELECT r.id FROM workshop_registrations r
        WHERE r.status IN ('completed', 'failed', 'refunded', 'cancelled')
          AND NOT (r.status = 'completed' AND (SELECT w.date FROM workshops w WHERE w.id = r.workshop_id) > now() - make_interval(days => ?))
        FOR UPDATE OF r`,
      [RECORDING_DAYS],
    );
    const r = await trx.raw(
      `
      WITH cleared AS (
        DELETE FROM workshop_registrations r
         WHERE r.status IN ('completed', 'failed', 'refunded', 'cancelled')
           AND NOT (r.status = 'completed' AND (SELECT w.date FROM workshops w WHERE w.id = r.workshop_id) > now() - make_interval(days => ?))
           AND NOT (r.status = 'failed' AND r.reconcile_after IS NOT NULL)
           AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.registration_id = r.id AND f.status <> 'succeeded')
        RETURNING r.*
      ), archived AS (
        INSERT INTO workshop_registrations_archive (id, record) SELECT c.id, to_jsonb(c) FROM cleared c ON CONFLICT (id) DO UPDATE SET record = excluded.record RETURNING id
      )
      SELECT (SELECT count(*) FROM archived)::int AS deleted`,
      [RECORDING_DAYS],
    );
    const kept = Number((await trx('workshop_registrations').count('* as n').first())?.n ?? 0);
    return { deleted: r.rows[0].deleted as number, kept };
  });
}
