import type { Db } from '../../../src/db/knex';
import { countTakenSeats } from '../../../src/workshops/seats.queries';
import { ByHandSteps } from './by-hand-steps';
import type { CaseRun } from './driver';
import { byHandCredited, invoicesMatchMoney } from './invoice-invariants';
import { capturedPayments, ledgerMatchesProvider, organiserWithinDecisions, promoWithinUses, refundsMadeOnce, refundsMatchDecisions } from './money-invariants';

/** A workshop never has more completed seats than its capacity (either of the case's two; seats, not orders): checked after every step. */
export async function seatsWithinCapacity(db: Db, run: CaseRun): Promise<string | undefined> {
  for (const id of run.workshopIds) {
    const r = await db.raw(
      `SELECT w.max_participants AS cap, (SELECT coalesce(sum(r.seats), 0)::int FROM workshop_registrations r WHERE r.workshop_id = w.id AND r.status = 'completed') AS sold FROM workshops w WHERE w.id = ?`,
      [id],
    );
    const { cap, sold } = r.rows[0];
    if (cap !== null && sold > cap) return `${sold} completed on a workshop of ${cap} seats`;
    // Sold, held and offered seats together (the one seat query) never pass capacity unless an admin lowered it: no seat is offered twice.
    const taken = await countTakenSeats(db, id, 'taken');
    if (cap !== null && taken > cap && !(run.capacityLowered && id === run.workshopId)) return `${taken} seats sold, held or offered on a workshop of ${cap} seats`;
  }
  return undefined;
}

/**
 * Once everything has settled: every captured payment bought exactly one completed seat (live,
 * or archived by a clear) and was not refunded, or it was refunded in full and bought nothing,
 * or a business decision ended its seat and exactly what that decision gave back was refunded;
 * what each decision kept stays kept (kept-money.ts);
 * no refund was made twice; nothing was refunded that was not captured; the one-use code sold
 * one discounted seat; the ledger agrees with the provider; the invoices and credit notes agree with
 * the money; every completed registration got exactly one confirmation; no checkout is left pending.
 */
