import { eventEnd, RECORDING_LINK_DAYS, FEEDBACK_EDIT_DAYS } from '@workshop/shared';

const DAY = 86_400_000;

/** A seat's own links after the workshop: the same secret as its join link, which changes with its person. */
export const recordingUrl = (base: string, token: string) => `${base.replace(/\/$/, '')}/recording/${token}`;
export const feedbackUrl = (base: string, token: string) => `${base.replace(/\/$/, '')}/feedback/${token}`;

/**
 * When the workshop ends, and until when its recording link (RECORDING_LINK_DAYS after the
 * workshop's date, as the booking page and a clear of old bookings count it) and its feedback
 * form (FEEDBACK_EDIT_DAYS after the end) stay open.
 */
export function afterTimes(w: { date: Date | string; duration_hours: number }): { ends: Date; recordingUntil: Date; feedbackUntil: Date } {
  const starts = new Date(w.date);
  const ends = eventEnd(starts, w.duration_hours);
  return { ends, recordingUntil: new Date(starts.getTime() + RECORDING_LINK_DAYS * DAY), feedbackUntil: new Date(ends.getTime() + FEEDBACK_EDIT_DAYS * DAY) };
}
