import type { Knex } from 'knex';

const ago = (years: number) => `now() - make_interval(years => ${Math.max(7, Math.trunc(years))})`;
const count = (r: { rowCount?: number | null }) => r.rowCount ?? 0;

/** The payment ids a booking answers for: its own, a moved seat's (paid by its team booking's), and any the ledger links to it. */
const PAYMENT_OF = (r: string) => `(p.registration_id = ${r}.id OR (p.provider = ${r}.payment_method AND p.payment_id IN (${r}.payment_id, ${r}.paid_with_payment_id)))`;

/** A ledger row no live booking holds: a cleared booking's (its row is archived), an unknown order's. */
const NO_BOOKING = `NOT EXISTS (SELECT 1 FROM workshop_registrations r WHERE r.id = p.registration_id OR (r.payment_method = p.provider AND p.payment_id IN (r.payment_id, r.paid_with_payment_id)))`;

/**
 * Bookings whose payment records are past the period (issue 27, point 1): the workshop, and every
 * money movement of the booking (payment, refund, invoice), older than it; no money on its way; and
 * no other booking paid by the same payment (a seat moved out of a team booking) still young.
 */
export function paymentRecordsDueSql(years: number): { payment_records: string; unattributed_payments: string } {
  const before = ago(years);
  return {
    payment_records: `SELECT r.id FROM workshop_registrations r JOIN workshops w ON w.id = r.workshop_id
       WHERE w.date < ${before} AND r.payment_records_deleted_at IS NULL
         AND r.status NOT IN ('pending', 'refund_pending') AND r.reconcile_after IS NULL
         AND (r.payment_id IS NOT NULL OR r.provider_order_id IS NOT NULL OR r.paid_with_payment_id IS NOT NULL
              OR EXISTS (SELECT 1 FROM payments p WHERE p.registration_id = r.id)
              OR EXISTS (SELECT 1 FROM invoices i WHERE i.registration_id = r.id)
              OR EXISTS (SELECT 1 FROM payment_events e WHERE e.registration_id = r.id))
         AND NOT EXISTS (SELECT 1 FROM payments p WHERE ${PAYMENT_OF('r')} AND p.created_at >= ${before})
         AND NOT EXISTS (SELECT 1 FROM refunds f WHERE (f.registration_id = r.id OR (f.provider = r.payment_method AND f.payment_id IN (r.payment_id, r.paid_with_payment_id)))
                           AND (f.status <> 'succeeded' OR coalesce(f.completed_at, f.updated_at) >= ${before}))
         AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.registration_id = r.id AND i.issued_at >= ${before})
         AND NOT EXISTS (SELECT 1 FROM workshop_registrations o JOIN workshops ow ON ow.id = o.workshop_id
                          WHERE o.id <> r.id AND o.payment_method = r.payment_method
                            AND (o.paid_with_payment_id = r.payment_id OR o.payment_id = r.paid_with_payment_id OR o.paid_with_payment_id = r.paid_with_payment_id)
                            AND (ow.date >= ${before} OR o.status IN ('pending', 'refund_pending') OR o.reconcile_after IS NOT NULL))`,
    // A payment no booking holds (a cleared booking's, an unknown order's), counted from when it was recorded.
    unattributed_payments: `SELECT p.id FROM payments p
       WHERE p.created_at < ${before} AND ${NO_BOOKING}
         AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.provider = p.provider AND f.payment_id = p.payment_id
                           AND (f.status <> 'succeeded' OR coalesce(f.completed_at, f.updated_at) >= ${before}))`,
  };
}

/**
 * Deletes the payment records of one batch of bookings past the period: ledger rows, refunds,
 * provider messages, invoices and credit notes; the booking keeps its status and price (the
 * dashboard's counts) and loses its provider ids. Each deleted payment and order leaves a
 * tombstone the ledger checks, so no replay or late message re-creates it and pays out again; the
 * refunds made stay in the dashboard as an anonymous total for the workshop. Rows busy elsewhere
 * are skipped (the next run takes them).
 */
