import type { Request, Response } from 'express';
import type { Db } from '../db/knex';
import { sandboxId } from './sandbox.store';

/** A PayPal REST error body, as the SDK parses it. */
export function paypalError(res: Response, status: number, name: string, issue: string, description: string) {
  res.status(status).json({ name, message: description, debug_id: sandboxId('dbg'), details: [{ issue, description }] });
}

export type PaypalFailure = readonly [status: number, name: string, issue: string, description: string];

export const unprocessable = (issue: string, description: string): PaypalFailure => [422, 'UNPROCESSABLE_ENTITY', issue, description];
export const NOT_FOUND: PaypalFailure = [404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.'];

export function bearerOk(req: Request): boolean {
  return /^Bearer A21AA-sandbox-/.test(req.get('authorization') ?? '');
}

export function unauthorized(res: Response) {
  paypalError(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Authentication failed due to invalid authentication credentials.');
}

export function serviceUnavailable(res: Response) {
  paypalError(res, 503, 'SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE', 'Service Unavailable (sandbox outage).');
}

export interface OrderRow {
  id: string;
  status: string;
  amount: string;
  currency: string;
  reference_id: string | null;
  custom_id: string | null;
  description: string | null;
  return_url: string | null;
  cancel_url: string | null;
  /** What capturing will do, chosen by the buyer's button: COMPLETED, DECLINED or PENDING. */
  capture_outcome: string;
  capture_id: string | null;
  /** COMPLETED, PENDING or DECLINED once captured; null on rows captured before the column existed (COMPLETED). */
  capture_status: string | null;
  captured_at: Date | null;
  capture_updated_at: Date | null;
  created_at: Date;
  /** The capture's refunds, oldest first, when read through loadOrder. */
  refunds?: RefundRow[];
}

export interface RefundRow {
  id: string;
  capture_id: string;
  request_id: string | null;
  amount: string;
  currency: string;
  note_to_payer: string | null;
  custom_id: string | null;
  created_at: Date;
}

// PayPal rejects decimals for these; every other currency the server uses has two.
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);
const decimals = (currency: string) => (ZERO_DECIMAL.has(currency) ? 0 : 2);

/** "12.50" USD → 1250; undefined when it is not a non-negative amount with the currency's precision. */
export function toMinor(value: string, currency: string): number | undefined {
  const m = /^(\d{1,15})(?:\.(\d+))?$/.exec(value);
  const places = decimals(currency);
  if (!m || (m[2] ?? '').length > places) return undefined;
  return Number(m[1]) * 10 ** places + Number((m[2] ?? '').padEnd(places, '0') || 0);
}

export function fromMinor(minor: number, currency: string): string {
  const places = decimals(currency);
  return places ? (minor / 10 ** places).toFixed(places) : String(minor);
}

const iso = (d: Date | string | null | undefined) => new Date(d ?? Date.now()).toISOString();

export function refundedMinor(refunds: RefundRow[], currency: string): number {
  return refunds.reduce((sum, r) => sum + (toMinor(r.amount, currency) ?? 0), 0);
}

/** The capture's status as PayPal reports it: refunds turn a COMPLETED capture PARTIALLY_REFUNDED, then REFUNDED. */
export function captureStatus(o: OrderRow): string {
  const settled = o.capture_status ?? 'COMPLETED';
  if (settled !== 'COMPLETED') return settled;
  const refunded = refundedMinor(o.refunds ?? [], o.currency);
  if (!refunded) return 'COMPLETED';
  return refunded >= (toMinor(o.amount, o.currency) ?? 0) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

export function captureJson(o: OrderRow) {
  const status = captureStatus(o);
  const self = `/sandbox/paypal/v2/payments/captures/${o.capture_id}`;
  return {
    id: o.capture_id as string,
    status,
    // What PayPal says about a capture held for review; it settles later (see the settle control).
    ...(status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
    amount: { currency_code: o.currency, value: o.amount },
    final_capture: true,
    ...(o.custom_id ? { custom_id: o.custom_id } : {}),
    create_time: iso(o.captured_at ?? o.created_at),
    update_time: iso(o.capture_updated_at ?? o.captured_at ?? o.created_at),
    links: [
      { href: self, rel: 'self', method: 'GET' },
      { href: `${self}/refund`, rel: 'refund', method: 'POST' },
      { href: `/sandbox/paypal/v2/checkout/orders/${o.id}`, rel: 'up', method: 'GET' },
    ],
  };
}

/** The order in PayPal's v2 JSON shape; the approval link is a path on whatever origin serves the sandbox. */
export function orderJson(o: OrderRow) {
  const amount = { currency_code: o.currency, value: o.amount };
  return {
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    create_time: iso(o.created_at),
    purchase_units: [
      {
        reference_id: o.reference_id ?? 'default',
        custom_id: o.custom_id ?? undefined,
        description: o.description ?? undefined,
        amount,
        // PayPal lists the order's refunds next to its captures.
        ...(o.capture_id ? { payments: { captures: [captureJson(o)], ...(o.refunds?.length ? { refunds: refundsJson(o.refunds, o.currency) } : {}) } } : {}),
      },
    ],
    ...(o.status !== 'CREATED' && o.status !== 'PAYER_ACTION_REQUIRED' ? { payer: { email_address: 'buyer@sandbox.example', payer_id: 'SANDBOXPAYER' } } : {}),
    links: [
      { href: `/sandbox/paypal/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      { href: `/sandbox/paypal/checkoutnow?token=${o.id}`, rel: 'payer-action', method: 'GET' },
    ],
  };
}

/**
 * `totalRefunded`: the capture's refunds up to and including this one, as PayPal's breakdown
 * reports it. `summary`: as listed inside an order, where this sandbox leaves custom_id out (the
 * order schema does not promise it), so the server reads each refund itself to tell whose it is.
 */
export function refundJson(r: RefundRow, totalRefunded: string, summary = false) {
  const money = (value: string) => ({ currency_code: r.currency, value });
  return {
    id: r.id,
    status: 'COMPLETED',
    amount: money(r.amount),
    ...(r.note_to_payer ? { note_to_payer: r.note_to_payer } : {}),
    ...(r.custom_id && !summary ? { custom_id: r.custom_id } : {}),
    seller_payable_breakdown: { gross_amount: money(r.amount), net_amount: money(r.amount), total_refunded_amount: money(totalRefunded) },
    create_time: iso(r.created_at),
    update_time: iso(r.created_at),
    links: [
      { href: `/sandbox/paypal/v2/payments/refunds/${r.id}`, rel: 'self', method: 'GET' },
      { href: `/sandbox/paypal/v2/payments/captures/${r.capture_id}`, rel: 'up', method: 'GET' },
    ],
  };
}

/** Each refund with the capture's refunded total up to it, oldest first. */
export function refundsJson(refunds: RefundRow[], currency: string) {
  return refunds.map((r, i) => refundJson(r, fromMinor(refundedMinor(refunds.slice(0, i + 1), currency), currency), true));
}

async function withRefunds(db: Db, row: OrderRow | undefined): Promise<OrderRow | undefined> {
  if (!row) return undefined;
  const refunds = row.capture_id ? await db('provider_sandbox.paypal_refunds').where({ capture_id: row.capture_id }).orderBy([{ column: 'created_at' }, { column: 'id' }]) : [];
  return { ...row, refunds };
}

export async function loadOrder(db: Db, id: string): Promise<OrderRow | undefined> {
  return withRefunds(db, await db('provider_sandbox.paypal_orders').where({ id }).first());
}

export async function loadOrderByCapture(db: Db, captureId: string): Promise<OrderRow | undefined> {
  return withRefunds(db, await db('provider_sandbox.paypal_orders').where({ capture_id: captureId }).first());
}
