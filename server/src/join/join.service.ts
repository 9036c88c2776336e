import { calendarUid, eventEnd, JOIN_OPENS_MINUTES_BEFORE, type JoinView, RECORDING_LINK_DAYS } from '@workshop/shared';
import type { Db } from '../db/knex';
import { currentSequence } from '../email/email.outbox';
import { type JoinSeat, seatByJoinToken } from './join.queries';

/** What a join token is made of (join-links migration): anything else is no token, and the database is not asked. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type JoinAnswer = { kind: 'missing' } | { kind: 'redirect'; url: string; attendeeId: string; token: string } | { kind: 'page'; view: JoinView };

/** From JOIN_OPENS_MINUTES_BEFORE the start until its scheduled end, the link lets its attendee in. */
export function joinWindow(w: Pick<JoinSeat, 'date' | 'duration_hours'>): { opens: Date; starts: Date; ends: Date } {
  const starts = new Date(w.date);
  return { opens: new Date(starts.getTime() - JOIN_OPENS_MINUTES_BEFORE * 60_000), starts, ends: eventEnd(starts, w.duration_hours) };
}

function viewOf(seat: JoinSeat, now: Date): JoinView {
  const { opens, starts, ends } = joinWindow(seat);
  return {
    title: seat.title,
    starts_at: starts.toISOString(),
    ends_at: ends.toISOString(),
    opens_at: opens.toISOString(),
    now: now.toISOString(),
    state: now < opens ? 'early' : now <= ends ? 'open' : 'ended',
    recording: now > ends && !!seat.recording_url && now.getTime() <= starts.getTime() + RECORDING_LINK_DAYS * 86_400_000,
    calendar: seat.own_link ? { uid: calendarUid(seat.attendee_id), sequence: currentSequence(seat.attendee_sequence) } : { uid: calendarUid(seat.registration_id), sequence: currentSequence(seat.registration_sequence) },
  };
}

/**
 * GET /join/<token>: during the workshop, the meeting (the caller records the join); before or
 * after it, or while the organiser has not added the meeting yet, the join page; an unknown,
 * altered, cancelled or passed-on token, nothing.
 */
export async function openJoinLink(db: Db, token: string, now: Date = new Date()): Promise<JoinAnswer> {
  const seat = TOKEN.test(token) ? await seatByJoinToken(db, token) : undefined;
  if (!seat) return { kind: 'missing' };
  const view = viewOf(seat, now);
  if (view.state === 'open' && seat.join_url) return { kind: 'redirect', url: seat.join_url, attendeeId: seat.attendee_id, token };
  return { kind: 'page', view };
}

/** The active seat a seat's link opens (its join, recording and feedback links share the secret); nothing for anything else. */
export async function seatOfToken(db: Db, token: string): Promise<JoinSeat | undefined> {
  return TOKEN.test(token) ? seatByJoinToken(db, token) : undefined;
}

/** GET /api/join/<token>: the join page's facts, never the meeting address. */
export async function joinView(db: Db, token: string, now: Date = new Date()): Promise<JoinView | undefined> {
  const seat = TOKEN.test(token) ? await seatByJoinToken(db, token) : undefined;
  return seat && viewOf(seat, now);
}
