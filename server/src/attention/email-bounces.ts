import type { AttentionItem } from '@workshop/shared';
import type { Db } from '../db/knex';
import type { EmailKind } from '../email/email.outbox';
import type { RegistrationRow } from './attention.queries';

/** The emails that carry someone's way in: the booking link, the join details, or both. */
export const ACCESS_EMAILS: readonly EmailKind[] = [
  'confirmation',
  'confirmation_resend',
  'reminder_24h',
  'reminder_1h',
  'workshop_updated',
  'attendee_confirmation',
  'attendee_reminder_24h',
  'attendee_reminder_1h',
];

/** How the email list names each kind, for the sentence an admin reads. */
const WHAT: Partial<Record<EmailKind, string>> = {
  confirmation: 'The confirmation with the booking link',
  confirmation_resend: 'The confirmation with the booking link',
  reminder_24h: 'The reminder with the join details',
  reminder_1h: 'The reminder with the join details',
  workshop_updated: 'The changed join details',
  attendee_confirmation: "The attendee's confirmation with their link",
  attendee_reminder_24h: 'The reminder with the join details',
  attendee_reminder_1h: 'The reminder with the join details',
};

type BouncedRow = Pick<RegistrationRow, 'name' | 'email' | 'access_id' | 'workshop_title' | 'status' | 'status_reason' | 'amount' | 'currency' | 'payment_method' | 'payment_id' | 'provider_order_id'> & {
  id: string;
  kind: EmailKind;
  to_email: string;
  attendee_id: string | null;
  bounced_at: Date;
  bounce_reason: string | null;
  registration_id: string;
};

/**
 * For each active booking and each active seat, the last access email to the address it has
 * now, where that one did not arrive. A later one that did (a reminder after a full mailbox
 * emptied), or a corrected address, ends it; an email to an address it no longer has (a
 * transfer's old holder) is nobody's way in.
 */
async function bouncedAccessEmails(db: Db): Promise<BouncedRow[]> {
  const result = await db.raw(
    `WITH bounced AS (
       SELECT DISTINCT registration_id FROM email_messages
        WHERE bounced_at IS NOT NULL AND registration_id IS NOT NULL AND kind = ANY(:kinds)
     ), latest AS (
       SELECT DISTINCT ON (m.registration_id, m.attendee_id) m.id, m.kind, m.to_email, m.attendee_id, m.bounced_at, m.bounce_reason, m.registration_id
         FROM email_messages m
         JOIN bounced b ON b.registration_id = m.registration_id
         JOIN workshop_registrations r ON r.id = m.registration_id
         LEFT JOIN attendees a ON a.id = m.attendee_id AND a.registration_id = m.registration_id
        WHERE m.kind = ANY(:kinds)
          -- A seat's email speaks for the seat only while it is this booking's (a moved seat is another booking's).
          AND (m.attendee_id IS NULL OR a.id IS NOT NULL)
          AND lower(m.to_email) = lower(coalesce(a.email, r.email))
        ORDER BY m.registration_id, m.attendee_id, m.created_at DESC, m.id DESC
     )
     SELECT l.*, r.name, r.email, r.access_id, w.title AS workshop_title, r.status, r.status_reason, r.amount, r.currency,
            r.payment_method, r.payment_id, r.provider_order_id
       FROM latest l
       JOIN workshop_registrations r ON r.id = l.registration_id
       JOIN workshops w ON w.id = r.workshop_id
       LEFT JOIN attendees a ON a.id = l.attendee_id AND a.registration_id = l.registration_id
      WHERE l.bounced_at IS NOT NULL AND r.status = 'completed' AND (l.attendee_id IS NULL OR a.status = 'active')`,
    { kinds: [...ACCESS_EMAILS] },
  );
  return result.rows;
}

/** "Bounced by the receiving server: 550 …" as the verb and what the server said. */
function howItFailed(reason: string | null): string {
  const m = /^(Bounced by the receiving server|Blocked by the receiving server|Dropped by SendGrid)(?::\s*(.*))?$/s.exec(reason ?? '');
  if (!m) return reason ? `bounced: ${reason}` : 'bounced';
  const verb = m[1].startsWith('Blocked') ? 'was blocked' : m[1].startsWith('Dropped') ? 'was dropped' : 'bounced';
  return m[2] ? `${verb}: ${m[2]}` : verb;
}

/** Items for access emails that did not arrive, each with the email to correct and send again. */
export async function emailBounceItems(db: Db): Promise<(Omit<AttentionItem, 'timeline'> & { registrationId: string })[]> {
  const rows = await bouncedAccessEmails(db);
  return rows.map((b) => ({
    id: `email:${b.id}`,
    kind: 'email_bounced' as const,
    explanation: `Email to ${b.to_email} ${howItFailed(b.bounce_reason)}. ${WHAT[b.kind] ?? 'It'} did not reach them: correct the address, or send it again once their mailbox takes mail.`,
    amount_cents: b.amount,
    currency: b.currency,
    provider: b.payment_method,
    payment_id: b.payment_id,
    order_id: b.provider_order_id,
    registration: { id: b.registration_id, name: b.name, email: b.email, access_id: b.access_id, workshop_title: b.workshop_title, status: b.status, status_reason: b.status_reason },
    registrationId: b.registration_id,
    refund: null,
    started_at: new Date(b.bounced_at).toISOString(),
    attempts: null,
    last_error: null,
    next_check_at: null,
    retry: null,
    email: { id: b.id, kind: b.kind, to_email: b.to_email, reason: b.bounce_reason, bounced_at: new Date(b.bounced_at).toISOString(), seat_id: b.attendee_id },
  }));
}
