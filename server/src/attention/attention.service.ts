import { formatCents, type AttentionItem, type AttentionList } from '@workshop/shared';
import type { Db } from '../db/knex';
import { ConflictError, NotFoundError } from '../http/errors';
import { scheduleRefundJob } from '../payments/refunds/refund.queue';
import {
  checkAgainNow,
  eventNamesPayment,
  eventsFor,
  findRefund,
  findRegistrationStatus,
  openRefundsOf,
  refundsNeedingAttention,
  registrationsByIds,
  registrationsNeedingAttention,
  requeueRefund,
  type EventRow,
  type RegistrationRow,
} from './attention.queries';
import { emailBounceItems } from './email-bounces';
import type { RefundReason, RefundRow } from '../payments/refunds/refund.queue';

/** Why the money goes back, as the words after "Refunding $99.00 to a buyer": one for every reason a refund has. */
const OWED_BECAUSE: Record<RefundReason, string> = {
  workshop_full: 'who paid after the workshop filled up',
  workshop_cancelled: 'who paid after the workshop was cancelled',
  promo_used_up: 'who paid with a promo code that was used up meanwhile',
  amount_mismatch: 'who paid the wrong amount',
  already_booked: 'who paid for a seat they already had from another booking',
  replaced: 'who paid for a checkout they had replaced with a newer one',
  duplicate_payment: 'who paid twice for one seat',
  unneeded_payment: 'who paid again while already being refunded',
  unattributed: 'who paid for an order no registration owns',
  cancellation: 'whose booking was cancelled',
  goodwill: 'as a goodwill gesture (the booking stays)',
};

const money = (cents: number, currency: string) => (currency === 'USD' ? formatCents(cents) : `${(cents / 100).toFixed(2)} ${currency}`);
const times = (n: number) => (n === 1 ? 'once' : `${n} times`);
const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

type Draft = Omit<AttentionItem, 'timeline'> & { registrationId: string | null };

function refundFailing(f: RefundRow, reg: RegistrationRow | undefined): Draft {
  const because = OWED_BECAUSE[f.reason];
  const stopped = f.status === 'failed' ? 'Automatic retries have stopped.' : 'It is retried automatically with backoff.';
  return {
    ...base(f, reg),
    kind: 'refund_failing',
    explanation: `Refunding ${money(owed(f), f.currency)} to a buyer ${because} has failed ${times(f.attempts)} at ${providerName(f.provider)}. ${stopped}`,
  };
}

function unattributed(f: RefundRow): Draft {
  return {
    ...base(f, undefined),
    kind: 'unattributed',
    explanation: `${money(f.amount_cents, f.currency)} arrived at ${providerName(f.provider)} for an order no registration owns; it is being refunded.`,
  };
}

/** What a refund still asks of the provider: an admin reading it may give it back by hand, so never what hand money already paid. */
const owed = (f: RefundRow) => f.amount_cents - (f.credited_cents ?? 0);

function base(f: RefundRow, reg: RegistrationRow | undefined): Omit<Draft, 'kind' | 'explanation'> {
  return {
    id: `refund:${f.id}`,
    amount_cents: owed(f),
    currency: f.currency,
    provider: f.provider,
    payment_id: f.payment_id,
    order_id: reg?.provider_order_id ?? null,
    registration: reg ? who(reg) : null,
    registrationId: f.registration_id,
    refund: { id: f.id, reason: f.reason, status: f.status },
    started_at: iso(f.created_at)!,
    attempts: f.attempts,
    last_error: f.last_error,
    next_check_at: null,
    retry: { target: 'refund', id: f.id },
    email: null,
  };
}

function who(r: RegistrationRow): NonNullable<AttentionItem['registration']> {
  return { id: r.id, name: r.name, email: r.email, access_id: r.access_id, workshop_title: r.workshop_title, status: r.status, status_reason: r.status_reason };
}

const providerName = (p: string | null) => (p === 'paypal' ? 'PayPal' : p === 'razorpay' ? 'Razorpay' : 'the payment provider');

function fromRegistration(r: RegistrationRow, refund: RefundRow | undefined): Draft {
  const common = {
    id: `registration:${r.id}`,
    amount_cents: r.amount,
    currency: r.currency,
    provider: r.payment_method,
    payment_id: r.payment_id,
    order_id: r.provider_order_id,
    registration: who(r),
    registrationId: r.id,
    refund: null,
    started_at: iso(r.created_at)!,
    attempts: r.reconcile_attempts,
    last_error: r.reconcile_error,
    next_check_at: iso(r.next_check_at),
    retry: { target: 'registration' as const, id: r.id },
    email: null,
  };
  if (r.status === 'refund_pending') {
    // The money that came is what goes back; the registration keeps the price it expected.
    const paid = refund ? money(refund.amount_cents, refund.currency) : 'An amount';
    return {
      ...common,
      kind: 'amount_mismatch',
      explanation: `${paid} was paid for a ${money(r.amount, r.currency)} seat, so no seat was given; the payment is being refunded.`,
      amount_cents: refund?.amount_cents ?? r.amount,
      currency: refund?.currency ?? r.currency,
      payment_id: refund?.payment_id ?? r.payment_id,
      refund: refund ? { id: refund.id, reason: refund.reason, status: refund.status } : null,
      attempts: refund ? refund.attempts : null,
      last_error: refund?.last_error ?? null,
      next_check_at: null,
      retry: refund ? { target: 'refund', id: refund.id } : null,
    };
  }
  if (r.status_reason === 'capture_pending') {
    return {
      ...common,
      kind: 'capture_pending',
      explanation: `${providerName(r.payment_method)} has taken ${money(r.amount, r.currency)} but not finished the capture; the seat is held until it does, and the checkout is checked again.`,
    };
  }
  return {
    ...common,
    kind: 'checkout_stuck',
    explanation: `The reconciler has looked at this checkout ${times(r.reconcile_attempts)} without settling it with ${providerName(r.payment_method)}.`,
  };
}

