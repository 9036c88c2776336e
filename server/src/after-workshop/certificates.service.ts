import { randomBytes } from 'node:crypto';
import { ATTENDANCE_MESSAGES, CERTIFICATE_MESSAGES, type CertificateView } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { ConflictError, NotFoundError } from '../http/errors';
import { attendeesOf, buyersSeat } from '../registrations/attendees.queries';

/** A certificate's public id: 20 hex characters, in its verification address. */
export const CERTIFICATE_ID = /^[0-9a-f]{20}$/;
export const certificateUrl = (base: string, id: string) => `${base.replace(/\/$/, '')}/certificates/${id}`;

const iso = (d: unknown) => new Date(d as string).toISOString();

/**
 * The seat's certificate (issue 26, point 6), issued the first time it is asked for with what it
 * certifies as it is now; the same one after that. Its address.
 */
export async function certificateUrlFor(trx: Knex.Transaction, attendeeId: string, name: string, base: string): Promise<string> {
  const w = await trx('attendees as a').join('workshops as w', 'w.id', 'a.workshop_id').where('a.id', attendeeId).first('w.title', 'w.date', 'w.duration_hours');
  await trx('certificates')
    .insert({ id: randomBytes(10).toString('hex'), attendee_id: attendeeId, name, workshop_title: w.title, workshop_date: w.date, hours: w.duration_hours })
    .onConflict('attendee_id')
    .ignore();
  const { id } = await trx('certificates').where({ attendee_id: attendeeId }).first('id');
  return certificateUrl(base, id);
}

export async function certificateById(db: Db, id: string): Promise<CertificateView | undefined> {
  if (!CERTIFICATE_ID.test(id)) return undefined;
  const c = await db('certificates').where({ id }).first();
  return c && { id: c.id, name: c.name, workshop_title: c.workshop_title, workshop_date: iso(c.workshop_date), hours: c.hours, issued_at: iso(c.issued_at), reissued_at: c.reissued_at ? iso(c.reissued_at) : null };
}

/**
 * An admin's reissue after a name correction: the certificate takes the name now on the seat (its
 * attendee's, or the buyer's on their own unnamed seat) and the workshop as it is now, and keeps
 * its id, so the address already sent confirms the corrected one. A seat that attended and has
 * none yet (marked attended after the thank-you went) gets its first.
 */
export async function reissueCertificate(db: Db, workshopId: string, attendeeId: string): Promise<CertificateView> {
  const issued = await db.transaction(async (trx) => {
    const seat = await trx('attendees as a')
      .join('workshop_registrations as r', 'r.id', 'a.registration_id')
      .join('workshops as w', 'w.id', 'a.workshop_id')
      .where('a.id', attendeeId)
      .forNoKeyUpdate('a')
      .first(
        'a.workshop_id',
        'a.registration_id',
        'a.status',
        'a.email',
        'r.status as registration_status',
        'r.email as buyer_email',
        trx.raw('coalesce(a.name, r.name) AS name'),
        trx.raw(`(a.attendance_mark = 'attended' OR (a.attendance_mark IS NULL AND a.first_joined_at IS NOT NULL)) AS attended`),
        'w.title',
        'w.date',
        'w.duration_hours',
      );
    if (!seat || seat.workshop_id !== workshopId) throw new NotFoundError(ATTENDANCE_MESSAGES.notASeat);
    if (seat.status !== 'active' || seat.registration_status !== 'completed') throw new ConflictError(ATTENDANCE_MESSAGES.seatGone);
    // An unnamed seat is the buyer's only if it is their own; one they handed out has nobody's name to print.
    if (!seat.email && buyersSeat(await attendeesOf(trx, seat.registration_id), seat.buyer_email)?.id !== attendeeId) throw new ConflictError(CERTIFICATE_MESSAGES.unnamed);
    const had = await trx('certificates').where({ attendee_id: attendeeId }).first('id');
    if (!had && !seat.attended) throw new ConflictError(CERTIFICATE_MESSAGES.notAttended);
    const values = { name: seat.name, workshop_title: seat.title, workshop_date: seat.date, hours: seat.duration_hours };
    if (had) {
      await trx('certificates').where({ id: had.id }).update({ ...values, reissued_at: trx.fn.now() });
      return had.id as string;
    }
    const id = randomBytes(10).toString('hex');
    await trx('certificates').insert({ id, attendee_id: attendeeId, ...values });
    return id;
  });
  return (await certificateById(db, issued))!;
}
