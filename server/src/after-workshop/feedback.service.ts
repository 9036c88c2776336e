import { FEEDBACK_MESSAGES, type FeedbackInput, type FeedbackView, type WorkshopFeedback } from '@workshop/shared';
import type { Db } from '../db/knex';
import { ConflictError, NotFoundError } from '../http/errors';
import type { JoinSeat } from '../join/join.queries';
import { afterTimes } from './after-workshop.links';

async function answerOf(db: Db, attendeeId: string): Promise<{ rating: number; comment: string } | undefined> {
  return db('workshop_feedback').where({ attendee_id: attendeeId }).first('rating', 'comment');
}

function stateAt(seat: JoinSeat, now: Date): { state: FeedbackView['state']; ends: Date; until: Date } {
  const { ends, feedbackUntil } = afterTimes(seat);
  return { state: now < ends ? 'not_yet' : now <= feedbackUntil ? 'open' : 'closed', ends, until: feedbackUntil };
}

/** GET /api/feedback/:token: the form's workshop and the attendee's answer so far. */
export async function feedbackView(db: Db, seat: JoinSeat, now = new Date()): Promise<FeedbackView> {
  const { state, ends, until } = stateAt(seat, now);
  const answer = await answerOf(db, seat.attendee_id);
  return { title: seat.title, ended_at: ends.toISOString(), editable_until: until.toISOString(), state, rating: answer?.rating ?? null, comment: answer?.comment ?? '' };
}

/**
 * PUT /api/feedback/:token: one answer per seat, replaced by a later one while the form is open
 * (from the end of the workshop for FEEDBACK_EDIT_DAYS days).
 */
export async function saveFeedback(db: Db, seat: JoinSeat & { token: string }, input: Required<FeedbackInput>, now = new Date()): Promise<FeedbackView> {
  const { state } = stateAt(seat, now);
  if (state === 'not_yet') throw new ConflictError(FEEDBACK_MESSAGES.notYet);
  if (state === 'closed') throw new ConflictError(FEEDBACK_MESSAGES.closed);
  await db.transaction(async (trx) => {
    // Only while the seat still has the token the form was opened with, held until the answer is in: a transfer
    // committing meanwhile gave the seat (and its form) to someone else, whose answer this is not.
    const still = await trx('attendees').where({ id: seat.attendee_id, join_token: seat.token, status: 'active' }).forShare().first('id');
    if (!still) throw new NotFoundError('This link does not open any seat.');
    await trx('workshop_feedback')
      .insert({ attendee_id: seat.attendee_id, workshop_id: seat.workshop_id, rating: input.rating, comment: input.comment })
      .onConflict('attendee_id')
      .merge({ workshop_id: seat.workshop_id, rating: input.rating, comment: input.comment, updated_at: trx.fn.now() });
  });
  return feedbackView(db, seat, now);
}

/** GET /api/admin/workshops/:id/feedback: the average, the distribution and every answer, newest first. */
export async function workshopFeedback(db: Db, workshopId: string): Promise<WorkshopFeedback> {
  if (!(await db('workshops').where({ id: workshopId }).first('id'))) throw new NotFoundError('Workshop not found');
  // An answer whose seat has a new person since (or was cleared) still counts; who gave it is no longer known.
  const rows: { attendee_id: string | null; name: string; email: string; rating: number; comment: string; updated_at: Date }[] = await db('workshop_feedback as f')
    .leftJoin('attendees as a', 'a.id', 'f.attendee_id')
    .leftJoin('workshop_registrations as r', 'r.id', 'a.registration_id')
    .where('f.workshop_id', workshopId)
    .orderBy('f.updated_at', 'desc')
    .select('f.attendee_id', db.raw(`coalesce(a.name, r.name, 'A former attendee') AS name`), db.raw(`coalesce(a.email, r.email, '') AS email`), 'f.rating', 'f.comment', 'f.updated_at');
  const distribution = [1, 2, 3, 4, 5].map((n) => rows.filter((r) => r.rating === n).length);
  const average = rows.length ? Math.round((rows.reduce((sum, r) => sum + r.rating, 0) / rows.length) * 10) / 10 : null;
  return { workshop_id: workshopId, count: rows.length, average, distribution, items: rows.map((r) => ({ ...r, updated_at: new Date(r.updated_at).toISOString() })) };
}
