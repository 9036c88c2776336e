import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { bookingUrl, newBookingToken } from '../registrations/booking-token';
import { queueCompletedEmails } from '../email/email.queue';
import { notifyRegistrationCompleted } from '../events/registration-events';
import { issueAttendeeLinks } from '../registrations/attendee-links';
import { firstLateCheck, transition, tryTransition } from '../registrations/registration-transition';
import { capacity } from '../workshops/workshops.queries';
import { countTakenSeats, type LockedSeat } from '../workshops/seats.queries';
import { hasLiveOffer, markWaitlistBooked } from '../waitlist/waitlist.queries';
import { type CapturedPayment, recordPayment } from './ledger/payment-ledger';
import { checkoutAbandoned, paymentCompleted } from './payments.hooks';
import type { PaymentsContext, RegistrationRow } from './payments.context';

/** How long a seat is held while an approved payment is captured. */
export const CAPTURE_HOLD_SECONDS = 120;

/**
 * Whether this order may have its seats now (all of them, or none); the caller holds the
 * workshop row's lock. A live hold is its own seats unless an admin has since lowered the
 * capacity below what is sold (holds never push sales past capacity); without one, the seats
 * must be free beside every other live hold, and the workshop must not have started.
 */
export async function seatFor(trx: Knex.Transaction, locked: LockedSeat<RegistrationRow>): Promise<boolean> {
  const limit = { enabled: false, max_registrations: 0, ...(locked.workshop.registration_limit ?? {}) };
  const cap = capacity(locked.workshop.max_participants, limit);
  const seats = locked.registration.seats ?? 1;
  // Called off: money that arrives now (a hold's capture, a late payment) all goes back.
  if (locked.workshop.cancelled) return false;
  if (locked.registration.holding) return cap === null || (await countTakenSeats(trx, locked.workshop.id, 'sold')) + seats <= cap;
  if (locked.workshop.started) return false;
  if (cap === null) return true;
  // The checkout of a waitlist offer still live: that offer's seat (counted in `taken`) is its own.
  const own = (await hasLiveOffer(trx, locked.registration.id)) ? 1 : 0;
  return (await countTakenSeats(trx, locked.workshop.id)) - own + seats <= cap;
}

/** `payment` null: a booking a promo code made free, or one an admin added by hand (no money through a provider). The payment's ledger row says it bought the seat. */
export async function completeRegistration(
  ctx: Pick<PaymentsContext, 'sender'>,
  trx: Knex.Transaction,
  reg: Pick<RegistrationRow, 'id'>,
  payment: CapturedPayment | null,
  opts: { byHand?: boolean } = {},
): Promise<void> {
  const link = newBookingToken();
  if (payment) await recordPayment(trx, payment, 'seat');
  const done = await transition<RegistrationRow>(trx, reg.id, ['pending', 'failed'], 'completed', {
    booking_token_hash: link.hash,
    payment_id: payment?.paymentId ?? null,
    status_reason: null,
    completed_at: trx.fn.now(),
    reconcile_after: null,
    reconcile_error: null,
  });
  // A late payment revives nobody: it is no longer an abandoned checkout.
  await trx('revive').where({ registration_id: reg.id, source: 'abandoned_checkout' }).delete();
  await markWaitlistBooked(trx, done);
  await notifyRegistrationCompleted(trx, reg.id);
  await queueCompletedEmails(trx, reg.id, ctx.sender, bookingUrl(ctx.sender.publicBaseUrl, link.token));
  // Each named attendee of a team booking gets their own link and confirmation.
  await issueAttendeeLinks(trx, reg.id, ctx.sender);
  // Recovery marks the sale it won back; reminders are planned (server/src/plugins/domain-hooks.ts).
  await paymentCompleted.emit(trx, { registrationId: reg.id, byHand: opts.byHand ?? false });
}

/**
 * Ends a checkout that brought no money: frees the seat (only pending rows change, so paid
 * money is never undone) and, for abandoned ones, lands the person in revive. A row with a
 * provider order is looked at again later (`reconcile_after`), so money that still arrives is
 * settled even if no webhook ever tells us.
 */
export async function markFailed(
  db: Db | Knex.Transaction,
  registrationId: string,
  reason: string,
  opts: { revive: boolean; onlyIfExpired?: boolean; byBuyer?: boolean },
): Promise<boolean> {
  const run = async (trx: Knex.Transaction) => {
    // The reconciler fails a hold only if it is still expired by the database's clock once locked (a capture may have renewed it).
    if (opts.onlyIfExpired && !(await trx('workshop_registrations').where({ id: registrationId }).whereRaw('hold_expires_at <= now()').forNoKeyUpdate().first('id'))) return false;
    const r = await tryTransition<RegistrationRow>(trx, registrationId, ['pending'], 'failed', {
      status_reason: reason,
      reconcile_attempts: 0,
      reconcile_after: firstLateCheck(trx),
      // The buyer let it go themselves: its promo code's use went back (see promo-use.ts).
      ...(opts.byBuyer ? { released_by_buyer_at: trx.fn.now() } : {}),
    });
    if (!r) return false;
    if (opts.revive) {
      await trx.raw(`INSERT INTO revive (name, email, source, registration_id) VALUES (?, ?, 'abandoned_checkout', ?) ON CONFLICT (registration_id) DO NOTHING`, [r.name, r.email, r.id]);
      await checkoutAbandoned.emit(trx, { registration: r });
    }
    return true;
  };
  return 'isTransaction' in db && db.isTransaction ? run(db as Knex.Transaction) : (db as Db).transaction(run);
}

