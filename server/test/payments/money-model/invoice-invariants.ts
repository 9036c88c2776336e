import type { Db } from '../../../src/db/knex';
import type { Captured } from './money-invariants';

/**
 * The books (issue 25), once everything settled: a captured payment that ever bought a seat has
 * exactly one current invoice (none otherwise: money that bought nothing went back without one);
 * the credit notes of money back add up to exactly the refunds of ours made on it and what went back
 * at the provider beyond them (a second payment of the same order was never invoiced, so its refund
 * credits nothing); no invoice is credited more
 * than its total; and the
 * numbers of every prefix and year run 1, 2, 3... with no gap and no repeat.
 */
export async function invoicesMatchMoney(db: Db, captured: Captured[], seen: Record<string, number>): Promise<string[]> {
  const problems: string[] = [];
  for (const p of captured) {
    const all = await db('invoices').where({ kind: 'invoice' }).whereRaw(`document->'payment'->>'reference' = ?`, [p.id]).select('id', 'number', 'total_cents', db.raw(`document->>'replaces' AS replaces`));
    // A correction of the buyer's details replaces an invoice (credited in full): the current ones are those none replaced.
    const replaced = new Set(all.map((i) => i.replaces).filter(Boolean));
    const invoices = all.filter((i) => !replaced.has(i.number));
    const live = await db('workshop_registrations').where({ payment_id: p.id }).whereNotNull('completed_at').first('id');
    const archived = await db('workshop_registrations_archive').whereRaw(`record->>'payment_id' = ? AND record->>'completed_at' IS NOT NULL`, [p.id]).first('id');
    const bought = Boolean(live || archived);
    if (invoices.length !== (bought ? 1 : 0)) {
      problems.push(`payment ${p.id} ${bought ? 'bought a seat' : 'bought nothing'} and has ${invoices.length} current invoices (${invoices.map((i) => i.number).join(', ')})`);
      continue;
    }
    if (!bought) continue;
    seen.invoiced = (seen.invoiced ?? 0) + 1;
    const ids = all.map((i) => i.id);
    // Money back: our refunds made on it, and what went back at the provider beyond them (refunded outside).
    const credited = Number((await db('invoices').whereIn('credits_invoice_id', ids).where((w) => w.where('refund_key', 'like', 'refund:%').orWhere('refund_key', 'like', 'outside:%')).sum('total_cents as n').first())?.n ?? 0);
    const ours = Number((await db('refunds').where({ payment_id: p.id, status: 'succeeded' }).whereNot({ reason: 'duplicate_payment' }).sum('amount_cents as n').first())?.n ?? 0);
    const outside = Number((await db('payments').where({ payment_id: p.id }).sum('refunded_outside_cents as n').first())?.n ?? 0);
    const refunded = ours + outside;
    if (credited > 0) seen.creditNoted = (seen.creditNoted ?? 0) + 1;
    if (credited !== refunded) problems.push(`payment ${p.id}: its credit notes for money back total ${credited}; refunds made ${ours}, refunded outside them ${outside}`);
    for (const i of all) {
      const on = Number((await db('invoices').where({ credits_invoice_id: i.id }).sum('total_cents as n').first())?.n ?? 0);
      if (on > i.total_cents) problems.push(`invoice ${i.number} of ${i.total_cents} is credited ${on}`);
    }
  }
  const numbers: { number: string }[] = [...(await db('invoices').select('number')), ...[...RETIRED_NUMBERS].map((number) => ({ number }))];
  const bySequence = new Map<string, number[]>();
  for (const { number } of numbers) {
    const m = /^(.*-\d{4})-(\d{6})$/.exec(number);
    if (!m) continue;
    bySequence.set(m[1], [...(bySequence.get(m[1]) ?? []), Number(m[2])]);
  }
  for (const [sequence, used] of bySequence) {
    const sorted = [...used].sort((a, b) => a - b);
    if (sorted.some((n, i) => n !== i + 1)) problems.push(`${sequence} numbers are ${sorted.join(', ')}: not 1 to ${sorted.length} without a gap`);
  }
  return problems;
}

/** Numbers of invoices and credit notes the retention run deleted past the law's period (retention-steps.ts): a gap they leave is theirs. */
export const RETIRED_NUMBERS = new Set<string>();

/** A booking paid outside the site: what was given back of it by hand is exactly what its credit notes say. */
export async function byHandCredited(db: Db, workshopIds: string[]): Promise<string[]> {
  const problems: string[] = [];
  const offline = await db('workshop_registrations').whereIn('workshop_id', workshopIds).where({ by_hand_payment: 'offline' }).select('id', 'amount', 'by_hand_refunded_cents');
  for (const r of offline) {
    const credited = Number((await db('invoices').where('refund_key', 'like', `by_hand:${r.id}:%`).sum('total_cents as n').first())?.n ?? 0);
    if (credited !== Number(r.by_hand_refunded_cents ?? 0)) problems.push(`offline booking ${r.id}: given back by hand ${r.by_hand_refunded_cents}, credited ${credited}`);
    const invoices = await db('invoices').where({ registration_id: r.id, kind: 'invoice' }).count('* as n').first();
    if (r.amount > 0 && Number(invoices?.n ?? 0) !== 1) problems.push(`offline booking ${r.id} of ${r.amount} has ${invoices?.n} invoices`);
  }
  return problems;
}
