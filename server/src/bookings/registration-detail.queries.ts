import { policyRefund, registrationDetailSchema, type RegistrationDetail } from '@workshop/shared';
import type { Db } from '../db/knex';
import { NotFoundError } from '../http/errors';
import { seatsOf } from '../registrations/registrations.queries';
import { readSetting } from '../settings/settings.queries';

export async function registrationOr404(db: Db, id: string) {
  const r = await db('workshop_registrations as r').join('workshops as w', 'w.id', 'r.workshop_id').where('r.id', id).first('r.*', 'w.title as workshop_title', 'w.date as workshop_date');
  if (!r) throw new NotFoundError('Registration not found');
  return r;
}

/** The booking's payment as the ledger holds it (what went back by hand at the provider included), so an admin decides with it in sight. */
async function paymentMoney(db: Db, provider: string | null, paymentId: string | null) {
  if (!provider || !paymentId) return null;
  const row = await db('payments as p')
    .where({ 'p.provider': provider, 'p.payment_id': paymentId })
    .first(
      'p.amount_cents',
      'p.kept_cents',
      'p.refunded_outside_cents',
      db.raw(`(SELECT coalesce(sum(f.amount_cents - f.credited_cents), 0) FROM refunds f WHERE f.provider = p.provider AND f.payment_id = p.payment_id AND f.status = 'succeeded')::int AS sent`),
      db.raw(`(SELECT coalesce(sum(f.credited_cents), 0) FROM refunds f WHERE f.provider = p.provider AND f.payment_id = p.payment_id AND f.status = 'succeeded')::int AS credited`),
    );
  if (!row) return null;
  return { captured_cents: row.amount_cents, kept_cents: row.kept_cents, refunded_cents: row.sent, refunded_by_hand_cents: row.refunded_outside_cents + row.credited };
}

/** Seats moved out of this order into orders of their own (each in another workshop, paid by this order's payment). */
async function seatMovesOf(db: Db, id: string) {
  const rows = await db('workshop_registrations as r')
    .join('workshops as w', 'w.id', 'r.workshop_id')
    .where('r.split_from_registration_id', id)
    .orderBy('r.created_at')
    .select('r.id', 'r.name', 'r.email', 'r.status', 'r.access_id', 'w.title as workshop_title', 'w.date as workshop_date');
  return rows.map((m) => ({ ...m, workshop_date: new Date(m.workshop_date).toISOString() }));
}

/** Every field (no secrets), its seats, its payment timeline, its emails and refunds, what the policy would refund now and the payment's ledger. */
export async function registrationDetail(db: Db, id: string): Promise<RegistrationDetail> {
  const r = await registrationOr404(db, id);
  const [events, emails, refunds, policy] = await Promise.all([
    db('payment_events').where({ registration_id: id }).orderBy('received_at').select('provider', 'event_id', 'event_type', 'outcome', 'received_at', 'processed_at'),
    db('email_messages').where({ registration_id: id }).orderBy('created_at').select('id', 'kind', 'to_email', 'subject', 'status', 'attempts', 'last_error', 'provider_message_id', 'created_at', 'sent_at', 'bounced_at', 'bounce_reason', 'delivery', 'delivery_at'),
    db('refunds').where({ registration_id: id }).orderBy('created_at').select('id', 'payment_id', 'amount_cents', 'currency', 'reason', 'status', 'attempts', 'last_error', 'created_at', 'completed_at'),
    readSetting(db, 'refund_policy'),
  ]);
  // Per seat, times the seats it still holds: what the buyer's own cancel would give, and a seat's share is exact.
  const seat = r.status === 'completed' ? policyRefund({ amountCents: r.unit_amount, startsAt: new Date(r.workshop_date), now: new Date(), policy }) : null;
  const suggestion = seat && { band: seat.band, refundCents: seat.refundCents * r.seats, feeCents: seat.feeCents * r.seats };
  const { booking_token_hash: _secret, client_ip: _ip, browser_id: _browser, ...fields } = r;
  const body = {
    registration: { ...fields, attendees: (await seatsOf(db, [id])).get(id) ?? [] },
    payment_events: events,
    emails,
    refunds,
    policy_refund: suggestion && { band: suggestion.band, refund_cents: suggestion.refundCents, fee_cents: suggestion.feeCents },
    money: await paymentMoney(db, r.payment_method, r.payment_id ?? r.paid_with_payment_id),
    seat_moves: await seatMovesOf(db, id),
  };
  // Dates to ISO strings, then the shared schema: the answer is exactly what the admin's client parses.
  return registrationDetailSchema.parse(JSON.parse(JSON.stringify(body)));
}
