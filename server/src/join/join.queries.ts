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
    );
}

/** The seat's first and last time in; the first is kept, the last follows every join. */
export async function recordJoin(db: Db, attendeeId: string, at: Date): Promise<void> {
  await db('attendees').where({ id: attendeeId }).update({ first_joined_at: db.raw('coalesce(first_joined_at, ?)', [at]), last_joined_at: at });
}
