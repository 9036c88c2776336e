import { z } from 'zod';
import { JOIN_OPENS_MINUTES_BEFORE } from './join.schema';

/** An admin's word on a seat, which outranks what its join link recorded. */
export const attendanceMarkSchema = z.enum(['attended', 'absent']);
export type AttendanceMark = z.infer<typeof attendanceMarkSchema>;

/** PUT /api/admin/workshops/:id/attendance/:attendeeId: `null` hands the seat back to its join link's record. */
export const attendanceMarkInputSchema = z.object({ mark: attendanceMarkSchema.nullable() }).strict();
export type AttendanceMarkInput = z.infer<typeof attendanceMarkInputSchema>;

/** A workshop's seats and how many came: on its card once its join link opens, else null. */
export const attendanceSummarySchema = z.object({
  seats: z.number().int(),
  joined: z.number().int(),
  attended: z.number().int(),
});
export type AttendanceSummary = z.infer<typeof attendanceSummarySchema>;

/** One seat of a completed booking in the workshop, with its person (or its buyer when nobody is named on it). */
export const attendanceRowSchema = z.object({
  attendee_id: z.string(),
  registration_id: z.string(),
  access_id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  buyer_name: z.string(),
  buyer_email: z.string(),
  first_joined_at: z.string().nullable(),
  last_joined_at: z.string().nullable(),
  mark: attendanceMarkSchema.nullable(),
  /** Marked attended, or joined and not marked absent. */
  attended: z.boolean(),
  /** The seat's certificate of completion, once issued (after the workshop, to those who attended). */
  certificate_id: z.string().nullable(),
});
export type AttendanceRow = z.infer<typeof attendanceRowSchema>;

/** GET /api/admin/workshops/:id/attendance. */
export const workshopAttendanceSchema = z.object({
  workshop_id: z.string(),
  /** From here on an admin can mark seats (the join link opens then too). */
  marking_opens_at: z.string(),
  summary: attendanceSummarySchema,
  items: z.array(attendanceRowSchema),
});
export type WorkshopAttendance = z.infer<typeof workshopAttendanceSchema>;

/** Attended out of seats, as the card and the drawer say it: "8 of 10 attended (80%)". */
export function attendanceRate(s: AttendanceSummary): string {
  if (s.seats === 0) return 'No seats were taken';
  return `${s.attended} of ${s.seats} attended (${Math.round((s.attended / s.seats) * 100)}%)`;
}

export const ATTENDANCE_MESSAGES = {
  notYet: `Attendance can be marked from ${JOIN_OPENS_MINUTES_BEFORE} minutes before the workshop starts.`,
  notASeat: 'This seat is not in this workshop.',
  seatGone: 'This seat was cancelled, refunded or moved: there is no attendance to mark.',
  workshopCancelled: 'This workshop was cancelled: there is no attendance to mark.',
} as const;