export async function deletePaymentRecords(trx: Knex.Transaction, ids: string[], years: number): Promise<number> {
  const candidates = (await trx.raw(`SELECT id FROM workshop_registrations WHERE id = ANY (?::uuid[]) AND payment_records_deleted_at IS NULL FOR NO KEY UPDATE SKIP LOCKED`, [ids])).rows.map((r: { id: string }) => r.id);
  if (!candidates.length) return 0;
  await trx.raw('SET LOCAL jit = off');
  const held = new Set(await paymentsOf(trx, candidates, true));
  // Asked again now that the bookings and their payments are held (every refund and decision takes
  // the payment's row first): one decided since the batch was chosen keeps its booking's records.
  const locked = (await trx.raw(`SELECT id FROM (${paymentRecordsDueSql(years).payment_records}) d WHERE id = ANY (?::uuid[])`, [candidates])).rows.map((r: { id: string }) => r.id);
  if (!locked.length) return 0;
  const payments = await paymentsOf(trx, locked, false);
  // A ledger row that appeared after the rows were held is money this run has not looked at: the batch waits for the next run.
  if (payments.some((id) => !held.has(id))) return 0;
  const refunds = (await trx.raw(
    `SELECT id FROM refunds WHERE registration_id = ANY (?::uuid[])
     UNION SELECT f.id FROM payments p JOIN refunds f ON f.provider = p.provider AND f.payment_id = p.payment_id WHERE p.id = ANY (?::uuid[])`,
    [locked, payments],
  )).rows.map((r: { id: string }) => r.id);
  await trx.raw(
    `INSERT INTO retired_refunds (workshop_id, refunded_cents)
     SELECT r.workshop_id, sum(x.cents) FROM (
              SELECT registration_id, amount_cents AS cents FROM refunds WHERE id = ANY (?::uuid[]) AND status = 'succeeded'
              UNION ALL
              SELECT registration_id, refunded_outside_cents FROM payments WHERE id = ANY (?::uuid[]) AND refunded_outside_cents > 0) x
       LEFT JOIN workshop_registrations r ON r.id = x.registration_id
      GROUP BY r.workshop_id HAVING sum(x.cents) > 0`,
    [refunds, payments],
  );
  await forget(trx, `SELECT provider, payment_id, order_id FROM payments WHERE id = ANY (?::uuid[])
                     UNION ALL SELECT payment_method, coalesce(payment_id, paid_with_payment_id), provider_order_id FROM workshop_registrations WHERE id = ANY (?::uuid[]) AND payment_method IS NOT NULL`, [payments, locked]);
  await trx.raw('DELETE FROM refunds WHERE id = ANY (?::uuid[])', [refunds]);
  await trx.raw('DELETE FROM payments WHERE id = ANY (?::uuid[])', [payments]);
  await trx.raw(`DELETE FROM payment_events WHERE registration_id = ANY (?::uuid[])`, [locked]);
  await trx.raw(`DELETE FROM invoices WHERE kind = 'credit_note' AND (registration_id = ANY (?::uuid[]) OR credits_invoice_id IN (SELECT id FROM invoices WHERE registration_id = ANY (?::uuid[])))`, [locked, locked]);
  await trx.raw(`DELETE FROM invoices WHERE registration_id = ANY (?::uuid[])`, [locked]);
  await trx.raw('DELETE FROM goodwill_requests WHERE registration_id = ANY (?::uuid[])', [locked]);
  return count(
    await trx.raw(
      `UPDATE workshop_registrations SET payment_id = NULL, provider_order_id = NULL, paid_with_payment_id = NULL, billing = NULL, payment_records_deleted_at = now(), updated_at = now()
        WHERE id = ANY (?::uuid[])`,
      [locked],
    ),
  );
}

/** The ledger rows of these bookings, each found by its own index (an OR across them would read every payment for each batch). */
async function paymentsOf(trx: Knex.Transaction, regIds: string[], lock: boolean): Promise<string[]> {
  const r = await trx.raw(
    `SELECT p.id FROM payments p WHERE p.id IN (
       SELECT id FROM payments WHERE registration_id = ANY (?::uuid[])
       UNION SELECT p.id FROM workshop_registrations r JOIN payments p ON p.provider = r.payment_method AND p.payment_id = r.payment_id WHERE r.id = ANY (?::uuid[])
       UNION SELECT p.id FROM workshop_registrations r JOIN payments p ON p.provider = r.payment_method AND p.payment_id = r.paid_with_payment_id WHERE r.id = ANY (?::uuid[]))
     ${lock ? 'FOR UPDATE OF p' : ''}`,
    [regIds, regIds, regIds],
  );
  return r.rows.map((x: { id: string }) => x.id);
}

