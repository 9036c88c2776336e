import type { Db } from '../../../src/db/knex';
import type { CaseRun } from './case-run';
import type { Captured } from './money-invariants';

/** One payment's kept money, as the driver saw its decisions made. */
interface Kept {
  /** What the decisions that ended seats kept of those seats' price: never given back by anything the server decides later. */
  kept: number;
  /**
   * Money given back on seats still held, without ending them (goodwill; hand money at the
   * provider within what the decisions left): part of what those seats hold, so a later decision
   * ending them takes it as given back already.
   */
  pool: number;
  /** Hand money an admin gave at the provider past what the decisions left, when they gave it: theirs to give, out of money kept. */
  beyond: number;
  /** The decisions, for a counterexample a person can read. */
  by: string[];
}

/** What a decision that ends seats did: their price (`value`), and what goes back for them in all (`back`, goodwill it counted included). */
export interface Ended {
  value: number;
  back: number;
  /** Goodwill given earlier on the booking that this decision counts as part of `back`. */
  counted: number;
  /** An admin chose the amount (a refund of their own, not the policy's or the organiser's): it may give back money an earlier decision kept. */
  explicit: boolean;
  by: string;
  /** Registrations on the payment that end with this decision too (the organiser's run through the workshop): not held after it. */
  ending?: string[];
}

type Reg = { id: string; payment_id: string | null; paid_with_payment_id?: string | null };
const paymentOf = (reg: Reg) => reg.payment_id ?? reg.paid_with_payment_id ?? null;

/**
 * Money a decision kept stays kept (found by a fresh-eyes review, not by the model: an admin
 * cancelled a seat keeping its $99, $50 went back by hand, and a goodwill refund of $98.99 on the
 * one seat still held went through: $148.99 back for a $99 seat). Per payment, the driver writes
 * down what each decision that ended seats kept of their price: the price, less what it gave back
 * for them, less what had gone back on the booking before without ending a seat (goodwill, hand
 * money) and that the seats still held after it cannot hold. At the end, the provider never gave
 * back more than was captured less what the decisions kept, besides hand money an admin chose to
 * give past that (an admin's own refund amount on a cancel, capped by the server only at what the
 * payment keeps, may give back money kept before: it is a decision of its own).
 */
export class KeptMoney {
  private readonly byPayment = new Map<string, Kept>();
  /** Goodwill refunds asked on a payment a decision had kept money of, with money back on the seats still held: the review's sequence. */
  goodwillAfterKept = 0;

  private entry(paymentId: string): Kept {
    let e = this.byPayment.get(paymentId);
    if (!e) this.byPayment.set(paymentId, (e = { kept: 0, pool: 0, beyond: 0, by: [] }));
    return e;
  }

  /** A goodwill refund is about to be asked for on this booking. */
  askingGoodwill(reg: Reg): void {
    const e = this.byPayment.get(paymentOf(reg) ?? '');
    if (e && e.kept > 0 && e.pool > 0) this.goodwillAfterKept++;
  }

  /** A goodwill refund given: back on the seats the booking still holds. */
  goodwill(reg: Reg, cents: number): void {
    const id = paymentOf(reg);
    if (!id) return;
    const e = this.entry(id);
    e.pool += cents;
    e.by.push(`goodwill ${cents}`);
  }

  /**
   * Money given back by hand at the provider (`p` as the provider stood before it; `handBefore`:
   * hand money given earlier, `decided`: what the decisions said our own refunds give back).
   * Within what the decisions left, it goes back on the seats still held; past it, it is the admin's own.
   */
  hand(p: { id: string; amount: number; refunded: number }, cents: number, handBefore: number, decided: number): void {
    const e = this.entry(p.id);
    const ours = Math.max(decided, p.refunded - handBefore);
    const beyond = Math.min(cents, Math.max(0, ours + handBefore + cents - (p.amount - e.kept + e.beyond)));
    e.beyond += beyond;
    e.pool += cents - beyond;
    e.by.push(`hand ${cents}${beyond ? ` (${beyond} beyond)` : ''}`);
  }

  /** A decision ended seats of this booking (after the server said so, or, for the organiser, with `ending` named). */
  async ended(db: Db, reg: Reg, d: Ended): Promise<void> {
    const id = paymentOf(reg);
    if (!id) return;
    const e = this.entry(id);
    e.pool = Math.max(0, e.pool - d.counted);
    // What went back before on seats of this payment that its seats held after this cannot hold was theirs: it counts here.
    const over = Math.max(0, e.pool - (await heldOn(db, id, d.ending ?? [])));
    e.pool -= over;
    const kept = d.value - d.back - over;
    if (kept >= 0) e.kept += kept;
    else if (d.explicit) e.kept = Math.max(0, e.kept + kept);
    e.by.push(`${d.by} kept ${Math.max(0, kept)} of ${d.value}`);
  }

  /**
   * Once everything settled: per payment the decisions kept money of, what went back at the
   * provider (ours and by hand) is never more than captured less what they kept, besides hand money
   * an admin gave past that.
   */
  check(run: CaseRun, captured: Captured[]): string[] {
    const problems: string[] = [];
    for (const p of captured) {
      const e = this.byPayment.get(p.id);
      if (!e || !run.decisions.has(p.id)) continue;
      const left = p.amount - e.kept;
      if (p.refunded <= left + e.beyond) continue;
      const hand = run.hand.get(p.id)?.cents ?? 0;
      problems.push(
        `${p.provider} payment ${p.id} of ${p.amount}: ${p.refunded} went back at the provider (${hand} by hand, ${e.beyond} of it past the decisions), more than the ${left} its decisions left (${e.by.join('; ')}): ${p.refunded - left - e.beyond} they kept went back`,
      );
    }
    return problems;
  }
}

/**
 * What the completed bookings paid with this payment hold now (their seats at their price),
 * the ones in `ending` left out (a decision the driver records once the server made it is
 * already there: a booking it ended is no longer completed, one it took seats from holds fewer).
 */
async function heldOn(db: Db, paymentId: string, ending: string[]): Promise<number> {
  const q = db('workshop_registrations')
    .where({ status: 'completed' })
    .where((w) => w.where({ payment_id: paymentId }).orWhere({ paid_with_payment_id: paymentId }));
  if (ending.length) q.whereNotIn('id', ending);
  const r = await q.select(db.raw('coalesce(sum(unit_amount * seats), 0)::int AS held')).first();
  return Number(r?.held ?? 0);
}
