import type { Knex } from 'knex';

/** PostgreSQL channel every server instance LISTENs on and relays to its admin clients. */
export const REGISTRATION_CHANNEL = 'registration_events';

/**
 * Emits `registration.completed` for a registration. Call it inside the transaction that
 * completes it: NOTIFY is delivered only if that transaction commits.
 */
export async function notifyRegistrationCompleted(trx: Knex | Knex.Transaction, registrationId: string): Promise<void> {
  await trx.raw(
    `SELECT pg_notify(?, json_build_object(
        'type', 'registration.completed',
        'registration_id', r.id,
        'access_id', r.access_id,
        'name', r.name,
        'email', r.email,
        'workshop_title', w.title,
        'amount', r.amount,
        'payment_method', r.payment_method,
        'completed_at', coalesce(r.completed_at, now())
      )::text)
       FROM workshop_registrations r JOIN workshops w ON w.id = r.workshop_id
      WHERE r.id = ?`,
    [REGISTRATION_CHANNEL, registrationId],
  );
}
