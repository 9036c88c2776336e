import { z } from 'zod';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { type EmailData, type EmailSender, withoutSecrets } from './email.data';
import { ADMIN_ALERTS, type EmailKind } from './email.outbox';
import { queueAdminAlert } from './email.queue';
import { isErasedAddress } from './erased-address';

/** SendGrid's event names we keep, and what each is called here. */
const DELIVERY: Record<string, Delivery> = { delivered: 'delivered', deferred: 'deferred', bounce: 'bounced', dropped: 'dropped', spamreport: 'spam_report' };
type Delivery = 'delivered' | 'deferred' | 'bounced' | 'dropped' | 'spam_report';
/**
 * Which event says the most about where an email stands: events come out of order and more than
 * once, and a later "deferred" does not undo "delivered"; a bounce after delivery (the receiving
 * server accepted, then sent it back) and a spam report do.
 */
const RANK: Record<Delivery, number> = { deferred: 1, delivered: 2, bounced: 3, dropped: 3, spam_report: 4 };
/** The events that mean an email it accepted did not arrive (a receiving server refused it; an address it suppresses). */
const UNDELIVERED = new Set<Delivery>(['bounced', 'dropped']);

/** One event of SendGrid's Event Webhook, as far as we read it; anything else in it is ignored. */
const eventSchema = z.looseObject({
  event: z.string().max(50),
  sg_event_id: z.string().max(200).optional(),
  sg_message_id: z.string().max(300).optional(),
  /** Our own id, sent with the email as a custom argument (email.send.task.ts). */
  email_message_id: z.string().max(100).optional(),
  reason: z.string().max(2000).optional(),
  response: z.string().max(2000).optional(),
  type: z.string().max(50).optional(),
  timestamp: z.number().int().nonnegative().optional(),
});
export const emailEventsSchema = z.array(z.unknown()).max(10_000);
type EmailEvent = z.infer<typeof eventSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function reasonOf(e: EmailEvent, delivery: Delivery): string | null {
  const said = e.reason ?? e.response;
  if (delivery === 'dropped') return `Dropped by SendGrid${said ? `: ${said}` : ''}`.slice(0, 1000);
  if (delivery === 'bounced') return `${e.type === 'blocked' ? 'Blocked by the receiving server' : 'Bounced by the receiving server'}${said ? `: ${said}` : ''}`.slice(0, 1000);
  if (delivery === 'spam_report') return 'The recipient marked it as spam';
  return said?.slice(0, 1000) ?? null;
}

/**
 * Records a batch of SendGrid events on the emails they are about: each delivered, deferred,
 * bounce, dropped and spam-report event once (SendGrid delivers a batch again when we did not
 * answer: its event id keeps a replay from counting twice), and the email's state as they add up.
 * An email that bounced or was dropped is marked as not arrived (once), and the admins are told, as
 * for an email the provider refused, because someone must reach that person another way (a buyer
 * without their confirmation has no booking link). Events we do not read, or about emails we do not
 * know (another app on the account), are skipped.
 */
export async function recordEmailEvents(db: Db, sender: EmailSender, events: unknown[]): Promise<{ recorded: number; undelivered: number }> {
  let recorded = 0;
  let undelivered = 0;
  for (const raw of events) {
    const parsed = eventSchema.safeParse(raw);
    const delivery = parsed.success ? DELIVERY[parsed.data.event] : undefined;
    if (!parsed.success || !delivery) continue;
    const outcome = await db.transaction((trx) => recordOne(trx, sender, parsed.data, delivery));
    if (outcome.recorded) recorded++;
    if (outcome.undelivered) undelivered++;
  }
  return { recorded, undelivered };
}

async function recordOne(trx: Knex.Transaction, sender: EmailSender, e: EmailEvent, delivery: Delivery): Promise<{ recorded: boolean; undelivered: boolean }> {
  const none = { recorded: false, undelivered: false };
  const byOurId = e.email_message_id && UUID.test(e.email_message_id) ? { id: e.email_message_id } : undefined;
  // SendGrid's message id is the X-Message-Id it answered the send with, then a dot and more.
  const providerId = e.sg_message_id?.split('.')[0];
  if (!byOurId && !providerId) return none;
  const msg: { id: string; kind: string; registration_id: string | null; data: unknown; delivery: Delivery | null; to_email: string } | undefined = await trx('email_messages')
    .where(byOurId ?? { provider_message_id: providerId })
    .forUpdate()
    .first('id', 'kind', 'registration_id', 'data', 'delivery', 'to_email');
  if (!msg) return none;
  // Its person's data was erased since it went: what happened is kept, not the provider's words (they name the address), and nobody is asked to reach them.
  const erased = isErasedAddress(msg.to_email);
  const reason = erased ? null : reasonOf(e, delivery);
  const occurredAt = e.timestamp ? new Date(e.timestamp * 1000) : new Date();
  const inserted = await trx.raw(
    `INSERT INTO email_delivery_events (email_message_id, sg_event_id, event, reason, occurred_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (sg_event_id) WHERE sg_event_id IS NOT NULL DO NOTHING RETURNING id`,
    // SendGrid names every event; one that does not is known by what, to which email, and when.
    [msg.id, e.sg_event_id ?? (e.timestamp ? `${delivery}:${msg.id}:${e.timestamp}` : null), delivery, reason, occurredAt],
  );
  if (!inserted.rows.length) return none;
  if (!msg.delivery || RANK[delivery] >= RANK[msg.delivery]) await trx('email_messages').where({ id: msg.id }).update({ delivery, delivery_at: occurredAt });
  if (!UNDELIVERED.has(delivery) || erased) return { recorded: true, undelivered: false };
  const marked = await trx('email_messages').where({ id: msg.id }).whereNull('bounced_at').update({ bounced_at: trx.fn.now(), bounce_reason: reason });
  if (!marked) return { recorded: true, undelivered: false };
  if (!ADMIN_ALERTS.has(msg.kind as EmailKind)) {
    await queueAdminAlert(trx, 'admin_email_failed', sender, {
      registrationId: msg.registration_id,
      data: withoutSecrets(msg.data as EmailData),
      details: { 'Email kind': msg.kind, Error: reason ?? '' },
      dedupeKey: `email_bounced:${msg.id}`,
    });
  }
  return { recorded: true, undelivered: true };
}
