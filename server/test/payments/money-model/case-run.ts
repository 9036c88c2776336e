import type { KeptMoney } from './kept-money';
import type { PromoSighting } from './promo-sightings';
import type { Provider } from './scenario';

/** What one case of the money model did and decided, as the driver wrote it down: the invariants hold the server to it. */

export interface Buyer {
  provider: Provider;
  email: string;
  orders: string[];
  /** The latest order's browser return: PayPal's redirect location, Razorpay's signed handler result. */
  back?: { location?: string; signed?: unknown; order: string };
}

/** A business decision about a payment: what of it goes back (the rest is kept). */
export interface Decision {
  registrationId: string;
  /** What the server said it would give back (the most our own refunds may add up to). */
  refundCents: number;
  /** What the decisions owe the buyer (the policy's figure, the admin's amount): given back in all, by us or by hand at the provider. */
  owedCents: number;
  by: string;
}

/** Refunds an admin made by hand in the provider's dashboard for one payment. */
export interface HandRefunds {
  cents: number;
  /** Of them, what was given back once a decision about the payment was made (it counts toward what that decision still owes). */
  afterDecision: number;
  /** One of them gave back everything that was left of the payment. */
  fullByHand: boolean;
  /**
   * What they gave back beyond the decision once the provider had already given back all it owed
   * (ours and hand money together): money the business kept that the admin chose to give too.
   */
  beyond: number;
}

/** Everything one case did, for the invariants and for a readable counterexample. */
export interface CaseRun {
  /** The case's workshop, where buyers check out. */
  workshopId: string;
  /** Both of the case's workshops: the first, and the one admins move bookings to. */
  workshopIds: string[];
  orders: { provider: Provider; id: string }[];
  serverErrors: string[];
  /** Broken promises seen during the steps (a cancel refunding other than the policy, say). */
  problems: string[];
  /** An admin set fewer seats than were held or offered: holds may then outnumber seats for a while. */
  capacityLowered: boolean;
  /** By payment id: the last business decision about it, as the driver made it. */
  decisions: Map<string, Decision>;
  onceCodeId: string;
  /** The case's codes with max_uses (id to max_uses), and by registration id its cancelled seats whose money was kept, as the driver decided. */
  limitedCodes: Map<string, number>;
  keptSeats: Map<string, number>;
  /** By registration id. */
  promoSightings: Map<string, PromoSighting>;
  /** By payment id: what went back by hand at the provider. */
  hand: Map<string, HandRefunds>;
  /** Refunds that gave up for good, then carried out by hand as their alert asked. */
  gaveUp: number;
  /** The workshop the organiser called off, once they did. */
  cancelledWorkshop?: string;
  /** By registration id: what the decisions about it said they give back (the driver's own sum). */
  givenBack: Map<string, number>;
  /** By workshop id: when an admin last moved its date (as the driver saw it, just before asking). */
  rescheduledAt: Map<string, number>;
  /** By registration id: goodwill refunds given, and how much of them policy cancels counted since. */
  goodwill: Map<string, { given: number; counted: number }>;
  /** By payment id, for payments the organiser's cancellation decided about: what had gone back by hand at the provider then, and how much of it past what the decisions owed (HandRefunds.beyond). */
  handAtCancel: Map<string, { cents: number; beyond: number }>;
  /** By registration id, bookings an admin added by hand: what was paid outside the site, and what the decisions said goes back by hand. */
  byHand: Map<string, { amount: number; owed: number }>;
  /** An admin's resends and email corrections (email-steps.ts): carried out, and refused as the model expected (the booking not on, its seat moved away, its address changed since). */
  resends: { corrected: number; resent: number; refused: number };
  /** By payment: what each decision that ended seats kept of their price (kept-money.ts), which stays kept. */
  kept: KeptMoney;
}

/** Of this booking's goodwill refunds, what a cancel worth `cents` counts toward it (once). */
export function countGoodwill(run: CaseRun, registrationId: string, cents: number): number {
  const g = run.goodwill.get(registrationId);
  if (!g) return 0;
  const n = Math.min(g.given - g.counted, cents);
  g.counted += n;
  return n;
}

/**
 * A business decision about a payment, as the driver made it: decisions add up (a seat
 * cancelled, later the rest of the booking); a moved seat's booking is paid by its team
 * booking's payment, so decisions about either add up on it. `owedCents`: what the decision
 * owes; `refundCents`: what the server said it gives back now (less, when a hand refund at the
 * provider already paid part of it).
 */
export function recordDecision(
  run: CaseRun,
  reg: { id: string; payment_id: string | null; paid_with_payment_id?: string | null },
  owedCents: number,
  by: string,
  refundCents = owedCents,
): void {
  const paymentId = reg.payment_id ?? reg.paid_with_payment_id;
  if (!paymentId) return;
  run.givenBack.set(reg.id, (run.givenBack.get(reg.id) ?? 0) + refundCents);
  const before = run.decisions.get(paymentId);
  run.decisions.set(paymentId, {
    registrationId: reg.id,
    refundCents: (before?.refundCents ?? 0) + refundCents,
    owedCents: (before?.owedCents ?? 0) + owedCents,
    by: before ? `${before.by}, ${by}` : by,
  });
}
