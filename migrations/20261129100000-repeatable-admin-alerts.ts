import type { Knex } from 'knex';
import { addRepeatable, repeatableKinds, setRepeatable } from './support/repeatable-email-kinds';

/**
 * The admins' "refund failed" and "email failed" alerts: one per failure, not one per booking.
 * A second refund of a booking that gives up (a team order's seat refunds), a corrected alert
 * naming what a failed refund still owes once hand refunds are found, a reminder bouncing after
 * the confirmation did: each is news. Each alert carries a dedupe key of the failure it is about
 * instead (server/src/email/email.queue.ts queueAdminAlert).
 */
const KINDS = ['admin_refund_failed', 'admin_email_failed'];

export async function up(knex: Knex): Promise<void> {
  await addRepeatable(knex, KINDS);
}

export async function down(knex: Knex): Promise<void> {
  // Only the latest alert of each kind per booking can stay under the narrower index.
  await knex.raw(
    `DELETE FROM email_messages m WHERE m.kind IN (${KINDS.map((k) => `'${k}'`).join(', ')}) AND m.registration_id IS NOT NULL
       AND EXISTS (SELECT 1 FROM email_messages n WHERE n.registration_id = m.registration_id AND n.kind = m.kind AND (n.created_at, n.id) > (m.created_at, m.id))`,
  );
  await setRepeatable(knex, (await repeatableKinds(knex)).filter((k) => !KINDS.includes(k)));
}