export async function settledInvariants(db: Db, run: CaseRun, seen: Record<string, number>, webhooksArrive: boolean): Promise<string[]> {
  const problems: string[] = [];
  const captured = await capturedPayments(db, run);
  seen.captured += captured.length;
  seen.refunded += captured.filter((p) => p.refunded > 0).length;
  seen.completed += Number((await db('workshop_registrations').whereIn('workshop_id', run.workshopIds).where({ status: 'completed' }).count('* as n').first())?.n ?? 0);
  seen.notCharged += Number((await db('workshop_registrations').where({ workshop_id: run.workshopId, status_reason: 'workshop_full_not_charged' }).count('* as n').first())?.n ?? 0);
  problems.push(...(await refundsMatchDecisions(db, run, captured, webhooksArrive)));
  seen.byHand = (seen.byHand ?? 0) + run.hand.size;
  problems.push(...(await refundsMadeOnce(db, captured)));
  problems.push(...organiserWithinDecisions(run, captured));
  problems.push(...run.kept.check(run, captured));
  problems.push(...(await promoWithinUses(db, run)));
  if (webhooksArrive) problems.push(...(await ledgerMatchesProvider(db, captured)));
  problems.push(...(await invoicesMatchMoney(db, captured, seen)));
  problems.push(...(await byHandCredited(db, run.workshopIds)));
  const strayRefunds = await db('refunds as f')
    .where('f.status', 'succeeded')
    .whereIn('f.payment_id', db('provider_sandbox.razorpay_payments').whereNotIn('status', ['captured', 'refunded']).select('id'));
  for (const f of strayRefunds) problems.push(`refund ${f.id} for payment ${f.payment_id}, which was never captured`);

  const completed = await db('workshop_registrations').whereIn('workshop_id', run.workshopIds).where({ status: 'completed' }).select('id');
  for (const r of completed) {
    const n = Number((await db('email_messages').where({ registration_id: r.id, kind: 'confirmation' }).count('* as n').first())?.n ?? 0);
    if (n !== 1) problems.push(`completed registration ${r.id} has ${n} confirmations`);
  }
  // A workshop the organiser called off sells nothing and keeps no booking.
  if (run.cancelledWorkshop) {
    const left = await db('workshop_registrations').where({ workshop_id: run.cancelledWorkshop, status: 'completed' }).select('id');
    for (const r of left) problems.push(`registration ${r.id} is still completed in the workshop the organiser cancelled`);
  }
  const pending = await db('workshop_registrations').whereIn('workshop_id', run.workshopIds).where({ status: 'pending' }).select('id', 'status_reason');
  for (const r of pending) problems.push(`registration ${r.id} is still pending (${r.status_reason ?? 'no reason'}) after its hold and a reconcile pass`);
  const offers = await db('waitlist_entries').where({ workshop_id: run.workshopId }).select(db.raw('coalesce(sum(offer_count), 0)::int AS offered'), db.raw(`count(*) FILTER (WHERE status = 'booked')::int AS booked`)).first();
  seen.offered = (seen.offered ?? 0) + offers.offered;
  seen.waitlistBooked = (seen.waitlistBooked ?? 0) + offers.booked;
  // Whoever booked with an offer link is out of the line; a live offer is never also a completed booking.
  const stale = await db('waitlist_entries as e')
    .join('workshop_registrations as r', 'r.id', 'e.registration_id')
    .where({ 'e.workshop_id': run.workshopId, 'r.status': 'completed' })
    .whereNotIn('e.status', ['booked', 'left'])
    .select('e.id', 'e.status');
  for (const e of stale) problems.push(`waitlist entry ${e.id} booked its offer but is ${e.status}`);
  // A booking a promo code made free took no money and gives none back.
  const free = await db('workshop_registrations').whereIn('workshop_id', run.workshopIds).whereNull('payment_method').whereNull('by_hand_payment').select('id', 'amount', 'payment_id', 'status');
  seen.free = (seen.free ?? 0) + free.filter((r) => r.status === 'completed').length;
  // Money paid after its person's data was erased: no seat, all of it back (counted in the refunds above).
  const erasedPaid = await db('workshop_registrations').whereIn('workshop_id', run.workshopIds).where({ status_reason: 'erased_refunded' }).count('* as n').first();
  seen.erasedRefunded = (seen.erasedRefunded ?? 0) + Number(erasedPaid?.n ?? 0);
  // The case's workshops are still to come, so an erasure never ends a seat: a seated erased person was seated after it, unreachable.
  const seatedErased = await db('workshop_registrations').whereIn('workshop_id', run.workshopIds).where({ status: 'completed' }).whereLike('email', '%@erased.invalid').select('id');
  for (const r of seatedErased) problems.push(`registration ${r.id} got a seat after its person's data was erased: nobody can be told of it`);
  for (const r of free) {
    if (r.amount !== 0 || r.payment_id !== null) problems.push(`registration ${r.id} has no provider but amount ${r.amount} / payment ${r.payment_id}`);
    if (await db('refunds').where({ registration_id: r.id }).first('id')) problems.push(`free registration ${r.id} has a refund`);
  }
  // One seat per person, however the money arrived: a payment for a person seated meanwhile (a replaced checkout paid late) went back in full.
  const twice = await db('attendees as a')
    .join('workshop_registrations as r', 'r.id', 'a.registration_id')
    .whereIn('a.workshop_id', run.workshopIds)
    .where({ 'a.status': 'active', 'r.status': 'completed' })
    .whereNotNull('a.email')
    .groupByRaw('a.workshop_id, lower(a.email)')
    .havingRaw('count(*) > 1')
    .select(db.raw('lower(a.email) AS email'), db.raw('count(*)::int AS n'));
  for (const t of twice) problems.push(`${t.email} sits ${t.n} times in one workshop`);
  const hadSeat = await db('workshop_registrations').whereIn('workshop_id', run.workshopIds).whereIn('status_reason', ['already_booked_refunded', 'already_booked_not_charged']).count('* as n').first();
  seen.hadSeat = (seen.hadSeat ?? 0) + Number(hadSeat?.n ?? 0);
  // Nobody who has a seat is still in line or holding an offered seat.
  const seated = await db('waitlist_entries as e')
    .where({ 'e.workshop_id': run.workshopId })
    .whereIn('e.status', ['waiting', 'offered'])
    .whereExists(db('workshop_registrations as r').whereRaw('r.workshop_id = e.workshop_id AND lower(r.email) = lower(e.email)').where('r.status', 'completed'))
    .select('e.id', 'e.status');
  for (const e of seated) problems.push(`waitlist entry ${e.id} is ${e.status} though its person has a seat`);
  // A booking added by hand gave back by hand what its decisions said, and no provider refund names it.
  problems.push(...(await ByHandSteps.check(db, run.byHand)));
  problems.push(...run.problems);
  problems.push(...run.serverErrors.map((e) => `server error: ${e}`));
  return problems;
}