/** One batch of payments no booking holds past the period: the same deletion, by ledger row. */
export async function deleteUnattributedPayments(trx: Knex.Transaction, ids: string[], years: number): Promise<number> {
  const held = (await trx.raw(`SELECT p.id FROM payments p WHERE p.id = ANY (?::uuid[]) FOR UPDATE OF p SKIP LOCKED`, [ids])).rows.map((r: { id: string }) => r.id);
  if (!held.length) return 0;
  await trx.raw('SET LOCAL jit = off');
  // Asked again with the rows held: a refund or a booking that came to it since the batch was chosen keeps it.
  const payments = (await trx.raw(`SELECT id FROM (${paymentRecordsDueSql(years).unattributed_payments}) d WHERE id = ANY (?::uuid[])`, [held])).rows.map((r: { id: string }) => r.id);
  if (!payments.length) return 0;
  await trx.raw(
    `INSERT INTO retired_refunds (workshop_id, refunded_cents)
     SELECT NULL, sum(cents) FROM (SELECT f.amount_cents AS cents FROM refunds f JOIN payments p ON p.provider = f.provider AND p.payment_id = f.payment_id WHERE p.id = ANY (?::uuid[]) AND f.status = 'succeeded'
                                   UNION ALL SELECT refunded_outside_cents FROM payments WHERE id = ANY (?::uuid[])) x HAVING sum(cents) > 0`,
    [payments, payments],
  );
  await forget(trx, 'SELECT provider, payment_id, order_id FROM payments WHERE id = ANY (?::uuid[])', [payments]);
  await trx.raw('DELETE FROM refunds f USING payments p WHERE p.id = ANY (?::uuid[]) AND p.provider = f.provider AND p.payment_id = f.payment_id', [payments]);
  return count(await trx.raw('DELETE FROM payments WHERE id = ANY (?::uuid[])', [payments]));
}

/**
 * What else no booking holds and is past the period: provider messages and the invoices of cleared
 * bookings. Nothing pays out from them (the ledger is the only source of a refund).
 */
export async function deleteUnattributedRecords(trx: Knex.Transaction, years: number): Promise<number> {
  await trx.raw(`SET LOCAL app.payment_records_deletion = 'on'`);
  const events = count(await trx.raw(`DELETE FROM payment_events WHERE id IN (SELECT id FROM payment_events WHERE registration_id IS NULL AND received_at < ${ago(years)} LIMIT 5000 FOR UPDATE SKIP LOCKED)`));
  const old = `SELECT id FROM invoices WHERE registration_id IS NULL AND issued_at < ${ago(years)}`;
  await trx.raw(`DELETE FROM invoices WHERE kind = 'credit_note' AND id IN (${old})`);
  // An invoice a younger credit note still credits stays until the credit note is past the period too.
  const invoices = count(await trx.raw(`DELETE FROM invoices i WHERE i.id IN (${old}) AND NOT EXISTS (SELECT 1 FROM invoices c WHERE c.credits_invoice_id = i.id)`));
  // Cleared bookings keep their records for the figures; their provider ids go, tombstoned first.
  const cleared = `SELECT a.id FROM workshop_registrations_archive a JOIN workshops w ON w.id::text = a.record->>'workshop_id'
                    WHERE w.date < ${ago(years)} AND (a.record->'payment_id' IS NOT NULL OR a.record->'provider_order_id' IS NOT NULL OR a.record->'paid_with_payment_id' IS NOT NULL)
                    LIMIT 2000 FOR NO KEY UPDATE OF a SKIP LOCKED`;
  const ids = (await trx.raw(cleared)).rows.map((r: { id: string }) => r.id);
  await forget(trx, `SELECT record->>'payment_method', coalesce(record->>'payment_id', record->>'paid_with_payment_id'), record->>'provider_order_id'
                       FROM workshop_registrations_archive WHERE id = ANY (?::uuid[]) AND record->>'payment_method' IS NOT NULL`, [ids]);
  const archived = count(await trx.raw(`UPDATE workshop_registrations_archive SET record = record - 'payment_id' - 'provider_order_id' - 'paid_with_payment_id' - 'billing' WHERE id = ANY (?::uuid[])`, [ids]));
  return events + invoices + archived;
}

/** Tombstones (hashes) for the payments and orders of `sql`'s rows: (provider, payment_id, order_id). */
async function forget(trx: Knex.Transaction, sql: string, bindings: Knex.RawBinding[]): Promise<void> {
  await trx.raw(`SET LOCAL app.payment_records_deletion = 'on'`);
  await trx.raw(
    `INSERT INTO forgotten_payments (key_hash)
     SELECT payment_key_hash(provider, 'payment', payment_id) FROM (${sql}) s(provider, payment_id, order_id) WHERE payment_id IS NOT NULL
     UNION SELECT payment_key_hash(provider, 'order', order_id) FROM (${sql}) s(provider, payment_id, order_id) WHERE order_id IS NOT NULL
     ON CONFLICT DO NOTHING`,
    [...bindings, ...bindings],
  );
}
