import type { Knex } from 'knex';
import { isErasedAddress } from '../email/erased-address';
import { seatedElsewhere } from '../registrations/attendees.queries';
import { REASONS } from '../registrations/registration-status';
import { transition } from '../registrations/registration-transition';
import { lockWorkshopThenRegistration } from '../workshops/seats.queries';
import { promoUseLeft } from './promo-use';
import type { PaymentsContext, RegistrationRow } from './payments.context';
import { CAPTURE_HOLD_SECONDS, markFailed, seatFor } from './registration-outcomes';

export type Claim = 'ok' | 'completed' | 'refunding' | 'cancelled' | 'no_seat' | 'promo_used_up' | 'already_booked';

/**
 * Before taking money, make sure it buys a seat: a holding row keeps its seat for the capture,
 * a row whose hold is gone gets one again if one is free. Money we would only refund is not taken.
 */
export async function claimSeatForCapture(ctx: PaymentsContext, registrationId: string): Promise<Claim> {
  return ctx.db.transaction(async (trx: Knex.Transaction) => {
    const locked = await lockWorkshopThenRegistration<RegistrationRow & { cancelled_at: Date | null; released_by_buyer_at: Date | null }>(trx, registrationId);
    if (!locked) throw new Error(`registration ${registrationId} not found`);
    const reg = locked.registration;
    if (reg.status === 'completed') return 'completed';
    if (reg.status !== 'pending' && reg.status !== 'failed') return reg.cancelled_at ? 'cancelled' : 'refunding';
    // A checkout this buyer let go (replaced, cancelled) and then booked with another (a retry they paid, a promo code that
    // made it free): its approval is never captured for a second seat they gave up. Money already taken is another matter (applyCapturedPayment).
    // Refused once because its people were booked: final, so the buyer told "not taken" is never charged later
    // (a reconcile pass or a return link after that other booking ended, moved or was cancelled).
    if (reg.status === 'failed' && reg.status_reason === REASONS.alreadyBookedNotCharged) return 'already_booked';
    if (reg.status === 'failed' && reg.released_by_buyer_at && (await bookedSince(trx, reg))) {
      await refuse(trx, reg, REASONS.alreadyBookedNotCharged, false);
      return 'already_booked';
    }
    // Its person's data was erased since it failed: an approval is never taken for a seat nobody can be told of.
    if (reg.status === 'failed' && isErasedAddress(reg.email)) return 'no_seat';
    if (!(await promoUseLeft(trx, locked.registration))) {
      await refuse(trx, reg, REASONS.promoNotCharged, true);
      return 'promo_used_up';
    }
    // One seat per person: someone of this order got a seat meanwhile from another booking; their money is not taken for a second.
    if ((await seatedElsewhere(trx, reg.id, locked.workshop.id)).length > 0) {
      await refuse(trx, reg, REASONS.alreadyBookedNotCharged, false);
      return 'already_booked';
    }
    const hold = trx.raw(`greatest(coalesce(hold_expires_at, now()), now() + make_interval(secs => ?))`, [CAPTURE_HOLD_SECONDS]);
    if (await seatFor(trx, locked)) {
      if (reg.status === 'failed') await transition(trx, reg.id, ['failed'], 'pending', { hold_expires_at: hold, status_reason: null });
      else await trx('workshop_registrations').where({ id: reg.id }).update({ hold_expires_at: hold, updated_at: trx.fn.now() });
      return 'ok';
    }
    // Nobody is asked to come back to a checkout of a workshop that was called off.
    const off = locked.workshop.cancelled;
    if (reg.status === 'pending') await markFailed(trx, reg.id, off ? REASONS.cancelledNotCharged : REASONS.fullNotCharged, { revive: !off });
    return 'no_seat';
  });
}

/** An approval not taken, and why: a holding row lets its seat go; one already failed keeps failing, with this reason. */
async function refuse(trx: Knex.Transaction, reg: Pick<RegistrationRow, 'id' | 'status'>, reason: string, revive: boolean): Promise<void> {
  if (reg.status === 'pending') await markFailed(trx, reg.id, reason, { revive });
  else await trx('workshop_registrations').where({ id: reg.id, status: 'failed' }).update({ status_reason: reason, updated_at: trx.fn.now() });
}

/** Whether the same buyer (email, or browser) has a booking in this workshop made after this checkout started. */
async function bookedSince(trx: Knex.Transaction, reg: RegistrationRow & { browser_id?: string | null }): Promise<boolean> {
  return Boolean(
    await trx('workshop_registrations')
      .where({ workshop_id: reg.workshop_id, status: 'completed' })
      .where((q) => {
        q.whereRaw('lower(email) = lower(?)', [reg.email]);
        if (reg.browser_id) q.orWhere('browser_id', reg.browser_id);
      })
      .where('created_at', '>', reg.created_at)
      .first('id'),
  );
}
