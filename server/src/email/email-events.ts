import { z } from 'zod';
import type { Db } from '../db/knex';
import { type EmailData, type EmailSender, withoutSecrets } from './email.data';
import { ADMIN_ALERTS, type EmailKind } from './email.outbox';
import { queueAdminAlert } from './email.queue';

/** SendGrid's events that mean an email it accepted did not arrive (a receiving server refused it; an address it suppresses). */
const UNDELIVERED = new Set(['bounce', 'dropped']);

/** One event of SendGrid's Event Webhook, as far as we read it; anything else in it is ignored. */
const eventSchema = z.looseObject({
  event: z.string().max(50),
  sg_message_id: z.string().max(300).optional(),
  /** Our own id, sent with the email as a custom argument (email.send.task.ts). */
  email_message_id: z.string().max(100).optional(),
  reason: z.string().max(2000).optional(),
  type: z.string().max(50).optional(),
});
export const emailEventsSchema = z.array(z.unknown()).max(10_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records the bounces and drops in a batch of SendGrid events: the email is marked as not
 * arrived (once: SendGrid delivers a batch again when we did not answer, so replays change
 * nothing), and the admins are told, as for an email the provider refused, because someone must
 * reach that person another way (a buyer without their confirmation has no booking link).
 * Events we do not read, or about emails we do not know (another app on the account), are skipped.
 */
export async function recordEmailEvents(db: Db, sender: EmailSender, events: unknown[]): Promise<{ undelivered: number }> {
  let undelivered = 0;
  for (const raw of events) {
    const parsed = eventSchema.safeParse(raw);
    if (!parsed.success || !UNDELIVERED.has(parsed.data.event)) continue;
    const e = parsed.data;
    const reason = `${e.event === 'dropped' ? 'Dropped by SendGrid' : e.type === 'blocked' ? 'Blocked by the receiving server' : 'Bounced by the receiving server'}${e.reason ? `: ${e.reason}` : ''}`.slice(0, 1000);
    const marked = await db.transaction(async (trx) => {
      const byOurId = e.email_message_id && UUID.test(e.email_message_id) ? { id: e.email_message_id } : undefined;
      // SendGrid's message id is the X-Message-Id it answered the send with, then a dot and more.
      const providerId = e.sg_message_id?.split('.')[0];
      if (!byOurId && !providerId) return false;
      const [msg] = await trx('email_messages')
        .where(byOurId ?? { provider_message_id: providerId })
        .whereNull('bounced_at')
        .update({ bounced_at: trx.fn.now(), bounce_reason: reason })
        .returning(['id', 'kind', 'registration_id', 'data']);
      if (!msg) return false;
      if (!ADMIN_ALERTS.has(msg.kind as EmailKind)) {
        await queueAdminAlert(trx, 'admin_email_failed', sender, {
          registrationId: msg.registration_id,
          data: withoutSecrets(msg.data as EmailData),
          details: { 'Email kind': msg.kind, Error: reason },
          dedupeKey: `email_bounced:${msg.id}`,
        });
      }
      return true;
    });
    if (marked) undelivered++;
  }
  return { undelivered };
}
