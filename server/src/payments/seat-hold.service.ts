import { type AttendeeInput, type Billing, DEFAULT_SETTINGS, MESSAGES, SEATS_MESSAGES, WAITLIST_MESSAGES, type PaymentMethod, type Utm, type Workshop, WORKSHOP_CANCEL_MESSAGES } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { AppError, ConflictError, MaintenanceError, NotFoundError, ValidationError } from '../http/errors';
import { readSetting } from '../settings/settings.queries';
import { capacity, toWorkshop } from '../workshops/workshops.queries';
import { newAccessId } from '../registrations/access-id';
import { emailsWithSeats, nameSeats } from '../registrations/attendees.queries';
import { SEAT_MESSAGES } from '../registrations/seat-messages';
import { REASONS } from '../registrations/registration-status';
import { firstLateCheck, tryTransition } from '../registrations/registration-transition';
import { lockLiveOffer } from '../waitlist/waitlist.queries';
import { countTakenSeats } from '../workshops/seats.queries';
import { assertUsesLeft, priceCode } from '../promo-codes/promo-pricing.service';


export interface HoldInput {
  workshopId: string;
  name: string;
  email: string;
  phone: string;
  paymentMethod: PaymentMethod;
  /** Who is holding: one buyer (email or browser) holds at most one seat per workshop, one IP only a few. */
  clientIp?: string;
  browserId?: string;
  /** Where the buyer came from (the landing URL's utm_* parameters). */
  utm?: Utm;
  /** Already in the shared schema's form (upper case); priced here from the code and workshop rows. */
  promoCode?: string;
  /** The personal link of a waitlist offer: checkout claims the seat held for that person. */
  waitlistToken?: string;
  /** Seats in the order (1 when not said); who sits in them, in order (with nobody named, the buyer sits in the first). */
  seats?: number;
  attendees?: AttendeeInput[];
  /** The buyer's company details, printed on the order's invoice. */
  billing?: Billing;
}

export interface Hold {
  registrationId: string;
  accessId: string;
  amount: number;
  currency: 'USD';
  holdExpiresAt: Date;
  workshop: Workshop;
  /** A promo code made it free: booked already, in the hold's transaction, with no provider. */
  free: boolean;
}

/** Completes a registration a promo code made free, inside the hold's transaction. */
export type BookFree = (trx: Knex.Transaction, registrationId: string) => Promise<void>;

/** The checks that do not depend on seats; the card flow runs them before its field checks (SPEC §5). */
export function assertBookable(workshop: Workshop | undefined, now = new Date(), offered = false): asserts workshop is Workshop {
  if (!workshop || !workshop.is_active) throw new NotFoundError(SEAT_MESSAGES.notFound);
  if (workshop.status === 'cancelled') throw new ConflictError(WORKSHOP_CANCEL_MESSAGES.forBuyers, 'registration_closed');
  // A waitlist offer is a personal invitation: it stands while registration is closed to the public.
  if (!workshop.registration_open && !offered) throw new ConflictError(MESSAGES.registrationClosed, 'registration_closed');
  if (new Date(workshop.date) <= now) throw new ConflictError(SEAT_MESSAGES.started, 'registration_closed');
}

/**
 * Creates a `pending` registration holding one seat for `holdMinutes`, or refuses with 409
 * saying why. Amount comes from the workshop row (and a promo code's row), never from the client.
 */
