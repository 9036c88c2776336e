import { formatCents } from '@workshop/shared';
import type { Task } from 'graphile-worker';
import { errorText } from '../../http/error-text';
import { failedRefundsAt, type PaymentProvider, type ProviderRefund, RefundExceedsRemaining, type RefundRequest, RefundOutcomeUnknown } from '../payment-provider';
import type { PaymentsContext } from '../payments.context';
import { ClaimLost, type ClaimedRefund, claimRefund, holdClaim, OUTCOME_UNKNOWN_MINUTES, REFUND_LEASE_SECONDS, releaseClaim } from './refund.claim';
import { attributeHandRefunds } from './hand-refunds';
import { refundGaveUp, refundSucceeded } from './refund.outcomes';
import { REFUND_MAX_ATTEMPTS, refundBackoffSeconds, type RefundRow, scheduleRefundJob } from './refund.queue';

const NOTES: Record<RefundRow['reason'], string> = {
  workshop_full: 'The workshop filled up before your payment arrived: full refund.',
  workshop_cancelled: 'The workshop was cancelled before your payment arrived: full refund.',
  promo_used_up: 'The promo code of a checkout you had cancelled was used up when your payment arrived: full refund.',
  already_booked: 'A seat of this order was already taken by the same person in another booking: full refund.',
  replaced: 'A payment for a checkout you had replaced with a newer one: full refund.',
  duplicate_payment: 'A second payment for a seat already paid: refunded in full.',
  amount_mismatch: 'The amount paid did not match the workshop price: refunded in full.',
  unneeded_payment: 'A payment for a registration already being refunded: refunded in full.',
  unattributed: 'A payment we could not match to a registration: refunded in full.',
  cancellation: 'Your booking was cancelled: refund under the cancellation policy.',
  goodwill: 'A goodwill refund: your booking stays confirmed.',
};

type Made = { providerRefundId: string; creditedCents: number };

/**
 * The call that asks the provider for what is left of a refund. Nothing credited yet, the
 * request's key is the refund's own id (as every release has sent it); otherwise it names the
 * amount too, so a request for less (hand money took part of it) is never answered with an
 * earlier request's result. One place, so a retry always sends what an earlier attempt sent.
 */
export function refundRequest(r: Pick<RefundRow, 'id' | 'payment_id' | 'currency' | 'reason' | 'amount_cents'>, creditedCents: number): RefundRequest {
  const amountCents = r.amount_cents - creditedCents;
  return { paymentId: r.payment_id, amountCents, currency: r.currency, idempotencyKey: r.id, requestId: creditedCents ? `${r.id}:${amountCents}` : r.id, note: NOTES[r.reason] };
}

/** What the provider has made of this payment: nothing when the ledger knows no order for it. */
/** The provider could not say which refunds of the payment it has made: nothing about what is owed can be told. */
class RefundsNotSeen extends Error {}

async function refundsAtProvider(ctx: PaymentsContext, provider: PaymentProvider, r: ClaimedRefund): Promise<ProviderRefund[] | undefined> {
  const orderId: string | null | undefined = (await ctx.db('payments').where({ provider: r.provider, payment_id: r.payment_id }).first('order_id'))?.order_id;
  if (!orderId) return undefined;
  try {
    return await provider.listRefunds({ orderId, paymentId: r.payment_id });
  } catch (err) {
    throw new RefundsNotSeen(`could not list the payment's refunds at the provider: ${errorText(err)}`);
  }
}

/** The payment's refunds at the provider, and those of them it reports failed (sent back by the bank). */
async function seenAtProvider(ctx: PaymentsContext, provider: PaymentProvider, r: ClaimedRefund): Promise<{ made: ProviderRefund[]; failed: string[] } | undefined> {
  const made = await refundsAtProvider(ctx, provider, r);
  if (!made) return undefined;
  try {
    return { made, failed: await failedRefundsAt(provider, r.payment_id) };
  } catch (err) {
    throw new RefundsNotSeen(`could not list the payment's failed refunds at the provider: ${errorText(err)}`);
  }
}

/**
 * What of this refund was already given back by hand at the provider (see hand-refunds.ts),
 * looked at afresh just before asking: answers the refund's credit now, and the refund of ours
 * the provider already made under this refund's key, if it did (a runner that died after its
 * call, an answer lost): that one is recorded, never asked for again.
 */
