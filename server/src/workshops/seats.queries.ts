import type { Knex } from 'knex';
import type { Db } from '../db/knex';

/**
 * The one seat count, written once. Every seat decision counts with it while holding the
 * workshop row's lock (lock order: workshop, then registration), and the site's "seats left"
 * reads it too, so what buyers see and what the server allows agree.
 *
 * - `sold`: the seats of completed orders.
 * - `taken`: the seats nobody else may take: sold, pending holds not yet expired by the
 *   database's clock, and live waitlist offers not already backed by their own checkout (an
 *   offered person who holds or bought their seat is counted once, by that registration).
 * - `public`: what a new public hold must fit beside: taken, plus one seat for each person
 *   still waiting in line, so a freed seat goes to the waitlist before the public.
 */
export type SeatCount = 'sold' | 'taken' | 'public';

const REG_TAKES = (r: string) => `(${r}.status = 'completed' OR (${r}.status = 'pending' AND ${r}.hold_expires_at > now()))`;

/** Seats, not orders: an order holds 1 to 10 (`seats`: what it holds now, a cancelled seat given back). */
function seatCountSql(workshopRef: string, which: SeatCount): string {
  if (which === 'sold') return `(SELECT coalesce(sum(r.seats), 0) FROM workshop_registrations r WHERE r.workshop_id = ${workshopRef} AND r.status = 'completed')`;
  const regs = `(SELECT coalesce(sum(r.seats), 0) FROM workshop_registrations r WHERE r.workshop_id = ${workshopRef} AND ${REG_TAKES('r')})`;
  const offers = `(SELECT count(*) FROM waitlist_entries e WHERE e.workshop_id = ${workshopRef} AND e.status = 'offered' AND e.offer_expires_at > now()
      AND NOT EXISTS (SELECT 1 FROM workshop_registrations b WHERE b.id = e.registration_id AND ${REG_TAKES('b')}))`;
  if (which === 'taken') return `(${regs} + ${offers})`;
  return `(${regs} + ${offers} + (SELECT count(*) FROM waitlist_entries q WHERE q.workshop_id = ${workshopRef} AND q.status = 'waiting'))`;
}

/** As a column of a workshop query (`w.id` by default). */
export function seatsTakenSql(knex: Knex, workshopRef = 'w.id', which: SeatCount = 'taken'): Knex.Raw {
  return knex.raw(`${seatCountSql(workshopRef, which)}::int`);
}

export async function countTakenSeats(trx: Knex.Transaction | Db, workshopId: string, which: SeatCount = 'taken'): Promise<number> {
  const r = await trx.raw(`SELECT ${seatCountSql('x.id', which)}::int AS n FROM (SELECT ?::uuid AS id) x`, [workshopId]);
  return r.rows[0].n as number;
}

export interface LockedSeat<R> {
  workshop: {
    id: string;
    max_participants: number | null;
    date: Date;
    started: boolean;
    /** Called off by the organiser: no money buys a seat in it any more. */
    cancelled: boolean;
    /** When its date last changed (bookings bought before may be cancelled for everything back for a while). */
    rescheduled_at: Date | null;
    registration_limit: { enabled?: boolean; max_registrations?: number } | null;
  };
  registration: R & { holding: boolean };
}

/**
 * Locks the workshop row, then the registration, in that order everywhere, and reads whether
 * the registration still holds its seat by the database's clock.
 */
export async function lockWorkshopThenRegistration<R>(trx: Knex.Transaction, registrationId: string): Promise<LockedSeat<R> | undefined> {
  const ref = await trx('workshop_registrations').where({ id: registrationId }).first('workshop_id');
  if (!ref) return undefined;
  const w = await trx('workshops')
    .where({ id: ref.workshop_id })
    .forNoKeyUpdate()
    .first(
      'id',
      'max_participants',
      'date',
      trx.raw('date <= now() AS started'),
      trx.raw(`status = 'cancelled' AS cancelled`),
      'rescheduled_at',
      trx.raw(`(SELECT setting_value FROM admin_settings WHERE setting_key = 'registration_limit') AS registration_limit`),
    );
  const reg = await trx('workshop_registrations')
    .where({ id: registrationId })
    .forNoKeyUpdate()
    .first('*', trx.raw(`(status = 'pending' AND hold_expires_at > now()) AS holding`));
  if (!w || !reg) return undefined;
  return { workshop: w, registration: reg };
}