export async function holdSeat(db: Db, input: HoldInput, holdMinutes: number, holdsPerIp = Infinity, bookFree?: BookFree): Promise<Hold> {
  return db.transaction(async (trx) => {
    // The lock and both settings in one round trip: every statement here is time the row is held.
    const row = await trx('workshops as w')
      .where('w.id', input.workshopId)
      .forNoKeyUpdate('w')
      .first(
        'w.*',
        trx.raw(`(SELECT setting_value FROM admin_settings WHERE setting_key = 'site_maintenance') AS site_maintenance`),
        trx.raw(`(SELECT setting_value FROM admin_settings WHERE setting_key = 'registration_limit') AS registration_limit`),
      );
    const maintenance = row
      ? { ...DEFAULT_SETTINGS.site_maintenance, ...(row.site_maintenance ?? {}) }
      : await readSetting(trx, 'site_maintenance');
    if (maintenance.enabled) throw new MaintenanceError(maintenance.message);
    const workshop = row ? toWorkshop(row) : undefined;
    const offer = row && input.waitlistToken ? await lockLiveOffer(trx, row.id, input.waitlistToken) : undefined;
    if (input.waitlistToken && !offer) throw new ConflictError(WAITLIST_MESSAGES.offerGone, 'sold_out');
    assertBookable(workshop, new Date(), Boolean(offer));
    // Lock order: workshop, then the offer, then promo code, then registrations (releaseEarlierHolds locks those).
    const promo = input.promoCode ? await priceCode(trx, input.promoCode, workshop, { lock: true }) : undefined;

    await releaseEarlierHolds(trx, workshop.id, input);
    // A second checkout from the same offer link replaces the first, so one offer never holds two seats.
    if (offer?.registration_id) await releaseHold(trx, offer.registration_id);
    if (input.clientIp && (await unpaidHoldsFrom(trx, workshop.id, input.clientIp)) >= holdsPerIp) {
      throw new AppError(429, 'rate_limited', SEAT_MESSAGES.tooManyHolds);
    }

    const seats = input.seats ?? 1;
    // A waitlist offer is one seat, for the person it was offered to.
    if (offer && seats !== 1) throw new ValidationError(SEATS_MESSAGES.offerOneSeat, { seats: SEATS_MESSAGES.offerOneSeat });
    const limit = { ...DEFAULT_SETTINGS.registration_limit, ...(row.registration_limit ?? {}) };
    const cap = capacity(workshop.max_participants, limit);
    if (cap !== null) {
      // The public fits beside people waiting in line; an offer's own seat is already among `taken`.
      const taken = (await countTakenSeats(trx, workshop.id, offer ? 'taken' : 'public')) - (offer ? 1 : 0);
      const refuse = (most: number, whenNone: string) => {
        if (taken + seats <= most) return;
        throw new ConflictError(taken >= most ? whenNone : SEATS_MESSAGES.onlyLeft(most - taken), 'sold_out');
      };
      if (workshop.max_participants !== null) refuse(workshop.max_participants, SEAT_MESSAGES.soldOut);
      refuse(cap, SEAT_MESSAGES.limitReached);
    }
    // One seat per person: nobody named here may already sit in this workshop.
    const named = input.attendees?.length ? input.attendees.map((a) => a.email) : [input.email];
    const [seated] = await emailsWithSeats(trx, workshop.id, named);
    if (seated) throw new ConflictError(SEATS_MESSAGES.hasSeat(seated), 'conflict');
    if (promo) await assertUsesLeft(trx, promo, seats);
    const free = promo !== undefined && promo.amount === 0;

    const [reg] = await trx('workshop_registrations')
      .insert({
        name: input.name,
        email: input.email,
        phone: input.phone,
        workshop_id: workshop.id,
        access_id: newAccessId(),
        // Per seat, from the workshop's and the code's rows: the order pays for every seat or none.
        amount: (promo ? promo.amount : workshop.price_usd_cents) * seats,
        seats_bought: seats,
        seats,
        currency: 'USD',
        // A free booking has no provider: nobody is ever asked for, or refunded, its money.
        payment_method: free ? null : input.paymentMethod,
        promo_code_id: promo?.id ?? null,
        promo_code: promo?.code ?? null,
        discount_cents: (promo?.discount ?? 0) * seats,
        status: 'pending',
        client_ip: input.clientIp ?? null,
        browser_id: input.browserId ?? null,
        utm_source: input.utm?.source || null,
        utm_medium: input.utm?.medium || null,
        utm_campaign: input.utm?.campaign || null,
        utm_term: input.utm?.term || null,
        utm_content: input.utm?.content || null,
        hold_expires_at: trx.raw(`now() + make_interval(mins => ?)`, [holdMinutes]),
        billing: input.billing ? JSON.stringify(input.billing) : null,
      })
      .returning(['id', 'access_id', 'amount', 'hold_expires_at']);
    if (input.attendees?.length) await nameSeats(trx, reg.id, input.attendees);
    // From here the offer's seat is counted once, by this hold (see seats.queries.ts).
    if (offer) await trx('waitlist_entries').where({ id: offer.id }).update({ registration_id: reg.id, updated_at: trx.fn.now() });
    if (free) {
      if (!bookFree) throw new Error('a free booking needs bookFree');
      await bookFree(trx, reg.id);
    }
    return {
      registrationId: reg.id,
      accessId: reg.access_id,
      amount: reg.amount,
      currency: 'USD',
      holdExpiresAt: new Date(reg.hold_expires_at),
      workshop,
      free,
    };
  });
}

/**
 * A buyer retrying (same email, or same browser) replaces their earlier unpaid checkouts on this
 * workshop instead of taking a second seat: a hold, live or run out, is let go as replaced, and
 * one that already ended unpaid is marked let go too, so its promo code's use is not theirs to
 * take back later. Money that still arrives for an old order is settled as a late payment.
 */
async function releaseEarlierHolds(trx: Knex.Transaction, workshopId: string, input: HoldInput): Promise<void> {
  const theirs = (q: Knex.QueryBuilder) => {
    q.whereRaw('lower(email) = lower(?)', [input.email]);
    if (input.browserId) q.orWhere('browser_id', input.browserId);
  };
  // A capture the provider is still completing is money on its way, not an unpaid checkout: it is left to settle.
  const earlier: { id: string }[] = await trx('workshop_registrations')
    .where({ workshop_id: workshopId, status: 'pending' })
    .whereRaw(`status_reason IS DISTINCT FROM ?`, [REASONS.capturePending])
    .andWhere(theirs)
    .forNoKeyUpdate()
    .select('id');
  for (const { id } of earlier) await releaseHold(trx, id);
  await trx('workshop_registrations').where({ workshop_id: workshopId, status: 'failed' }).whereNull('released_by_buyer_at').andWhere(theirs).update({ released_by_buyer_at: trx.fn.now() });
}

/**
 * Lets an unpaid hold go as replaced; money that still arrives for it is settled as a late
 * payment. The buyer let it go (by starting another checkout), so its promo code's use went back.
 */
async function releaseHold(trx: Knex.Transaction, id: string): Promise<void> {
  await tryTransition(trx, id, ['pending'], 'failed', {
    status_reason: REASONS.replaced,
    reconcile_attempts: 0,
    reconcile_after: firstLateCheck(trx),
    released_by_buyer_at: trx.fn.now(),
  });
}

async function unpaidHoldsFrom(trx: Knex.Transaction, workshopId: string, ip: string): Promise<number> {
  const r = await trx('workshop_registrations')
    .where({ workshop_id: workshopId, status: 'pending', client_ip: ip })
    .andWhere('hold_expires_at', '>', trx.fn.now())
    .count<{ n: number }[]>('* as n')
    .first();
  return Number(r?.n ?? 0);
}
