import type { AttendanceMark, AttendanceRow } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';

/** Marked attended, or came in by the link and not marked absent. */
const ATTENDED = `(a.attendance_mark = 'attended' OR (a.attendance_mark IS NULL AND a.first_joined_at IS NOT NULL))`;

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);

function toRow(r: Record<string, unknown>): AttendanceRow {
  return {
    attendee_id: r.attendee_id as string,
    registration_id: r.registration_id as string,
    access_id: r.access_id as string,
    name: (r.name as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    buyer_name: r.buyer_name as string,
    buyer_email: r.buyer_email as string,
    first_joined_at: iso(r.first_joined_at),
    last_joined_at: iso(r.last_joined_at),
    mark: (r.attendance_mark as AttendanceMark | null) ?? null,
    attended: Boolean(r.attended),
    certificate_id: (r.certificate_id as string | null) ?? null,
  };
}

const seats = (db: Db | Knex.Transaction) =>
  db('attendees as a')
    .join('workshop_registrations as r', 'r.id', 'a.registration_id')
    .leftJoin('certificates as c', 'c.attendee_id', 'a.id')
    .where({ 'a.status': 'active', 'r.status': 'completed' })
    .select(
      'c.id as certificate_id',
      'a.id as attendee_id',
      'a.registration_id',
      'r.access_id',
      'a.name',
      'a.email',
      'r.name as buyer_name',
      'r.email as buyer_email',
      'a.first_joined_at',
      'a.last_joined_at',
      'a.attendance_mark',
      db.raw(`${ATTENDED} AS attended`),
    );

/** Every seat due in the workshop: active seats of its completed bookings, by name (unnamed seats under their buyer). */
export async function workshopSeats(db: Db, workshopId: string): Promise<AttendanceRow[]> {
  const rows = await seats(db)
    .where('a.workshop_id', workshopId)
    .orderByRaw('lower(coalesce(a.name, r.name)), r.created_at, a.position');
  return rows.map(toRow);
}

/** The seat, locked against a cancellation, transfer or move while it is marked; with its workshop's id. */
export async function lockSeat(trx: Knex.Transaction, attendeeId: string): Promise<{ workshop_id: string; status: string; registration_status: string } | undefined> {
  return trx('attendees as a')
    .join('workshop_registrations as r', 'r.id', 'a.registration_id')
    .where('a.id', attendeeId)
    .forUpdate('a')
    .first('a.workshop_id', 'a.status', 'r.status as registration_status');
}

export async function setMark(trx: Knex.Transaction, attendeeId: string, mark: AttendanceMark | null): Promise<AttendanceRow> {
  await trx('attendees')
    .where({ id: attendeeId })
    .update({ attendance_mark: mark, attendance_marked_at: mark ? trx.fn.now() : null });
  // A certificate certifies attendance: a seat an admin marks as not having come no longer has one (its page answers 404).
  await trx.raw(`DELETE FROM certificates c USING attendees a WHERE c.attendee_id = a.id AND a.id = ? AND NOT ${ATTENDED}`, [attendeeId]);
  return toRow(await seats(trx).where('a.id', attendeeId).first());
}
