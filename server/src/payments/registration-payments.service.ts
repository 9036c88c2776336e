import type { PaymentMethod } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { queueCompletedEmails, queueRefundEmails, type EmailSender } from '../email/email.queue';
import { notifyRegistrationCompleted } from '../events/registration-events';
import { countTakenSeats } from '../registrations/seat-hold.service';
import { readSetting } from '../settings/settings.queries';
import { capacity } from '../workshops/workshops.queries';

/** status_reason values, read by admins in the registrations list. */
export const REASONS = {
  cancelled: 'cancelled',
  declined: 'declined',
  amountMismatch: 'amount_mismatch',
  holdExpired: 'hold_expired',
  providerError: 'provider_error',
  workshopFull: 'workshop_full_refunded',
  /** Verified money with no seat for it, whose refund the provider has not accepted yet (it is retried). */
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
  /** It is completed now, or already was with this very payment. */
  | { kind: 'completed'; registration: RegistrationRow; fresh: boolean }
  /** Verified money with no seat for it (late payment on a full workshop, or a second payment): refund it. */
  | { kind: 'refund'; registration: RegistrationRow; alreadyCompleted: boolean }
  /** Already refunded: nothing more to do. */
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

/**
 * The one way a registration becomes `completed`: called only after the server itself has
 * verified the money with the provider. Idempotent per payment. A payment whose hold
 * expired still gets the seat if one is free; otherwise the caller refunds it.
 */
export async function completeVerifiedPayment(
  db: Db,
  input: { registrationId: string; method: PaymentMethod; paymentId: string },
  sender: EmailSender,
): Promise<Completion> {
  return db.transaction(async (trx) => {
    const reg: RegistrationRow | undefined = await trx('workshop_registrations').where({ id: input.registrationId }).forUpdate().first();
    if (!reg) throw new Error(`registration ${input.registrationId} not found`);
    if (reg.status === 'refunded') return { kind: 'refunded', registration: reg };
    if (reg.status === 'completed') {
      return reg.payment_id === input.paymentId ? { kind: 'completed', registration: reg, fresh: false } : { kind: 'refund', registration: reg, alreadyCompleted: true };
    }
    const holding = reg.status === 'pending' && reg.hold_expires_at !== null && new Date(reg.hold_expires_at) > new Date();
    if (!holding && !(await seatStillFree(trx, reg.workshop_id))) return { kind: 'refund', registration: reg, alreadyCompleted: false };

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
