import { randomBytes } from 'node:crypto';
import type { AttendeeInput } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';

/** A row of `attendees`: one seat of an order. */
export interface AttendeeRow {
  id: string;
  registration_id: string;
  workshop_id: string;
  position: number;
  name: string | null;
  email: string | null;
  booking_token_hash: string | null;
  status: 'active' | 'cancelled';
  cancelled_at: Date | null;
  /** Invites queued for this seat's own calendar event (email/email.outbox.ts). */
  calendar_sequence: number;
  /** This seat's tracked join link's secret (join-links migration); changes with the seat's person. */
  join_token: string;
}

/**
 * The seat whose join link is the buyer's own: an active one in their name (none once every such one is cancelled:
 * a seat they handed out never becomes theirs), else the first active one nobody is named on (the
 * buyer hands out the others); none when every seat is someone else's. Unnamed seats are alike to
 * the buyer (the booking page does not tell them apart), so one they cancel is not taken to be
 * their own: the next unnamed one is.
 */
export function buyersSeat<S extends Pick<AttendeeRow, 'email' | 'status' | 'position'>>(seats: S[], buyerEmail: string): S | undefined {
  const all = [...seats].sort((a, b) => a.position - b.position);
  const named = all.filter((a) => a.email?.toLowerCase() === buyerEmail.toLowerCase());
  if (named.length) return named.find((a) => a.status === 'active');
  return all.find((a) => a.status === 'active' && !a.email);
}

/**
 * Names an order's seats in order: seat k gets the k-th attendee given. The database made the
 * seats with the order (the first the buyer's); with nobody named, the buyer keeps it.
 */
export async function nameSeats(trx: Knex.Transaction, registrationId: string, attendees: AttendeeInput[]): Promise<void> {
  for (const [i, a] of attendees.entries()) {
    await trx('attendees').where({ registration_id: registrationId, position: i + 1 }).update({ name: a.name, email: a.email, updated_at: trx.fn.now() });
  }
}

/**
 * Which of these emails already sit in the workshop: an active seat of a completed order or of a
 * hold still live. One seat per person; the caller holds the workshop's lock.
 */
export async function emailsWithSeats(trx: Knex.Transaction | Db, workshopId: string, emails: string[], exceptRegistrationId?: string): Promise<string[]> {
  if (!emails.length) return [];
  const rows: { email: string }[] = await trx('attendees as a')
    .join('workshop_registrations as r', 'r.id', 'a.registration_id')
    .where({ 'a.workshop_id': workshopId, 'a.status': 'active' })
    .whereRaw('lower(a.email) = ANY(?)', [emails.map((e) => e.toLowerCase())])
    .where((q) => q.where('r.status', 'completed').orWhere((p) => p.where('r.status', 'pending').andWhere('r.hold_expires_at', '>', trx.fn.now())))
    .modify((q) => {
      if (exceptRegistrationId) q.whereNot('r.id', exceptRegistrationId);
    })
    .select('a.email');
  const taken = new Set(rows.map((r) => r.email.toLowerCase()));
  return emails.filter((e) => taken.has(e.toLowerCase()));
}

/**
 * The people of this order (its active seats' addresses) who already sit in its workshop in another
 * completed order: one seat per person holds when money arrives too, not only when a hold is made
 * (a payment for an earlier checkout may have arrived meanwhile). The caller holds the workshop's lock.
 */
export async function seatedElsewhere(trx: Knex.Transaction, registrationId: string, workshopId: string): Promise<string[]> {
  const r = await trx.raw(
    `SELECT DISTINCT lower(mine.email) AS email
       FROM attendees mine
       JOIN attendees other ON other.workshop_id = ? AND other.status = 'active' AND lower(other.email) = lower(mine.email) AND other.registration_id <> mine.registration_id
       JOIN workshop_registrations o ON o.id = other.registration_id AND o.status = 'completed'
      WHERE mine.registration_id = ? AND mine.status = 'active' AND mine.email IS NOT NULL`,
    [workshopId, registrationId],
  );
  return r.rows.map((x: { email: string }) => x.email);
}

export function attendeesOf(trx: Knex.Transaction | Db, registrationId: string): Promise<AttendeeRow[]> {
  return trx('attendees').where({ registration_id: registrationId }).orderBy('position');
}

/**
 * A seat's join link made anew: the old link was sent somewhere it should not stay (the buyer's own
 * unnamed seat, when the buyer's address is corrected). The same person keeps their joins. A named
 * seat's link renews by itself when its address changes (join-links migration).
 */
export async function renewJoinLink(trx: Knex.Transaction, attendeeId: string): Promise<void> {
  await trx('attendees').where({ id: attendeeId }).update({ join_token: randomBytes(32).toString('base64url'), updated_at: trx.fn.now() });
}

/**
 * Runs `change` as a correction of the same person's address: the seats' triggers still give a new
 * link, but keep the joins, the attendance mark, the feedback and the certificate
 * (address-correction-same-person migration). Anything else that changes an address is a new person.
 */
export async function asSamePerson<T>(trx: Knex.Transaction, change: () => Promise<T>): Promise<T> {
  await trx.raw(`SELECT set_config('app.same_person', 'on', true)`);
  // Reset after success only: a failure aborts the transaction, which undoes the setting (and its error is the one to see).
  const done = await change();
  await trx.raw(`SELECT set_config('app.same_person', '', true)`);
  return done;
}
