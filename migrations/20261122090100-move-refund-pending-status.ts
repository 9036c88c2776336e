import type { Knex } from 'knex';

/**
 * Rows that waited for their refund as failed + reason now have their own status; those whose
 * refund already went through (a refund.completed event) are refunded.
 */
export async function up(knex: Knex): Promise<void> {
  const refundedPayment = `EXISTS (SELECT 1 FROM payment_events e WHERE e.event_type = 'refund.completed' AND e.event_id = 'refund:' || r.payment_id)`;
  // Through refund_pending, as the state table allows.
  await knex.raw(`UPDATE workshop_registrations r SET status = 'refund_pending' WHERE status = 'failed' AND status_reason IN ('refund_pending', 'amount_mismatch')`);
  await knex.raw(`UPDATE workshop_registrations r SET status = 'refunded' WHERE status = 'refund_pending' AND ${refundedPayment}`);
  await knex.raw(`UPDATE workshop_registrations SET status_reason = 'workshop_full_refunded' WHERE status IN ('refund_pending', 'refunded') AND status_reason = 'refund_pending'`);
}

export async function down(): Promise<void> {
  // The state-machine migration's down maps refund_pending back to failed.
}
