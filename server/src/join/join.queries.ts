import type { Knex } from 'knex';
import type { Db } from '../db/knex';

export interface JoinSeat {
  attendee_id: string;
  registration_id: string;
  /** The seat has a booking link of its own: its invites are its own event, else the order's. */
  own_link: boolean;
  attendee_sequence: number;
  registration_sequence: number;
  title: string;
  date: Date;
  duration_hours: number;
  join_url: string | null;
  recording_url: string | null;
  workshop_id: string;
}

/**
 * The active seat of a completed booking that `token` opens, with its workshop; nothing for a
 * seat cancelled, refunded, moved out of a cancelled booking, or given to someone else since (its
 * token changed with its person).
 */
export async function seatByJoinToken(db: Db, token: string): Promise<JoinSeat | undefined> {
  return db('attendees as a')
    .join('workshop_registrations as r', 'r.id', 'a.registration_id')
    .join('workshops as w', 'w.id', 'r.workshop_id')
    .where({ 'a.join_token': token, 'a.status': 'active', 'r.status': 'completed' })
    .whereNot('w.status', 'cancelled')
    .first(
      'a.id as attendee_id',
      'r.id as registration_id',
      db.raw('a.booking_token_hash IS NOT NULL AS own_link'),
      'a.calendar_sequence as attendee_sequence',
      'r.calendar_sequence as registration_sequence',
      'w.title',
      'w.date',
      'w.duration_hours',
      'w.join_url',
      'w.recording_url',
      'w.id as workshop_id',
    );
}

/**
 * A write made after the answer went (a join, a recording opened): it gives up after a second
 * waiting for the seat's row (a transfer or a cancel holding it), so such writes never pile up on
 * the connections every request needs. Only while the seat still has the token that was used: a
 * new person on the seat meanwhile is not credited with the old one's visit.
 */
export async function touchSeat(db: Db, attendeeId: string, token: string, values: (db: Db | Knex.Transaction) => Record<string, unknown>): Promise<void> {
  await db.transaction(async (trx) => {
    await trx.raw(`SET LOCAL lock_timeout = '1s'; SET LOCAL statement_timeout = '2s'`);
    await trx('attendees').where({ id: attendeeId, join_token: token }).update(values(trx));
  });
}

/** The seat's first and last time in; the first is kept, the last follows every join. */
export async function recordJoin(db: Db, attendeeId: string, token: string, at: Date): Promise<void> {
  await touchSeat(db, attendeeId, token, (q) => ({ first_joined_at: q.raw('coalesce(first_joined_at, ?)', [at]), last_joined_at: at }));
}
