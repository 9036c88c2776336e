import fc from 'fast-check';

export type Provider = 'paypal' | 'razorpay';
export type Promo = 'half' | 'free' | 'once';
const promoArb: fc.Arbitrary<Promo | undefined> = fc.constantFrom<Promo | undefined>(undefined, undefined, undefined, 'half', 'free', 'once');

/** One step a buyer, a provider, an admin or the clock can take; `b` picks a buyer. */
export type Step =
  /** A checkout, maybe with one of the case's promo codes: half price, free (booked at once, no provider), or a one-use code. */
  | { do: 'checkout'; b: number; promo?: Promo }
  | { do: 'pay'; b: number; how: 'ok' | 'pending' | 'authorize' | 'decline' | 'cancel' }
  | { do: 'return'; b: number }
  | { do: 'webhook'; k: number }
  | { do: 'settleCapture'; b: number; outcome: 'COMPLETED' | 'DECLINED' }
  | { do: 'release'; b: number }
  | { do: 'reconcile' }
  | { do: 'expire'; b: number }
  | { do: 'clear' }
  | { do: 'capacity'; seats: number }
  | { do: 'refundOutage'; on: boolean }
  | { do: 'providerOutage'; on: boolean }
  /** An admin cancels a paid booking, refunding this share of it (0: cancel without refund). */
  | { do: 'adminCancel'; b: number; share: 0 | 0.5 | 1 }
  /** The waitlist: join the line, check out with the offer link, let the offer run out, leave, and the offer job running. */
  | { do: 'join'; b: number }
  | { do: 'claim'; b: number }
  | { do: 'expireOffer'; b: number }
  | { do: 'leave'; b: number }
  | { do: 'offers' };

export interface Scenario {
  seats: number;
  buyers: Provider[];
  steps: Step[];
  /** False: the webhooks not delivered during the steps never arrive, so the reconciler alone must settle. */
  webhooksArrive: boolean;
}

const buyerIx = fc.nat({ max: 3 });

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ do: fc.constant('checkout' as const), b: buyerIx, promo: promoArb }, { requiredKeys: ['do', 'b'] }) },
  { weight: 6, arbitrary: fc.record({ do: fc.constant('pay' as const), b: buyerIx, how: fc.constantFrom('ok', 'ok', 'pending', 'authorize', 'decline', 'cancel') }) },
  { weight: 5, arbitrary: fc.record({ do: fc.constant('return' as const), b: buyerIx }) },
  { weight: 4, arbitrary: fc.record({ do: fc.constant('webhook' as const), k: fc.nat({ max: 20 }) }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('settleCapture' as const), b: buyerIx, outcome: fc.constantFrom('COMPLETED' as const, 'DECLINED' as const) }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('release' as const), b: buyerIx }) },
  { weight: 3, arbitrary: fc.constant({ do: 'reconcile' as const }) },
  { weight: 3, arbitrary: fc.record({ do: fc.constant('expire' as const), b: buyerIx }) },
  { weight: 1, arbitrary: fc.constant({ do: 'clear' as const }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('capacity' as const), seats: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('refundOutage' as const), on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('providerOutage' as const), on: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('adminCancel' as const), b: buyerIx, share: fc.constantFrom(0 as const, 0.5 as const, 1 as const) }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('join' as const), b: buyerIx }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('claim' as const), b: buyerIx }) },
  { weight: 2, arbitrary: fc.record({ do: fc.constant('expireOffer' as const), b: buyerIx }) },
  { weight: 1, arbitrary: fc.record({ do: fc.constant('leave' as const), b: buyerIx }) },
  { weight: 3, arbitrary: fc.constant({ do: 'offers' as const }) },
);

type Journey = Step[];

/** One buyer's way through a checkout: start, pay somehow, maybe come back, maybe come back again. */
const journey = (b: number): fc.Arbitrary<Journey> =>
  fc
    .tuple(fc.constantFrom('ok', 'ok', 'ok', 'pending', 'authorize', 'decline', 'cancel') as fc.Arbitrary<'ok' | 'pending' | 'authorize' | 'decline' | 'cancel'>, fc.nat({ max: 2 }), promoArb)
    .map(([how, returns, promo]) => [{ do: 'checkout', b, ...(promo ? { promo } : {}) }, { do: 'pay', b, how }, ...Array.from({ length: returns }, () => ({ do: 'return' as const, b }))]);

/** Someone who finds the workshop full: joins the line, later checks out with the offer link and pays somehow. */
const waiterJourney = (b: number): fc.Arbitrary<Journey> =>
  fc
    .constantFrom('ok', 'ok', 'pending', 'decline', 'cancel')
    // Joining is refused while seats are left, so they try again later; a second claim replaces the first checkout.
    .map((how) => [{ do: 'join', b }, { do: 'join', b }, { do: 'claim', b }, { do: 'claim', b }, { do: 'pay', b, how: how as 'ok' | 'pending' | 'decline' | 'cancel' }, { do: 'return', b }]);

/** Interleaves the journeys (each keeps its own order) with the noise, as `picks` say. */
function interleave(queues: Step[][], picks: number[]): Step[] {
  const q = queues.map((x) => [...x]);
  const out: Step[] = [];
  for (let i = 0; q.some((x) => x.length); i++) {
    const open = q.filter((x) => x.length);
    out.push(open[(picks[i] ?? 0) % open.length].shift() as Step);
  }
  return out;
}

/**
 * Workshops of 1 to 3 seats, up to four buyers on either provider (each on a journey of its
 * own, some twice), and random steps in between: the clock, webhooks, the reconciler, admins
 * and provider outages.
 */
export const scenarioArb: fc.Arbitrary<Scenario> = fc
  .record({
    seats: fc.integer({ min: 1, max: 3 }),
    buyers: fc.array(fc.constantFrom<Provider>('paypal', 'razorpay'), { minLength: 1, maxLength: 4 }),
    webhooksArrive: fc.boolean(),
  })
  .chain(({ seats, buyers, webhooksArrive }) =>
    fc
      .tuple(
        fc.array(fc.nat({ max: buyers.length - 1 }), { minLength: buyers.length, maxLength: buyers.length + 2 }),
        fc.array(step, { minLength: 2, maxLength: 14 }),
        fc.array(fc.nat({ max: buyers.length - 1 }), { maxLength: 3 }),
      )
      .chain(([who, noise, waiters]) =>
        fc
          .tuple(fc.tuple(...who.map((b) => journey(b))), fc.tuple(...waiters.map((b) => waiterJourney(b))), fc.array(fc.nat(), { minLength: 80, maxLength: 80 }))
          .map(([journeys, waiting, picks]) => ({
            seats,
            buyers,
            webhooksArrive,
            steps: interleave([...journeys, ...waiting, noise], picks),
          })),
      ),
  );