async function creditNow(ctx: PaymentsContext, provider: PaymentProvider, r: ClaimedRefund): Promise<{ credited: number; landed?: ProviderRefund }> {
  const seen = await seenAtProvider(ctx, provider, r);
  if (seen) await ctx.db.transaction((trx) => attributeHandRefunds(trx, r.provider, r.payment_id, seen.made, r.id, ctx.sender, seen.failed));
  const credited: number = (await ctx.db('refunds').where({ id: r.id }).first('credited_cents')).credited_cents;
  return { credited, landed: seen?.made.find((f) => f.key === r.id) };
}

/**
 * Makes the refund once. When an earlier call's answer was lost: a provider whose refunds are
 * idempotent is simply asked again with the same key and amount (refused because it no longer
 * fits, the lost call never landed and never will: hand money took the room, and it is counted
 * below); another is looked for by its key (found, recorded; not found while that call may still
 * land, OUTCOME_UNKNOWN_MINUTES, nothing asked; not found after that, the call never landed).
 * Otherwise what was already given back by hand counts, and only the rest is asked for.
 */
async function makeOnce(ctx: PaymentsContext, provider: PaymentProvider, r: ClaimedRefund): Promise<Made> {
  if (r.outcome_unknown_at && provider.refundsIdempotent) {
    // Hand money credited it in full meanwhile (only once its lost call could no longer land): nothing is left to ask for.
    if (r.credited_cents >= r.amount_cents) return { providerRefundId: 'given-back-by-hand', creditedCents: r.credited_cents };
    // Made already, perhaps under a request key an earlier release sent: its identity at the provider says so.
    const landed = (await refundsAtProvider(ctx, provider, r))?.find((f) => f.key === r.id);
    if (landed) return { providerRefundId: landed.id, creditedCents: r.credited_cents };
    try {
      await holdClaim(ctx.db, r);
      const { refundId } = await provider.refund(refundRequest(r, r.credited_cents));
      return { providerRefundId: refundId, creditedCents: r.credited_cents };
    } catch (err) {
      if (!(err instanceof RefundExceedsRemaining)) throw err;
      await ctx.db('refunds').where({ id: r.id, claim_id: r.claim_id }).update({ outcome_unknown_at: null });
    }
  }
  if (r.outcome_unknown_at && provider.findRefund) {
    const found = await provider.findRefund(r.payment_id, r.id).catch((err: unknown) => {
      // Unanswered, the lost call may have landed: as blind as a refund list that does not answer.
      throw new RefundsNotSeen(`could not look for an earlier call's refund at the provider: ${errorText(err)}`);
    });
    if (found) return { providerRefundId: found.refundId, creditedCents: found.amountCents === undefined ? r.credited_cents : Math.max(0, r.amount_cents - found.amountCents) };
    if (r.may_still_land) throw new Error(`An earlier refund call's answer was lost; it is looked for, not made again, until ${OUTCOME_UNKNOWN_MINUTES} minutes after it`);
    await ctx.db('refunds').where({ id: r.id, claim_id: r.claim_id }).update({ outcome_unknown_at: null });
  }
  const { credited, landed } = await creditNow(ctx, provider, { ...r, outcome_unknown_at: null });
  if (landed) return { providerRefundId: landed.id, creditedCents: credited };
  if (credited >= r.amount_cents) return { providerRefundId: 'given-back-by-hand', creditedCents: credited };
  await holdClaim(ctx.db, r);
  const { refundId } = await provider.refund(refundRequest(r, credited));
  return { providerRefundId: refundId, creditedCents: credited };
}

/**
 * Hand money seen while this refund's call was in flight was left for the next look (it could
 * have been this refund's own money had the call been refused). The call landed: that look is
 * now, so the ledger says what was given back by hand even if no other message about the payment
 * ever comes. A provider that does not answer leaves it to the next event of the payment.
 */
async function lookAgainAfter(ctx: PaymentsContext, provider: PaymentProvider, r: ClaimedRefund): Promise<void> {
  try {
    const seen = await seenAtProvider(ctx, provider, r);
    if (seen) await ctx.db.transaction((trx) => attributeHandRefunds(trx, r.provider, r.payment_id, seen.made, undefined, ctx.sender, seen.failed));
  } catch (err) {
    ctx.logger.warn({ err: errorText(err), refundId: r.id, paymentId: r.payment_id }, 'could not look for refunds made by hand after a refund went through');
  }
}

