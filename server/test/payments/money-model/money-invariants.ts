import type { Db } from '../../../src/db/knex';
import type { CaseRun } from './driver';

const toCents = (v: string) => Math.round(Number(v) * 100);

export interface Captured {
  provider: string;
  id: string;
  amount: number;
  refunded: number;
}

/** Every payment the providers took for this case's orders, with what they gave back. */
export async function capturedPayments(db: Db, run: CaseRun): Promise<Captured[]> {
  const pp = run.orders.filter((o) => o.provider === 'paypal').map((o) => o.id);
  const rzp = run.orders.filter((o) => o.provider === 'razorpay').map((o) => o.id);
  const paypal = pp.length
    ? (
        await db.raw(
          `SELECT o.capture_id AS id, o.amount, coalesce((SELECT sum(r.amount::numeric) FROM provider_sandbox.paypal_refunds r WHERE r.capture_id = o.capture_id), 0)::text AS refunded
             FROM provider_sandbox.paypal_orders o WHERE o.id = ANY(?) AND o.capture_id IS NOT NULL AND coalesce(o.capture_status, 'COMPLETED') NOT IN ('PENDING', 'DECLINED')`,
          [pp],
        )
      ).rows.map((r: { id: string; amount: string; refunded: string }) => ({ provider: 'paypal', id: r.id, amount: toCents(r.amount), refunded: toCents(r.refunded) }))
    : [];
  const razorpay = rzp.length
    ? (await db('provider_sandbox.razorpay_payments').whereIn('order_id', rzp).whereIn('status', ['captured', 'refunded'])).map((p) => ({
        provider: 'razorpay',
        id: p.id,
        amount: p.amount,
        refunded: p.amount_refunded,
      }))
    : [];
  return [...paypal, ...razorpay];
}

/** Where the registration that names this payment is now: for a counterexample a person can read. */
async function whereIs(db: Db, paymentId: string): Promise<string> {
  const live = await db('workshop_registrations').where({ payment_id: paymentId }).first('status', 'status_reason');
  if (live) return `registration ${live.status}${live.status_reason ? ` (${live.status_reason})` : ''}`;
  const archived = await db('workshop_registrations_archive').whereRaw(`record->>'payment_id' = ?`, [paymentId]).first(db.raw(`record->>'status' AS status`));
  return archived ? `registration archived by a clear as ${archived.status}` : 'no registration names it';
}

/**
 * Per payment, once the queue is drained: the provider refunded exactly what the business
 * decisions about it gave back (the driver's own record of them: a seat cancelled, the booking
 * cancelled, an admin's refund); with no decision, a payment that bought a completed booking
 * (live, or archived by a clear) kept all of it and any other was refunded in full.
 * Where an admin also gave money back by hand at the provider, that money is theirs to give:
 * our own refunds never add up to more than the decisions said they would give back, and in
 * all (ours and by hand) at least what the decisions owe went back; a payment given back in
 * full by hand, once its webhook arrived, holds no seat.
 */
