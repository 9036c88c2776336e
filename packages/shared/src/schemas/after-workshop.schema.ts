import { z } from 'zod';
import { RECORDING_DAYS } from '../constants';

/** How long after a workshop ends its attendees can leave or change their feedback (issue 26, point 7). */
export const FEEDBACK_EDIT_DAYS = 14;
/** How long after a workshop's date its recording link works (SPEC: recordings for 30 days; RECORDING_DAYS, as the booking page counts). */
export const RECORDING_LINK_DAYS = RECORDING_DAYS;
export const FEEDBACK_COMMENT_MAX = 2000;

export const FEEDBACK_MESSAGES = {
  rating: 'Choose a rating from 1 to 5.',
  commentTooLong: `Your comment can be at most ${FEEDBACK_COMMENT_MAX.toLocaleString('en-US')} characters.`,
  notYet: 'You can leave feedback once the workshop has ended.',
  closed: `Feedback for this workshop closed ${FEEDBACK_EDIT_DAYS} days after it ended.`,
  saved: 'Thank you for your feedback!',
} as const;

export const RECORDING_MESSAGES = {
  upcoming: 'The recording will be here after the workshop.',
  notAdded: 'The organiser has not added the recording yet. This link opens it as soon as they do.',
  expired: `This recording has expired. Recordings are available for ${RECORDING_LINK_DAYS} days after the workshop.`,
} as const;

/** PUT /api/feedback/:token: one answer per attendee, changed as often as they like while it is open. */
export const feedbackInputSchema = z
  .object({
    rating: z.number({ error: FEEDBACK_MESSAGES.rating }).int(FEEDBACK_MESSAGES.rating).min(1, FEEDBACK_MESSAGES.rating).max(5, FEEDBACK_MESSAGES.rating),
    comment: z.string({ error: FEEDBACK_MESSAGES.commentTooLong }).trim().max(FEEDBACK_COMMENT_MAX, FEEDBACK_MESSAGES.commentTooLong).default(''),
  })
  .strict();
export type FeedbackInput = z.input<typeof feedbackInputSchema>;

/** GET /api/feedback/:token: the form's workshop and this attendee's answer so far. */
export const feedbackViewSchema = z.object({
  title: z.string(),
  ended_at: z.string(),
  editable_until: z.string(),
  state: z.enum(['not_yet', 'open', 'closed']),
  rating: z.number().int().nullable(),
  comment: z.string(),
});
export type FeedbackView = z.infer<typeof feedbackViewSchema>;

/** GET /api/recording/:token: what the recording page says when the link does not go straight to it. */
export const recordingViewSchema = z.object({
  title: z.string(),
  ended_at: z.string(),
  available_until: z.string(),
  state: z.enum(['upcoming', 'not_added', 'available', 'expired']),
});
export type RecordingView = z.infer<typeof recordingViewSchema>;

/** GET /api/admin/workshops/:id/feedback: the average, how many gave each rating (1 to 5), and every answer. */
export const workshopFeedbackSchema = z.object({
  workshop_id: z.string(),
  count: z.number().int(),
  average: z.number().nullable(),
  distribution: z.array(z.number().int()).length(5),
  items: z.array(
    z.object({
      /** Null once the seat has another person (their answer stays, theirs no longer). */
      attendee_id: z.string().nullable(),
      name: z.string(),
      email: z.string(),
      rating: z.number().int(),
      comment: z.string(),
      updated_at: z.string(),
    }),
  ),
});
export type WorkshopFeedback = z.infer<typeof workshopFeedbackSchema>;

/** "4.6 from 12 answers" (or none yet): the drawer and the dashboard say it alike. */
export function feedbackSummary(f: { count: number; average: number | null }): string {
  if (!f.count || f.average === null) return 'No feedback yet';
  return `${f.average.toFixed(1)} from ${f.count} ${f.count === 1 ? 'answer' : 'answers'}`;
}

/** GET /api/certificates/:id: what the public verification page confirms (never an email). */
export const certificateViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  workshop_title: z.string(),
  workshop_date: z.string(),
  hours: z.number(),
  issued_at: z.string(),
  reissued_at: z.string().nullable(),
});
export type CertificateView = z.infer<typeof certificateViewSchema>;

export const CERTIFICATE_MESSAGES = {
  notAttended: 'Only attendees who joined or were marked attended get a certificate.',
  reissued: 'Certificate reissued with the name on the booking.',
  unnamed: 'This seat has nobody named on it, so there is no name for a certificate. The buyer can name the seat from their booking page.',
} as const;
