import { ATTENDANCE_MESSAGES, type AttendanceMark, type AttendanceRow, type WorkshopAttendance } from '@workshop/shared';
import type { Db } from '../db/knex';
import { ConflictError, NotFoundError } from '../http/errors';
import { joinWindow } from '../join/join.service';
import { findWorkshop } from '../workshops/workshops.queries';
import { lockSeat, setMark, workshopSeats } from './attendance.queries';

const WORKSHOP_NOT_FOUND = 'Workshop not found';

/** GET /api/admin/workshops/:id/attendance: who is due, who came in and when, and the admin's marks. */
export async function workshopAttendance(db: Db, workshopId: string): Promise<WorkshopAttendance> {
  const w = await findWorkshop(db, workshopId);
  if (!w) throw new NotFoundError(WORKSHOP_NOT_FOUND);
  const items = await workshopSeats(db, workshopId);
  // The same seats the card's figure counts (attendanceSql): counted from the rows at hand, not asked again.
  const summary = { seats: items.length, joined: items.filter((i) => i.first_joined_at).length, attended: items.filter((i) => i.attended).length };
  return { workshop_id: workshopId, marking_opens_at: joinWindow({ date: new Date(w.date), duration_hours: w.duration_hours }).opens.toISOString(), summary, items };
}

/**
 * An admin's word on one seat: attended, absent, or (null) back to what its join link recorded.
 * Only once the join link has opened (nobody can have come before), only for a seat still due in
 * this workshop: the seat is locked, so a cancellation, transfer or move either happened first
 * (and is refused here) or waits for the mark and then starts its person afresh.
 */
export async function markAttendance(db: Db, workshopId: string, attendeeId: string, mark: AttendanceMark | null, now = new Date()): Promise<AttendanceRow> {
  return db.transaction(async (trx) => {
    const w = await findWorkshop(trx, workshopId);
    if (!w) throw new NotFoundError(WORKSHOP_NOT_FOUND);
    const seat = await lockSeat(trx, attendeeId);
    if (!seat || seat.workshop_id !== workshopId) throw new NotFoundError(ATTENDANCE_MESSAGES.notASeat);
    if (w.status === 'cancelled') throw new ConflictError(ATTENDANCE_MESSAGES.workshopCancelled);
    if (seat.status !== 'active' || seat.registration_status !== 'completed') throw new ConflictError(ATTENDANCE_MESSAGES.seatGone);
    if (now < joinWindow({ date: new Date(w.date), duration_hours: w.duration_hours }).opens) throw new ConflictError(ATTENDANCE_MESSAGES.notYet);
    return setMark(trx, attendeeId, mark);
  });
}