export async function refundsMatchDecisions(db: Db, run: CaseRun, captured: Captured[], webhooksArrive: boolean): Promise<string[]> {
  const problems: string[] = [];
  for (const p of captured) {
    const live = await db('workshop_registrations').where({ payment_method: p.provider, payment_id: p.id, status: 'completed' }).count('* as n').first();
    const archived = await db('workshop_registrations_archive').whereRaw(`record->>'payment_id' = ? AND record->>'status' = 'completed'`, [p.id]).count('* as n').first();
    const seats = Number(live?.n ?? 0) + Number(archived?.n ?? 0);
    const decision = run.decisions.get(p.id);
    const hand = run.hand.get(p.id);
    const why = decision ? `the ${decision.by} decision gave back ${decision.refundCents} of ${decision.owedCents} owed` : seats === 1 ? 'it bought a seat' : 'it bought no seat';
    const fail = (what: string) => problems.push(`${p.provider} payment ${p.id} of ${p.amount}: ${p.refunded} refunded at the provider${hand ? ` (${hand.cents} by hand)` : ''}, ${seats} completed seat(s); ${why}; ${what}`);
    if (seats > 1) fail('one payment, one booking');
    if (!hand) {
      // Decisions add up (seats cancelled one by one, then the rest); a booking may go on holding seats after one.
      const expected = decision ? decision.refundCents : seats === 1 ? 0 : p.amount;
      if (p.refunded !== expected) fail(`expected ${expected} (${await whereIs(db, p.id)})`);
      continue;
    }
    const ours = p.refunded - hand.cents;
    const mayGive = decision ? decision.refundCents : seats === 1 ? 0 : p.amount;
    const owed = Math.min(p.amount, decision ? decision.owedCents : seats === 1 ? 0 : p.amount);
    if (ours > mayGive) fail(`our own refunds gave back ${ours}, more than the ${mayGive} decided (${await whereIs(db, p.id)})`);
    // Hand money given after a payment's one decision counts toward what it still owed: once our refunds took any of it
    // into account, they and it never add up past the decision (a fee kept stays kept), whenever its webhook came. (With
    // several decisions, hand money given between them may rightly go to a later one, on top of an earlier one paid in full.)
    const handBefore = hand.cents - hand.afterDecision;
    const oneDecision = decision !== undefined && !decision.by.includes(', ');
    // (Hand money an admin gave once everything owed had gone back is theirs to give: `beyond`.)
    const bound = handBefore + Math.max(mayGive, hand.afterDecision) + hand.beyond;
    if (oneDecision && ours < mayGive && hand.afterDecision > 0 && p.refunded > bound) {
      fail(`the ${hand.afterDecision} given back by hand after the decision counted only in part: ${p.refunded - bound} more went back (${await whereIs(db, p.id)})`);
    }
    if (p.refunded < owed) fail(`${owed} was owed and only ${p.refunded} went back (${await whereIs(db, p.id)})`);
    // A seat moved out of the booking into one of its own is paid by this payment too.
    const moved = await db('workshop_registrations').where({ payment_method: p.provider, paid_with_payment_id: p.id, status: 'completed' }).count('* as n').first();
    if (webhooksArrive && hand.fullByHand && Number(live?.n ?? 0) + Number(moved?.n ?? 0) > 0) fail('everything went back by hand and its webhook arrived, yet the booking still holds its seats');
  }
  return problems;
}

/**
 * The organiser's cancellation gives back the whole price of the seats still held, and hand money
 * given back at the provider before it is part of that (as for a policy cancel), whatever other
 * decisions came before: in all, a payment never gets back more than the decisions about it owe
 * plus what went back by hand after the cancellation, unless the hand refunds alone gave more;
 * hand money given before it past what the decisions then owed (`beyond`: everything left given
 * back by hand once our refund of a seat's decision was made) is the admin's own, on top.
 */
export function organiserWithinDecisions(run: CaseRun, captured: Captured[]): string[] {
  const problems: string[] = [];
  for (const p of captured) {
    const atCancel = run.handAtCancel.get(p.id);
    const decision = run.decisions.get(p.id);
    if (atCancel === undefined || !decision) continue;
    const { cents: before, beyond } = atCancel;
    const hand = run.hand.get(p.id)?.cents ?? 0;
    const bound = Math.max(decision.owedCents + (hand - before), hand) + beyond;
    if (p.refunded > bound) problems.push(`${p.provider} payment ${p.id} of ${p.amount}: ${p.refunded} went back (${hand} by hand, ${before} of it before the workshop was called off, ${beyond} of that past the decisions); the ${decision.by} decisions owe ${decision.owedCents}`);
  }
  return problems;
}

/**
 * The ledger says what the provider did: once the queue is drained and the providers' webhooks
 * arrived, every payment's captured minus kept is what went back at the provider (ours and by
 * hand), so the business never believes it kept money a hand refund gave back (the ninth
 * review: hand money seen while a call of ours was in flight never reached the ledger).
 */
