import type { PaymentMethod, RegistrationStatus } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { lockPayment } from '../payments/ledger/payment-ledger';
import { STUCK_AFTER_ATTEMPTS } from '../payments/reconcile.job';
import type { RefundRow } from '../payments/refunds/refund.queue';

export interface RegistrationRow {
  id: string;
  name: string;
  email: string;
  access_id: string;
  workshop_title: string;
  status: RegistrationStatus;
  status_reason: string | null;
  amount: number;
  currency: string;
  payment_method: PaymentMethod | null;
  payment_id: string | null;
  provider_order_id: string | null;
  reconcile_attempts: number;
  reconcile_error: string | null;
  /** When the reconciler may claim it: its hold must have run out and its backoff be over. */
  next_check_at: Date | null;
  created_at: Date;
}

export interface EventRow {
  id: string;
  provider: string;
  event_id: string;
  event_type: string;
  registration_id: string | null;
  payload: unknown;
  outcome: string | null;
  received_at: Date;
  processed_at: Date | null;
}

/** A refund with no error yet is the worker's business; one that errored or gave up is the admins'. */
const FAILING = `(f.status = 'failed' OR (f.status = 'queued' AND f.attempts >= 1 AND f.last_error IS NOT NULL))`;

/** Refunds that failed, are failing, or give back money nobody registered for. */
export function refundsNeedingAttention(db: Db): Promise<(RefundRow & { failing: boolean })[]> {
  return db('refunds as f')
    .select('f.*', db.raw(`${FAILING} AS failing`))
    .whereRaw(FAILING)
    .orWhere((q) => q.where('f.reason', 'unattributed').whereNot('f.status', 'succeeded'));
}

/** The refunds still open for these registrations (an amount mismatch's refund, say). */
export function openRefundsOf(db: Db, registrationIds: string[]): Promise<RefundRow[]> {
  if (!registrationIds.length) return Promise.resolve([]);
  return db('refunds').whereIn('registration_id', registrationIds).whereNot('status', 'succeeded').orderBy('created_at');
}

function registrations(db: Db | Knex.Transaction): Knex.QueryBuilder {
  return db('workshop_registrations as r')
    .join('workshops as w', 'w.id', 'r.workshop_id')
    .select(
      'r.id',
      'r.name',
      'r.email',
      'r.access_id',
      'w.title as workshop_title',
      'r.status',
      'r.status_reason',
      'r.amount',
      'r.currency',
      'r.payment_method',
      'r.payment_id',
      'r.provider_order_id',
      'r.reconcile_attempts',
      'r.reconcile_error',
      db.raw(`CASE WHEN r.status = 'pending' THEN greatest(r.hold_expires_at, coalesce(r.reconcile_after, r.hold_expires_at)) END AS next_check_at`),
      'r.created_at',
    );
}

/** Checkouts PayPal has not finished capturing or the reconciler cannot settle, and wrong amounts awaiting their refund. */
export function registrationsNeedingAttention(db: Db): Promise<RegistrationRow[]> {
  return registrations(db)
    .where((q) =>
      q
        .where('r.status', 'pending')
        .andWhere((p) => p.where('r.status_reason', 'capture_pending').orWhere('r.reconcile_attempts', '>=', STUCK_AFTER_ATTEMPTS)),
    )
    .orWhere((q) => q.where('r.status', 'refund_pending').andWhere('r.status_reason', 'amount_mismatch'));
}

export function registrationsByIds(db: Db, ids: string[]): Promise<RegistrationRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return registrations(db).whereIn('r.id', ids);
}

/** A payment id inside a JSON text, as a whole string value: `%"PAY-1"%`, LIKE's wildcards escaped. */
const namedIn = (paymentId: string) => `%${JSON.stringify(paymentId).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The payment events of these registrations, and those naming these payments (money that has
 * no registration is only found by its payment id). Oldest first.
 */
export function eventsFor(db: Db, registrationIds: string[], paymentIds: string[]): Promise<EventRow[]> {
  if (!registrationIds.length && !paymentIds.length) return Promise.resolve([]);
  return db('payment_events')
    .select('id', 'provider', 'event_id', 'event_type', 'registration_id', 'payload', 'outcome', 'received_at', 'processed_at')
    .where((q) => {
      if (registrationIds.length) q.orWhereIn('registration_id', registrationIds);
      for (const p of paymentIds) q.orWhere('event_id', `unattributed:${p}`).orWhereRaw('payload::text LIKE ?', [namedIn(p)]);
    })
    .orderBy([{ column: 'received_at' }, { column: 'id' }]);
}

/** Does this event's payload name the payment anywhere, as a whole value? */
export function eventNamesPayment(e: EventRow, paymentId: string): boolean {
  return e.event_id === `unattributed:${paymentId}` || JSON.stringify(e.payload ?? null).includes(JSON.stringify(paymentId));
}

// ---- retries -------------------------------------------------------------------------------

/**
 * Back to queued, keeping its attempts and last error; refunds already made are not touched.
 * Under the payment's ledger lock, as every crediting of hand money: a credit is never decided on
 * a refund seen as failed (and alerted about again) while this retry is about to pay it.
 */
export async function requeueRefund(trx: Knex.Transaction, id: string): Promise<RefundRow | undefined> {
  const payment = await trx('refunds').where({ id }).first('provider', 'payment_id');
  if (payment) await lockPayment(trx, payment.provider, payment.payment_id);
  const [row] = await trx('refunds')
    .where({ id })
    .whereIn('status', ['queued', 'failed'])
    .update({ status: 'queued', updated_at: trx.fn.now() })
    .returning('*');
  return row;
}

/** The next reconcile pass may claim it at once (once its seat hold has run out). */
export async function checkAgainNow(db: Db, id: string): Promise<boolean> {
  const changed = await db('workshop_registrations').where({ id, status: 'pending' }).update({ reconcile_after: db.fn.now(), updated_at: db.fn.now() });
  return changed > 0;
}

export function findRefund(db: Db, id: string): Promise<RefundRow | undefined> {
  return db('refunds').where({ id }).first();
}

export function findRegistrationStatus(db: Db, id: string): Promise<{ status: RegistrationStatus } | undefined> {
  return db('workshop_registrations').where({ id }).first('status');
}
