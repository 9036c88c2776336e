import type { RecordingView } from '@workshop/shared';
import type { Db } from '../db/knex';
import { type JoinSeat, touchSeat } from '../join/join.queries';
import { afterTimes } from './after-workshop.links';

/** Where the seat's recording link stands: before the end, without a recording yet, open, or past its 30 days. */
export function recordingView(seat: JoinSeat, now = new Date()): RecordingView {
  const { ends, recordingUntil } = afterTimes(seat);
  const state = now < ends ? 'upcoming' : now > recordingUntil ? 'expired' : seat.recording_url ? 'available' : 'not_added';
  return { title: seat.title, ended_at: ends.toISOString(), available_until: recordingUntil.toISOString(), state };
}

/** The seat's first and last time at the recording; the first is kept (only while the seat still has the token used). */
export async function recordRecordingOpened(db: Db, attendeeId: string, token: string, at: Date): Promise<void> {
  await touchSeat(db, attendeeId, token, (q) => ({ recording_first_opened_at: q.raw('coalesce(recording_first_opened_at, ?)', [at]), recording_last_opened_at: at }));
}
