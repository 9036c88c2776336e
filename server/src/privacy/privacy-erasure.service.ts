import { randomUUID } from 'node:crypto';
import { PRIVACY_KEPT, type PrivacyConfirmResult, type PrivacyErased } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { erasedAddress } from '../email/erased-address';
import { anonymise, type Person } from './privacy-erasure.queries';

type ErasureAnswer = Extract<PrivacyConfirmResult, { kind: 'erasure' }>;
type Blocking = Extract<ErasureAnswer, { outcome: 'blocked' }>['blocking'];
type Erased = Extract<ErasureAnswer, { outcome: 'erased' }>;

/** How long after a checkout failed its provider may still take the money (a late capture gives it a seat). */
const LATE_PAYMENT_DAYS = 7;

const same = (column: string) => `lower(${column}) = lower(?)`;

/** Their bookings and seats, and the bookings those seats belong to (each locked before anything changes). */
async function personOf(q: Knex | Knex.Transaction, email: string): Promise<Person> {
  const bookings = await q('workshop_registrations').whereRaw(same('email'), [email]).pluck('id');
  const seats = await q('attendees as a')
    .whereRaw(same('a.email'), [email])
    .orWhere((w) => w.whereIn('a.registration_id', bookings).whereNull('a.email'))
    .select('a.id', 'a.registration_id');
  const lockIds = [...new Set([...bookings, ...seats.map((s) => s.registration_id as string)])].sort();
  return { email, bookingIds: bookings, seatIds: seats.map((s) => s.id as string), lockIds, erasedAs: erasedAddress(randomUUID()) };
}

/**
 * What stops an erasure: a booking still to come, a payment on its way (a checkout in progress, a
 * refund not yet made) or a failed checkout its provider may still charge. Erasing those would leave
 * a paid seat nobody can be told about; the person cancels, or waits, first.
 */
async function blockingOf(trx: Knex.Transaction, bookingIds: string[]): Promise<Blocking> {
  const r = await trx.raw(
    `SELECT w.title AS workshop, w.date AS workshop_date,
            CASE WHEN r.status = 'completed' AND EXISTS (SELECT 1 FROM refunds f WHERE f.registration_id = r.id AND f.status = 'queued') THEN 'refund_pending' ELSE r.status END AS status
       FROM workshop_registrations r JOIN workshops w ON w.id = r.workshop_id
      WHERE r.id = ANY (?::uuid[])
        AND (r.status IN ('pending', 'refund_pending')
             OR EXISTS (SELECT 1 FROM refunds f WHERE f.registration_id = r.id AND f.status = 'queued')
             OR (w.date + make_interval(hours => w.duration_hours) > now()
                 AND (r.status = 'completed' OR (r.status = 'failed' AND r.provider_order_id IS NOT NULL AND r.updated_at > now() - make_interval(days => ?)))))
      ORDER BY w.date`,
    [bookingIds, LATE_PAYMENT_DAYS],
  );
  return (r.rows as { workshop: string; workshop_date: Date; status: string }[]).map((b) => ({ ...b, workshop_date: new Date(b.workshop_date).toISOString() }));
}

/**
 * Locks the bookings as every seat change does, workshops before bookings, each kind by id (as a
 * move locks its two workshops), so an erasure waits for a payment, move or rename on them, or
 * they wait for it, and none deadlocks with it.
 */
async function lockBookings(trx: Knex.Transaction, ids: string[], email: string): Promise<void> {
  const booked = await trx('workshop_registrations').whereIn('id', ids).distinct('workshop_id').pluck('workshop_id');
  // The lines they wait in too: no offer is made to them between their emails' erasure and their place's.
  const waiting = await trx('waitlist_entries').whereRaw(same('email'), [email]).whereIn('status', ['waiting', 'offered']).distinct('workshop_id').pluck('workshop_id');
  await trx('workshops').whereIn('id', [...new Set([...booked, ...waiting])]).orderBy('id').forNoKeyUpdate().select('id');
  await trx('workshop_registrations').whereIn('id', ids).orderBy('id').forNoKeyUpdate().select('id');
}

class Blocked extends Error {
  constructor(readonly blocking: Blocking) {
    super('erasure blocked');
  }
}

/**
 * Erases what is held about an address (issue 27, point 2), in one transaction: `claim` first (the
 * request, used once), then every booking the person is on is locked the way every seat change
 * locks it (workshop, then booking), so no payment, cancellation or rename runs alongside; then the
 * person's records are anonymised where counts and money must stay and blanked elsewhere. Payment
 * records and invoices are kept, as the law requires. A booking still to come stops it, changing nothing.
 */
export async function erase(db: Db, email: string, claim: (trx: Knex.Transaction) => Promise<boolean>, record: (trx: Knex.Transaction, answer: Erased) => Promise<void>): Promise<ErasureAnswer | 'unclaimed'> {
  try {
    return await db.transaction(async (trx) => {
      if (!(await claim(trx))) return 'unclaimed' as const;
      // A payment, move or rename on their bookings finishes first; one stuck longer fails the erasure (500), changing nothing.
      await trx.raw(`SET LOCAL lock_timeout = '15s'`);
      let person = await personOf(trx, email);
      const locked = new Set<string>();
      // A booking made (or moved) while the first ones were being locked is locked too, and looked at.
      for (let round = 0; round < 3 && (round === 0 || person.lockIds.some((id) => !locked.has(id))); round++) {
        await lockBookings(trx, person.lockIds.filter((x) => !locked.has(x)), email);
        person.lockIds.forEach((id) => locked.add(id));
        person = await personOf(trx, email);
      }
      const blocking = await blockingOf(trx, person.bookingIds);
      if (blocking.length > 0) throw new Blocked(blocking);
      const erased = await anonymise(trx, person);
      const answer: Erased = { kind: 'erasure', outcome: 'erased', held: heldAny(erased), erased, kept: [...PRIVACY_KEPT] };
      await record(trx, answer);
      return answer;
    });
  } catch (err) {
    if (err instanceof Blocked) return { kind: 'erasure', outcome: 'blocked', blocking: err.blocking };
    throw err;
  }
}

const heldAny = (e: PrivacyErased) => Object.values(e).some((n) => n > 0);
