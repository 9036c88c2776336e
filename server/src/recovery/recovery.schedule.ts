import type { Knex } from 'knex';
import { readSetting } from '../settings/settings.queries';

/**
 * A checkout was abandoned (hold expired, or the buyer closed the payment window): plan its one
 * follow-up, in the transaction that failed the checkout. One row per person and workshop ever;
 * a row that was skipped (the workshop was full, the person was checking out again …) is planned
 * again, one already sent never is: nobody gets a second follow-up for the same workshop.
 */
export async function scheduleRecovery(trx: Knex.Transaction, reg: { id: string; workshop_id: string; name: string; email: string; phone: string }): Promise<void> {
  // A savepoint: a follow-up that cannot be planned must never undo freeing the seat around it.
  await trx
    .transaction((sp) => plan(sp, reg))
    .catch((err) => console.warn(`checkout recovery: could not plan a follow-up for ${reg.id}: ${err instanceof Error ? err.message : String(err)}`));
}

async function plan(trx: Knex.Transaction, reg: { id: string; workshop_id: string; name: string; email: string; phone: string }): Promise<void> {
  const setting = await readSetting(trx, 'checkout_recovery');
  if (!setting.enabled) return;
  await trx.raw(
    `INSERT INTO checkout_recoveries (workshop_id, registration_id, name, email, phone, send_after)
     VALUES (?, ?, ?, ?, ?, now() + make_interval(mins => ?))
     ON CONFLICT (workshop_id, lower(email)) DO UPDATE SET
       registration_id = excluded.registration_id, name = excluded.name, phone = excluded.phone,
       send_after = excluded.send_after, status = 'scheduled', skip_reason = NULL
     WHERE checkout_recoveries.status = 'skipped' AND checkout_recoveries.skip_reason IS DISTINCT FROM 'unsubscribed'`,
    [reg.workshop_id, reg.id, reg.name, reg.email, reg.phone, setting.delay_minutes],
  );
}

/**
 * A registration completed: if this person was sent a follow-up for this workshop before they
 * started this checkout, it recovered the sale. Called in the completing transaction.
 */
export async function markRecovered(trx: Knex.Transaction, registrationId: string): Promise<void> {
  await trx.raw(
    `UPDATE checkout_recoveries c SET recovered_registration_id = r.id, recovered_at = now(), recovered_amount_cents = r.amount
       FROM workshop_registrations r
      WHERE r.id = ? AND c.workshop_id = r.workshop_id AND lower(c.email) = lower(r.email)
        AND c.status = 'sent' AND c.recovered_at IS NULL AND c.sent_at <= r.created_at`,
    [registrationId],
  );
}