/** An attempt of this refund had its answer lost less than OUTCOME_UNKNOWN_MINUTES ago (database clock). */
async function callMayStillLand(ctx: PaymentsContext, refundId: string): Promise<boolean> {
  const r = await ctx.db.raw(`SELECT coalesce(outcome_unknown_at > now() - make_interval(mins => ?), false) AS may FROM refunds WHERE id = ?`, [OUTCOME_UNKNOWN_MINUTES, refundId]);
  return Boolean(r.rows[0]?.may);
}

/** While another runner holds a refund, a waiting one looks again this often (the holder's lease is five minutes). */
const BUSY_RECHECK_SECONDS = 30;

/**
 * One queued refund: claimed in the database first, so only one runner at a time asks the
 * provider; then made through the provider interface with the refund's own key, so a retry
 * after a lost answer cannot refund twice. The refund row keeps the retries, not the job: a
 * failed attempt schedules the next wake-up with backoff, the last one marks the refund failed
 * and alerts the admin address, and a runner that finds the refund claimed (an admin's retry
 * beside the automatic run, another instance) schedules a wake-up for later, so that whoever
 * holds it, someone always comes back while it is owed. Attempts are kept across an admin's retry.
 */
export function refundTask(ctx: PaymentsContext): Task {
  return async (payload) => {
    const refundId = (payload as { refund_id?: string })?.refund_id;
    if (!refundId) return;
    const r = await claimRefund(ctx.db, refundId);
    if (!r) {
      const row: RefundRow | undefined = await ctx.db('refunds').where({ id: refundId }).first();
      // Done, or given up (an admin's retry queues it again).
      if (row?.status !== 'queued') return;
      ctx.logger.info({ refundId }, 'another runner is making this refund now; looking again later');
      return scheduleRefundJob(ctx.db, refundId, Math.min(BUSY_RECHECK_SECONDS, REFUND_LEASE_SECONDS));
    }
    try {
      const provider = ctx.providers[r.provider];
      if (!provider) throw new Error(`${r.provider} is not enabled on this server, so its refunds cannot be made`);
      const made = await makeOnce(ctx, provider, r);
      await refundSucceeded(ctx, r, made);
      ctx.logger.info({ refundId: r.id, paymentId: r.payment_id, amount: formatCents(r.amount_cents) }, 'refund went through');
      await lookAgainAfter(ctx, provider, r);
    } catch (err) {
      if (err instanceof ClaimLost) {
        // Nothing was asked: whoever holds the refund now makes it; if nobody took it, a run comes back at once.
        ctx.logger.warn({ refundId: r.id }, 'refund runner outlived its claim while it waited; it leaves the refund to the next run');
        return scheduleRefundJob(ctx.db, r.id, 0);
      }
      const error = errorText(err);
      await releaseClaim(ctx.db, r, error, err instanceof RefundOutcomeUnknown);
      if (r.attempts >= REFUND_MAX_ATTEMPTS) {
        // A call whose answer was lost may still be made at the provider: told to refund by hand now, an
        // admin would give the money back twice. It is looked for again once that call can no longer land.
        if (await callMayStillLand(ctx, r.id)) {
          ctx.logger.warn({ err: error, refundId: r.id, attempts: r.attempts }, 'last refund attempt: its answer was lost, so it is looked for again before anyone is told');
          await scheduleRefundJob(ctx.db, r.id, OUTCOME_UNKNOWN_MINUTES * 60 + 60);
          return;
        }
        // Nor while the provider cannot say which refunds it made: an admin told to refund by hand the
        // amount owed could be giving back again what was already given back by hand. It keeps trying,
        // at its longest backoff, until the provider answers (a refund owed this long is on /metrics).
        if (err instanceof RefundsNotSeen) {
          ctx.logger.warn({ err: error, refundId: r.id, attempts: r.attempts }, 'last refund attempt could not see the payment\'s refunds; asked again later before anyone is told');
          await scheduleRefundJob(ctx.db, r.id, refundBackoffSeconds(r.attempts));
          return;
        }
        ctx.logger.error({ err, refundId: r.id, attempts: r.attempts }, 'refund failed for the last time: the admins are told');
        await refundGaveUp(ctx, r, r.attempts, error);
        return;
      }
      ctx.logger.warn({ err: error, refundId: r.id, attempt: r.attempts }, 'refund failed; will retry');
      await scheduleRefundJob(ctx.db, r.id, refundBackoffSeconds(r.attempts));
    }
  };
}
