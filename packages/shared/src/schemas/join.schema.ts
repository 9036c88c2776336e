import { z } from 'zod';

/** How long before the start a tracked join link lets people in (issue 26, point 3). */
export const JOIN_OPENS_MINUTES_BEFORE = 15;

/**
 * GET /api/join/:token: what the join page shows outside the joining window. Never the meeting
 * address: only `/join/<token>` itself leads there, and only while the workshop is on.
 */
export const joinViewSchema = z.object({
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  /** When the link starts letting people in. */
  opens_at: z.string(),
  /** The server's clock when it answered: the countdown runs from it, not from a visitor's clock that may be wrong. */
  now: z.string(),
  /** `open`: the link lets people in now (or will, once the organiser has added the meeting). */
  state: z.enum(['early', 'open', 'ended']),
  /** After the end: the recording is up and this seat's recording link opens it (for RECORDING_LINK_DAYS days). */
  recording: z.boolean(),
  /** The event of this seat's invites (so a calendar updates it rather than adding a second). */
  calendar: z.object({ uid: z.string(), sequence: z.number().int() }),
});
export type JoinView = z.infer<typeof joinViewSchema>;

export const JOIN_MESSAGES = {
  ended: 'This workshop has ended',
  notReady: 'The organiser has not added the meeting link yet. This page lets you in as soon as they do.',
} as const;
