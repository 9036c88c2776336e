import type { PaymentMethod } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { queueCompletedEmails, queueRefundEmails, type EmailSender } from '../email/email.queue';
import { notifyRegistrationCompleted } from '../events/registration-events';
import { countTakenSeats } from '../registrations/seat-hold.service';
import { readSetting } from '../settings/settings.queries';
import { queueRefund, type RefundJob } from './refund-queue';
import { capacity } from '../workshops/workshops.queries';

/** status_reason values, read by admins in the registrations list. */
export const REASONS = {
  cancelled: 'cancelled',
  declined: 'declined',
  amountMismatch: 'amount_mismatch',
  holdExpired: 'hold_expired',
  providerError: 'provider_error',
  workshopFull: 'workshop_full_refunded',
  /** Verified money with no seat for it: its refund is queued, and the row becomes `refunded` when it went through. */
  refundPending: 'refund_pending',
} as const;

export interface RegistrationRow {
  id: string;
  name: string;
  email: string;
  workshop_id: string;
  access_id: string;
  amount: number;
  currency: string;
  payment_id: string | null;
  provider_order_id: string | null;
  payment_method: PaymentMethod | null;
  status: 'pending' | 'completed' | 'failed' | 'refunded';
  status_reason: string | null;
  hold_expires_at: Date | null;
}

export type Completion =
  /** It is completed now, or already was (with this payment, or another one whose extra is being refunded). */
  | { kind: 'completed'; registration: RegistrationRow; fresh: boolean }
  /** No seat for this money: it is refunded (or its refund is queued). */
  | { kind: 'refunded'; registration: RegistrationRow };

export async function findByOrder(db: Db, method: PaymentMethod, orderId: string): Promise<RegistrationRow | undefined> {
  return db('workshop_registrations').where({ payment_method: method, provider_order_id: orderId }).first();
}

/** Seat check for a payment whose hold is gone: the workshop row is locked, as holdSeat does. */
async function seatStillFree(trx: Knex.Transaction, workshopId: string): Promise<boolean> {
  const w = await trx('workshops').where({ id: workshopId }).forUpdate().first('max_participants', 'date');
  if (!w || new Date(w.date) <= new Date()) return false;
  const cap = capacity(w.max_participants, await readSetting(trx, 'registration_limit'));
  return cap === null || (await countTakenSeats(trx, workshopId)) < cap;
}

/** Its money is on its way back: a replay must not complete it, even if a seat has freed up. */
export const isRefundPending = (reg: Pick<RegistrationRow, 'status' | 'status_reason'>) => reg.status === 'failed' && reg.status_reason === REASONS.refundPending;

/**
 * The row now says its money is going back, and the refund job is queued in the same
 * transaction. It never completes after this, even if a seat frees up later: the refund may
 * already be under way.
 */
async function oweRefund(trx: Knex.Transaction, reg: RegistrationRow, job: RefundJob, reason: string): Promise<void> {
  await trx('workshop_registrations')
    .where({ id: reg.id })
    .whereIn('status', ['pending', 'failed'])
    .update({ status: 'failed', status_reason: reason, payment_id: job.paymentId, payment_method: job.provider, updated_at: trx.fn.now() });
  if (job.reason === 'workshop_full') await trx('revive').where({ registration_id: reg.id, source: 'abandoned_checkout' }).delete();
  await queueRefund(trx, job);
}

/**
 * The one way a registration becomes `completed`: called only after the server itself has
 * verified the money with the provider. Idempotent per payment. A payment whose hold
 * expired still gets the seat if one is free; otherwise, and for a second payment of a seat
 * already paid for, the money is queued for refund in the same transaction.
 */
