import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { type EmailData, registrationEmailData } from '../email/email.data';
import { type EmailSender, queueEmail } from '../email/email.queue';
import { buyersSeat } from '../registrations/attendees.queries';
import { feedbackUrl, recordingUrl } from './after-workshop.links';
import { certificateUrlFor } from './certificates.service';

/** A seat of a completed booking in the workshop (a cancelled one too: it says which seat was the buyer's). */
interface DueSeat {
  id: string;
  registration_id: string;
  position: number;
  status: 'active' | 'cancelled';
  name: string | null;
  email: string | null;
  join_token: string;
  attended: boolean;
  buyer_name: string;
  buyer_email: string;
  workshop_date: Date;
}

/** The workshop's scheduled end has passed (by the database's clock). */
const ENDED = 'date + make_interval(hours => duration_hours) <= now()';

/** Workshops whose scheduled end has passed and whose thank-you has not been sent; never a cancelled one. */
export async function workshopsDue(db: Db | Knex.Transaction, limit = 20): Promise<string[]> {
  return db('workshops')
    .whereNull('followed_up_at')
    .whereNot('status', 'cancelled')
    .whereRaw(ENDED)
    .orderBy('date')
    .limit(limit)
    .pluck('id');
}

async function dueSeats(trx: Knex.Transaction, workshopId: string): Promise<DueSeat[]> {
  return trx('attendees as a')
    .join('workshop_registrations as r', 'r.id', 'a.registration_id')
    .join('workshops as w', 'w.id', 'a.workshop_id')
    .where({ 'a.workshop_id': workshopId, 'r.status': 'completed' })
    .orderBy(['r.created_at', 'a.position'])
    .select(
      'a.id',
      'a.registration_id',
      'a.position',
      'a.status',
      'a.name',
      'a.email',
      'a.join_token',
      'w.date as workshop_date',
      trx.raw(`(a.attendance_mark = 'attended' OR (a.attendance_mark IS NULL AND a.first_joined_at IS NOT NULL)) AS attended`),
      'r.name as buyer_name',
      'r.email as buyer_email',
    );
}

/**
 * One workshop's "Thank you for attending" (issue 26, point 5): claimed by setting its
 * `followed_up_at` in the transaction that queues the emails, so however many instances sweep at
 * once, one queues them and the others find it claimed; each email also has its seat's dedupe
 * key. Every seat with a person gets one at its address: a named seat its attendee, the buyer's
 * own seat (or the first unnamed one, which the buyer holds) the buyer, each person once however
 * many bookings they are on. Seats the buyer has not named yet have nobody to write to. Those who
 * came (joined by their link, or marked attended) get their certificate with it. Answers how many were queued, or null when another had claimed it.
 */
export async function followUpWorkshop(db: Db, sender: EmailSender, workshopId: string): Promise<number | null> {
  return db.transaction(async (trx) => {
    // Ended is asked again here, under the row's lock: an admin may have moved the workshop to a later date since it was listed.
    const claimed = await trx('workshops').where({ id: workshopId }).whereNull('followed_up_at').whereNot('status', 'cancelled').whereRaw(ENDED).update({ followed_up_at: trx.fn.now() }).returning('id');
    if (!claimed.length) return null;
    const seats = await dueSeats(trx, workshopId);
    const byOrder = new Map<string, DueSeat[]>();
    for (const s of seats) byOrder.set(s.registration_id, [...(byOrder.get(s.registration_id) ?? []), s]);
    // Who each seat's person is; one thank-you per person however many bookings they are on, for
    // the seat they came on if they came on any (its certificate).
    const byPerson = new Map<string, { seat: DueSeat; to: string }>();
    for (const order of byOrder.values()) {
      const buyers = buyersSeat(order, order[0].buyer_email);
      for (const seat of order) {
        const to = seat.status === 'active' ? (seat.email ?? (seat === buyers ? seat.buyer_email : null)) : null;
        const known = to && byPerson.get(to.toLowerCase());
        if (to && (!known || (seat.attended && !known.seat.attended))) byPerson.set(to.toLowerCase(), { seat, to });
      }
    }
    let queued = 0;
    const bases = new Map<string, EmailData>();
    for (const { seat, to } of byPerson.values()) {
      const base = bases.get(seat.registration_id) ?? (await registrationEmailData(trx, seat.registration_id, sender));
      bases.set(seat.registration_id, base);
      const name = seat.email ? (seat.name ?? seat.buyer_name) : seat.buyer_name;
      const afterWorkshop = {
        recordingUrl: recordingUrl(sender.publicBaseUrl, seat.join_token),
        feedbackUrl: feedbackUrl(sender.publicBaseUrl, seat.join_token),
        certificateUrl: seat.attended ? await certificateUrlFor(trx, seat.id, name, sender.publicBaseUrl) : null,
      };
      const data = { ...base, name, email: to, seatList: undefined, afterWorkshop };
      // Once per seat, person and session: a seat moved to another workshop, given to someone
      // else, or a workshop moved after its thank-you, is thanked again for the session that happened.
      const person = createHash('sha256').update(seat.join_token).digest('hex').slice(0, 16);
      const key = `after_workshop:${seat.id}:${person}:${workshopId}:${new Date(seat.workshop_date).toISOString()}`;
      if (await queueEmail(trx, seat.registration_id, 'after_workshop', to, data, { dedupeKey: key, attendeeId: seat.id })) queued++;
    }
    return queued;
  });
}

/** Every workshop due, each on its own (one failing leaves the others sent and itself due for the next sweep). */
export async function followUpEndedWorkshops(db: Db, sender: EmailSender, onError: (workshopId: string, err: unknown) => void): Promise<number> {
  let queued = 0;
  for (const id of await workshopsDue(db)) {
    try {
      queued += (await followUpWorkshop(db, sender, id)) ?? 0;
    } catch (err) {
      onError(id, err);
    }
  }
  return queued;
}