/**
 * Everything that needs an admin, oldest first. A thing shows once: a failing refund as
 * "refund failing" even when it is a mismatch's or an unattributed payment's. An access email
 * that did not arrive is an item of its own, beside any money item of the same booking.
 */
export async function listAttention(db: Db): Promise<AttentionList> {
  const [refunds, regs, bounces] = await Promise.all([refundsNeedingAttention(db), registrationsNeedingAttention(db), emailBounceItems(db)]);
  const mismatched = regs.filter((r) => r.status === 'refund_pending').map((r) => r.id);
  const refundRegIds = refunds.map((f) => f.registration_id).filter((id): id is string => !!id);
  const [open, refundRegs] = await Promise.all([openRefundsOf(db, mismatched), registrationsByIds(db, refundRegIds)]);
  const regById = new Map([...refundRegs, ...regs].map((r) => [r.id, r]));

  const failing = new Set(refunds.filter((f) => f.failing).map((f) => f.id));
  const drafts: Draft[] = refunds.map((f) => (f.failing ? refundFailing(f, regById.get(f.registration_id ?? '')) : unattributed(f)));
  for (const r of regs) {
    if (r.status !== 'refund_pending') {
      drafts.push(fromRegistration(r, undefined));
      continue;
    }
    const mine = open.filter((f) => f.registration_id === r.id);
    // Its refund is failing: already listed as that refund, with this registration named.
    if (mine.some((f) => failing.has(f.id))) continue;
    drafts.push(fromRegistration(r, mine.find((f) => f.reason === 'amount_mismatch') ?? mine[0]));
  }
  drafts.push(...bounces);
  drafts.sort((a, b) => a.started_at.localeCompare(b.started_at) || a.id.localeCompare(b.id));

  const unregistered = drafts.filter((d) => !d.registrationId && d.payment_id).map((d) => d.payment_id!);
  const events = await eventsFor(db, [...new Set(drafts.map((d) => d.registrationId).filter((id): id is string => !!id))], unregistered);
  const items = drafts.map((d) => withTimeline(d, events));
  return { items, total: items.length };
}

function withTimeline({ registrationId, ...item }: Draft, events: EventRow[]): AttentionItem {
  const mine = events.filter((e) => (registrationId ? e.registration_id === registrationId : !!item.payment_id && eventNamesPayment(e, item.payment_id)));
  const orderId = item.order_id ?? orderOf(mine, item.payment_id);
  return {
    ...item,
    order_id: orderId,
    timeline: mine.map((e) => ({
      id: e.id,
      provider: e.provider,
      event_id: e.event_id,
      event_type: e.event_type,
      outcome: e.outcome,
      received_at: iso(e.received_at)!,
      processed_at: iso(e.processed_at),
    })),
  };
}

/** Unattributed money is recorded with the order it was paid for. */
function orderOf(events: EventRow[], paymentId: string | null): string | null {
  const e = events.find((x) => x.event_id === `unattributed:${paymentId}`);
  const order = (e?.payload as { order_id?: unknown } | null)?.order_id;
  return typeof order === 'string' ? order : null;
}

async function itemFor(db: Db, target: 'refund' | 'registration', id: string): Promise<AttentionItem | null> {
  const { items } = await listAttention(db);
  return items.find((i) => i.retry?.target === target && i.retry.id === id) ?? items.find((i) => i.id === `${target}:${id}`) ?? null;
}

/** The refund is queued again and the worker tries it now; its attempts keep counting. */
export async function retryRefund(db: Db, id: string): Promise<AttentionItem | null> {
  const requeued = await db.transaction(async (trx) => {
    const row = await requeueRefund(trx, id);
    if (row) await scheduleRefundJob(trx, row.id);
    return row;
  });
  if (!requeued) {
    const row = await findRefund(db, id);
    if (!row) throw new NotFoundError('No refund with this id.');
    throw new ConflictError(`This refund already went through${row.completed_at ? ` on ${new Date(row.completed_at).toISOString().slice(0, 10)}` : ''}: there is nothing to retry.`);
  }
  return itemFor(db, 'refund', id);
}

/** The next reconcile pass looks at this checkout at once instead of after its backoff. */
export async function retryRegistration(db: Db, id: string): Promise<AttentionItem | null> {
  if (!(await checkAgainNow(db, id))) {
    const row = await findRegistrationStatus(db, id);
    if (!row) throw new NotFoundError('No registration with this id.');
    throw new ConflictError(`This checkout is ${row.status.replace('_', ' ')}, not pending: there is nothing to check again.`);
  }
  return itemFor(db, 'registration', id);
}