export async function completeVerifiedPayment(
  db: Db,
  input: { registrationId: string; method: PaymentMethod; paymentId: string },
  sender: EmailSender,
): Promise<Completion> {
  return db.transaction(async (trx) => {
    const reg: RegistrationRow | undefined = await trx('workshop_registrations').where({ id: input.registrationId }).forUpdate().first();
    if (!reg) throw new Error(`registration ${input.registrationId} not found`);
    const job = { provider: input.method, paymentId: input.paymentId, registrationId: reg.id } as const;
    if (reg.status === 'refunded' || isRefundPending(reg)) {
      // Another payment on a registration whose money is already going back goes back too.
      if (reg.payment_id !== input.paymentId) await queueRefund(trx, { ...job, reason: 'unneeded_payment' });
      return { kind: 'refunded', registration: reg };
    }
    if (reg.status === 'completed') {
      if (reg.payment_id !== input.paymentId) await queueRefund(trx, { ...job, reason: 'duplicate_payment' });
      return { kind: 'completed', registration: reg, fresh: false };
    }
    const holding = reg.status === 'pending' && reg.hold_expires_at !== null && new Date(reg.hold_expires_at) > new Date();
    if (!holding && !(await seatStillFree(trx, reg.workshop_id))) {
      await oweRefund(trx, reg, { ...job, reason: 'workshop_full' }, REASONS.refundPending);
      return { kind: 'refunded', registration: reg };
    }

    const [done] = await trx('workshop_registrations')
      .where({ id: reg.id })
      .update({ status: 'completed', payment_id: input.paymentId, payment_method: input.method, status_reason: null, completed_at: trx.fn.now(), updated_at: trx.fn.now() })
      .returning('*');
    // A late payment revives nobody: it is no longer an abandoned checkout.
    await trx('revive').where({ registration_id: reg.id, source: 'abandoned_checkout' }).delete();
    await notifyRegistrationCompleted(trx, reg.id);
    await queueCompletedEmails(trx, reg.id, sender);
    return { kind: 'completed', registration: done, fresh: true };
  });
}

/**
 * Verified money for the wrong amount or currency: never accepted, always given back. The row
 * says why (unless it is completed with another payment) and the refund is queued with it.
 */
export async function refundMismatchedPayment(db: Db, input: { registrationId: string; method: PaymentMethod; paymentId: string }): Promise<void> {
  await db.transaction(async (trx) => {
    const reg: RegistrationRow | undefined = await trx('workshop_registrations').where({ id: input.registrationId }).forUpdate().first();
    if (!reg) throw new Error(`registration ${input.registrationId} not found`);
    const job = { provider: input.method, paymentId: input.paymentId, registrationId: reg.id, reason: 'amount_mismatch' } as const;
    if (reg.status === 'completed' || reg.status === 'refunded' || isRefundPending(reg)) await queueRefund(trx, job);
    else await oweRefund(trx, reg, job, REASONS.amountMismatch);
  });
}

/** After the provider confirmed the refund: the registration records it, the buyer and admins are told. */
export async function markRefunded(db: Db, registrationId: string, paymentId: string, sender: EmailSender): Promise<void> {
  await db.transaction(async (trx) => {
    const reg = await trx('workshop_registrations').where({ id: registrationId }).forUpdate().first('status');
    if (!reg || reg.status === 'refunded' || reg.status === 'completed') return;
    await trx('workshop_registrations')
      .where({ id: registrationId })
      .update({ status: 'refunded', payment_id: paymentId, status_reason: REASONS.workshopFull, updated_at: trx.fn.now() });
    await trx('revive').where({ registration_id: registrationId, source: 'abandoned_checkout' }).delete();
    await queueRefundEmails(trx, registrationId, sender);
  });
}

/**
 * Ends a checkout that brought no money: frees the seat (only pending rows change, so a
 * completed payment is never undone) and, for abandoned ones, lands the person in revive.
 */
export async function markFailed(db: Db, registrationId: string, reason: string, opts: { revive: boolean }): Promise<boolean> {
  return db.transaction(async (trx) => {
    const changed = await trx('workshop_registrations')
      .where({ id: registrationId, status: 'pending' })
      .update({ status: 'failed', status_reason: reason, updated_at: trx.fn.now() })
      .returning(['id', 'name', 'email']);
    if (!changed.length) return false;
    if (opts.revive) {
      const r = changed[0];
      await trx.raw(
        `INSERT INTO revive (name, email, source, registration_id) VALUES (?, ?, 'abandoned_checkout', ?) ON CONFLICT (registration_id) DO NOTHING`,
        [r.name, r.email, r.id],
      );
    }
    return true;
  });
}
