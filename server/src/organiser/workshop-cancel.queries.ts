import { WORKSHOP_CANCEL_MESSAGES, type WorkshopCancellation } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { NotFoundError } from '../http/errors';

/** status_reason of a booking the organiser's cancellation ended (payments' CancelledBy). */
export const BY_ORGANISER = 'cancelled_by_organiser';

type Row = { provider: 'paypal' | 'razorpay' | 'offline' | null; bookings: number; seats: number; refund_cents: number; free: number; refunded: number };

/**
 * What calling the workshop off covers, in one statement: before, every completed booking and what
 * goes back for it (as the cancel decides it: the price of the seats it still holds less hand money
 * no decision counted yet, never more than its payment keeps or than it paid less its refunds); after, those bookings again, each either still
 * waiting for its turn (still completed) or ended by the organiser (what was decided for it since).
 */
async function coveredBookings(db: Db | Knex.Transaction, workshopId: string, cancelledAt: Date | null): Promise<Row[]> {
  const r = await db.raw(
    `WITH covered AS (
       SELECT r.id, r.status, r.seats, r.unit_amount, r.amount, r.payment_method, r.by_hand_payment, r.by_hand_refunded_cents,
              coalesce(r.payment_id, r.paid_with_payment_id) AS paid_with
         FROM workshop_registrations r
        WHERE r.workshop_id = :w AND (r.status = 'completed' OR (:after AND r.status_reason = :by))
     ), owed AS (
       SELECT c.*,
              CASE
                -- Paid outside the site: all of it goes back by hand (what an admin recorded, after).
                WHEN c.by_hand_payment = 'offline' THEN CASE WHEN c.status = 'completed' THEN c.amount - c.by_hand_refunded_cents ELSE c.by_hand_refunded_cents END
                WHEN c.paid_with IS NULL THEN 0
                WHEN c.status = 'completed' THEN greatest(0, least(
                  c.unit_amount * c.seats - coalesce(p.refunded_outside_cents - p.outside_counted_cents, 0),
                  coalesce(p.kept_cents, c.amount),
                  c.amount - coalesce((SELECT sum(f.amount_cents) FROM refunds f WHERE f.registration_id = c.id AND f.payment_id = c.paid_with), 0)))
                ELSE coalesce((SELECT sum(f.amount_cents) FROM refunds f WHERE f.registration_id = c.id AND f.created_at >= :since), 0)
              END AS refund_cents
         FROM covered c
         LEFT JOIN payments p ON p.provider = c.payment_method AND p.payment_id = c.paid_with
     )
     SELECT CASE WHEN by_hand_payment = 'offline' THEN 'offline' WHEN paid_with IS NULL THEN NULL ELSE payment_method END AS provider,
            count(*)::int AS bookings,
            coalesce(sum(CASE WHEN status = 'completed' THEN seats
                              ELSE (SELECT count(*) FROM attendees a WHERE a.registration_id = owed.id AND a.cancelled_at >= :since) END), 0)::int AS seats,
            coalesce(sum(refund_cents), 0)::int AS refund_cents,
            count(*) FILTER (WHERE paid_with IS NULL AND by_hand_payment IS DISTINCT FROM 'offline')::int AS free,
            count(*) FILTER (WHERE status IN ('refunded', 'cancelled'))::int AS refunded
       FROM owed
      GROUP BY 1`,
    { w: workshopId, after: cancelledAt !== null, by: BY_ORGANISER, since: cancelledAt ?? new Date(0) },
  );
  return r.rows;
}

/** Bookings paid outside the site: what the organiser gives back by hand (no provider holds it). */
const byHand = (r: Row | undefined) => ({ bookings: Number(r?.bookings ?? 0), refund_cents: Number(r?.refund_cents ?? 0) });

/** The preview before a cancellation, or how far it got after (POST /api/admin/workshops/:id/cancel). */
export async function cancellationSummary(db: Db | Knex.Transaction, workshopId: string): Promise<WorkshopCancellation> {
  const w = await db('workshops').where({ id: workshopId }).first('id', 'title', 'status', 'cancelled_at', 'cancel_reason');
  if (!w) throw new NotFoundError(WORKSHOP_CANCEL_MESSAGES.notFound);
  const cancelledAt: Date | null = w.status === 'cancelled' ? new Date(w.cancelled_at) : null;
  const rows = await coveredBookings(db, workshopId, cancelledAt);
  const sum = (k: keyof Row) => rows.reduce((n, r) => n + Number(r[k]), 0);
  const holds = cancelledAt
    ? db('workshop_registrations').where({ workshop_id: workshopId, status_reason: 'workshop_cancelled' })
    : db('workshop_registrations').where({ workshop_id: workshopId, status: 'pending' }).whereRaw('hold_expires_at > now()');
  const line = db('waitlist_entries')
    .where({ workshop_id: workshopId })
    .whereIn('status', cancelledAt ? ['cancelled'] : ['waiting', 'offered', 'expired']);
  const [openHolds, waitlisted] = await Promise.all([holds.count<{ n: string }[]>('* as n').first(), line.count<{ n: string }[]>('* as n').first()]);
  const bookings = sum('bookings');
  return {
    workshop_id: w.id,
    title: w.title,
    cancelled: cancelledAt !== null,
    cancelled_at: cancelledAt?.toISOString() ?? null,
    reason: w.cancel_reason ?? null,
    bookings,
    seats: sum('seats'),
    refund_cents: sum('refund_cents'),
    providers: rows
      .filter((r): r is Row & { provider: 'paypal' | 'razorpay' } => r.provider === 'paypal' || r.provider === 'razorpay')
      .map((r) => ({ provider: r.provider, bookings: Number(r.bookings), refund_cents: Number(r.refund_cents) }))
      .sort((a, b) => a.provider.localeCompare(b.provider)),
    free_bookings: sum('free'),
    by_hand: byHand(rows.find((r) => r.provider === 'offline')),
    open_holds: Number(openHolds?.n ?? 0),
    waitlisted: Number(waitlisted?.n ?? 0),
    refunded: cancelledAt ? sum('refunded') : 0,
    pending: cancelledAt ? bookings - sum('refunded') : 0,
  };
}