export async function ledgerMatchesProvider(db: Db, captured: Captured[]): Promise<string[]> {
  const problems: string[] = [];
  for (const p of captured) {
    const row = await db('payments').where({ provider: p.provider, payment_id: p.id }).first('amount_cents', 'kept_cents', 'refunded_outside_cents', 'decision');
    if (!row) continue;
    if (row.amount_cents - row.kept_cents !== p.refunded) {
      problems.push(`${p.provider} payment ${p.id} of ${p.amount}: the ledger keeps ${row.kept_cents} (${row.refunded_outside_cents} noted as given back by hand, decision ${row.decision}), but ${p.refunded} went back at the provider (${await whereIs(db, p.id)})`);
    }
  }
  return problems;
}

/**
 * One refund row is one refund at the provider: never two for the same key (an admin's retry beside
 * a running one). A refund the bank sent back (failed) moved no money: it is made again under its key.
 */
export async function refundsMadeOnce(db: Db, captured: Captured[]): Promise<string[]> {
  const ids = captured.map((p) => p.id);
  if (!ids.length) return [];
  const r = await db.raw(
    `SELECT payment_id, notes->>'idempotency_key' AS key, count(*)::int AS n FROM provider_sandbox.razorpay_refunds
      WHERE payment_id = ANY(?) AND notes->>'idempotency_key' IS NOT NULL AND status <> 'failed' GROUP BY 1, 2 HAVING count(*) > 1
     UNION ALL
     SELECT capture_id, custom_id, count(*)::int FROM provider_sandbox.paypal_refunds
      WHERE capture_id = ANY(?) AND custom_id IS NOT NULL GROUP BY 1, 2 HAVING count(*) > 1`,
    [ids, ids],
  );
  return r.rows.map((x: { payment_id: string; key: string; n: number }) => `payment ${x.payment_id}: refund ${x.key} was made ${x.n} times at the provider`);
}

/**
 * A code never sells more discounted seats than its max_uses, whatever happened to the checkouts
 * that carried it: let go by their buyer, or left until their hold ran out and paid (or approved)
 * later; and a seat cancelled with part of its money kept (a fee, a half, nothing back) still used it.
 */
export async function promoWithinUses(db: Db, run: CaseRun): Promise<string[]> {
  const problems: string[] = [];
  for (const [codeId, maxUses] of run.limitedCodes) {
    // Seats, not orders: a use is a seat (a team of two cannot take a one-use code).
    const live: { id: string; seats: number }[] = await db('workshop_registrations').where({ promo_code_id: codeId, status: 'completed' }).select('id', 'seats');
    const archived: { id: string; seats: number }[] = (
      await db('workshop_registrations_archive').whereRaw(`record->>'promo_code_id' = ? AND record->>'status' = 'completed'`, [codeId]).select('id', db.raw(`coalesce((record->>'seats')::int, 1) AS seats`))
    ).map((r: { id: string; seats: number }) => ({ id: r.id, seats: Number(r.seats) }));
    const carrying = new Set<string>([
      ...(await db('workshop_registrations').where({ promo_code_id: codeId }).pluck('id')),
      ...(await db('workshop_registrations_archive').whereRaw(`record->>'promo_code_id' = ?`, [codeId]).pluck('id')),
    ]);
    const kept = [...run.keptSeats].filter(([id]) => carrying.has(id)).map(([id, seats]) => ({ id, seats }));
    const sold = [...live, ...archived, ...kept];
    const seats = (rows: { seats: number }[]) => rows.reduce((n, r) => n + r.seats, 0);
    if (seats(sold) <= maxUses) continue;
    const late = sold.filter((r) => run.promoSightings.get(r.id)?.expired);
    const released = sold.filter((r) => run.promoSightings.get(r.id)?.released);
    problems.push(
      `a code of ${maxUses} use(s) sold ${seats(sold)} discounted seats (${seats(late)} to checkouts whose hold had run out, ${seats(released)} to checkouts their buyer had let go, ${seats(kept)} cancelled with their money kept)`,
    );
  }
  return problems;
}
