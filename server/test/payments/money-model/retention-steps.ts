import type { Db } from '../../../src/db/knex';
import { reconcilePass } from '../../../src/payments/reconcile.job';
import { runRetention } from '../../../src/privacy/retention.service';
import { client, type TestServer } from '../../support/test-server';
import type { MoneyDriver } from './driver';
import { RETIRED_NUMBERS } from './invoice-invariants';
import { capturedPayments } from './money-invariants';

const EIGHT_YEARS = `now() - interval '8 years'`;
const GOODWILL_CENTS = 100;

/**
 * Years later (issue 27, point 1): the case's money is past the law's period and the retention run
 * deletes its payment records (ledger rows, refunds, provider messages, invoices). Then every
 * provider message and buyer return of the case arrives again, a reconcile pass runs and the refund
 * queue drains. Nothing may move at the providers: no refund beyond what the decisions gave back,
 * no deleted ledger row re-created, no seat sold. An admin's goodwill refund racing the run is
 * either made in full or refused. Run after the case's invariants held.
 */
export async function retireThenReplay(server: TestServer, driver: MoneyDriver, seen: Record<string, number>, webhooksArrive: boolean): Promise<string[]> {
  const db = server.deps.db;
  const run = driver.run;
  const before = new Map((await capturedPayments(db, run)).map((p) => [p.id, p.refunded]));
  const paymentIds = await driver.casePaymentIds();
  const regIds = (await db('workshop_registrations').whereIn('workshop_id', run.workshopIds).pluck('id')) as string[];
  const archivedIds = (await db('workshop_registrations_archive').whereRaw(`record->>'workshop_id' = ANY (?::text[])`, [run.workshopIds]).pluck('id')) as string[];
  const completedBefore = await completed(db, run.workshopIds);
  await age(db, run.workshopIds, paymentIds, [...regIds, ...archivedIds]);
  const numbers = (await db('invoices').pluck('number')) as string[];
  // An admin's goodwill refund on a booking of the case while the run goes: it is made (and its
  // records kept), or refused; never decided and then deleted with the records.
  const target = await db('workshop_registrations').whereIn('workshop_id', run.workshopIds).where({ status: 'completed' }).whereNotNull('payment_id').first('id', 'payment_id');
  const api = client(server.url);
  const [goodwill] = await Promise.all([
    target ? api('POST', `/api/admin/registrations/${target.id}/refund`, { token: driver.adminToken, body: { amount_cents: GOODWILL_CENTS, reason: 'goodwill', keep_booking: true } }) : undefined,
    runRetention(db),
  ]);
  if (goodwill && goodwill.status >= 500) return [`a goodwill refund during the retention run answered ${goodwill.status}: ${goodwill.text.slice(0, 200)}`];
  const given = goodwill?.status === 200 && target ? new Map([[target.payment_id as string, GOODWILL_CENTS]]) : new Map<string, number>();
  if (given.size) seen.goodwillDuringRetention = (seen.goodwillDuringRetention ?? 0) + 1;
  const kept = new Set((await db('invoices').pluck('number')) as string[]);
  for (const n of numbers) if (!kept.has(n)) RETIRED_NUMBERS.add(n);
  const left = await db('payments').whereIn('payment_id', paymentIds).pluck('payment_id');
  seen.retired = (seen.retired ?? 0) + paymentIds.length - left.length;

  // (Messages the scenario never delivers still never arrive: a replay is of what did.)
  if (webhooksArrive) for (let k = 0; k < driver.webhooks.length; k++) await driver.deliver(k);
  for (const b of driver.buyers) await driver.comeBack(b);
  await db('workshop_registrations').whereIn('workshop_id', run.workshopIds).whereNotNull('reconcile_after').update({ reconcile_after: db.raw(`now() - interval '1 second'`) });
  await reconcilePass(server.payments!, 3600);
  await driver.drainRefunds();

  const problems: string[] = [];
  for (const p of await capturedPayments(db, run)) {
    // The goodwill may be made, or credited from money an admin gave back by hand at the provider
    // before (the ledger learns of it then, hand-refunds.ts): never more than it, never less than before.
    const was = before.get(p.id) ?? 0;
    const most = was + (given.get(p.id) ?? 0);
    if (p.refunded < was || p.refunded > most) problems.push(`after the retention run and the replays, payment ${p.id} had ${p.refunded} given back, between ${was} and ${most} expected (${given.get(p.id) ?? 0} goodwill during the run)`);
  }
  const back = await db('payments').whereIn('payment_id', paymentIds).whereNotIn('payment_id', left).pluck('payment_id');
  for (const id of back) problems.push(`payment ${id}'s ledger row, deleted by the retention run, came back from a replay`);
  const queued = await db('refunds').whereIn('payment_id', paymentIds).whereNotIn('payment_id', left).select('id', 'payment_id');
  for (const f of queued) problems.push(`refund ${f.id} of payment ${f.payment_id} made after its records were deleted`);
  // A goodwill decided during the run was carried out (made or credited), and kept its records.
  if (target && given.size) {
    const made = await db('refunds').where({ registration_id: target.id, amount_cents: GOODWILL_CENTS, status: 'succeeded' }).first('id');
    if (!made) problems.push(`the goodwill refund of ${GOODWILL_CENTS} decided during the retention run on registration ${target.id} was never carried out`);
  }
  const completedAfter = await completed(db, run.workshopIds);
  // No seat is sold by a replay (one whose money all went back by hand may end: that is no sale).
  if (completedAfter > completedBefore) problems.push(`${completedAfter} seats completed after the replays, ${completedBefore} before`);
  return problems;
}

async function completed(db: Db, workshopIds: string[]): Promise<number> {
  return Number((await db('workshop_registrations').whereIn('workshop_id', workshopIds).where({ status: 'completed' }).sum<{ n: string | null }[]>('seats as n').first())?.n ?? 0);
}

/** Every record of the case moved eight years into the past (invoices past their final-once-issued trigger). */
async function age(db: Db, workshopIds: string[], paymentIds: string[], regIds: string[]): Promise<void> {
  await db('workshops').whereIn('id', workshopIds).update({ date: db.raw(EIGHT_YEARS) });
  await db('payments').whereIn('payment_id', paymentIds).update({ created_at: db.raw(EIGHT_YEARS), decided_at: db.raw(EIGHT_YEARS) });
  await db('refunds').whereIn('payment_id', paymentIds).update({ created_at: db.raw(EIGHT_YEARS), updated_at: db.raw(EIGHT_YEARS), completed_at: db.raw(EIGHT_YEARS) });
  await db.transaction(async (trx) => {
    await trx.raw('SET LOCAL session_replication_role = replica');
    await trx('invoices').whereIn('registration_id', regIds).orWhereRaw(`document->'payment'->>'reference' = ANY (?::text[])`, [paymentIds]).update({ issued_at: db.raw(EIGHT_YEARS) });
  });
}
