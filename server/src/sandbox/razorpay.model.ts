import type { Request, Response } from 'express';
import { SANDBOX_CREDENTIALS } from './sandbox.credentials';

/** Razorpay's error body; the SDK rejects with `{statusCode, error}` taken from it. */
export function rzpError(res: Response, status: number, description: string, field?: string) {
  res.status(status).json({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, field } });
}

export function rzpUnavailable(res: Response) {
  res.status(503).json({ error: { code: 'SERVER_ERROR', description: 'The server encountered an error. The incident has been reported to admins. (sandbox outage)', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } });
}

export function basicOk(req: Request): boolean {
  const expected = 'Basic ' + Buffer.from(`${SANDBOX_CREDENTIALS.razorpayKeyId}:${SANDBOX_CREDENTIALS.razorpayKeySecret}`).toString('base64');
  return req.get('authorization') === expected;
}

export const unauthorized = (res: Response) => rzpError(res, 401, 'Authentication failed');
export const unknownId = (res: Response) => rzpError(res, 400, 'The id provided does not exist');

const seconds = (d: Date) => Math.floor(new Date(d).getTime() / 1000);

export interface RzpOrderRow {
  id: string;
  amount: number;
  currency: string;
  receipt: string | null;
  notes: unknown;
  /** created → attempted (a payment was tried, or only authorized) → paid (a payment captured). */
  status: string;
  created_at: Date;
}

export interface RzpPaymentRow {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  /** authorized → captured → refunded (only once fully refunded), or failed. */
  status: string;
  email: string | null;
  contact: string | null;
  amount_refunded: number;
  created_at: Date;
}

export interface RzpRefundRow {
  id: string;
  payment_id: string;
  amount: number;
  notes: Record<string, unknown>;
  receipt: string | null;
  /** `processed`, or `failed` when the bank sent it back (POST /sandbox/razorpay/refunds/:id/fail). */
  status: 'processed' | 'failed';
  created_at: Date;
}

export function orderJson(o: RzpOrderRow, paid = 0, attempts = 0) {
  return { id: o.id, entity: 'order', amount: o.amount, amount_paid: paid, amount_due: o.amount - paid, currency: o.currency, receipt: o.receipt, offer_id: null, status: o.status, attempts, notes: o.notes, created_at: seconds(o.created_at) };
}

export function paymentJson(p: RzpPaymentRow) {
  const refundStatus = !p.amount_refunded ? null : p.amount_refunded >= p.amount ? 'full' : 'partial';
  return {
    id: p.id,
    entity: 'payment',
    amount: p.amount,
    currency: p.currency,
    status: p.status,
    order_id: p.order_id,
    method: 'card',
    amount_refunded: p.amount_refunded,
    refund_status: refundStatus,
    captured: p.status === 'captured' || p.status === 'refunded',
    email: p.email,
    contact: p.contact,
    error_code: p.status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
    created_at: seconds(p.created_at),
  };
}

export function refundJson(r: RzpRefundRow, currency: string) {
  return {
    id: r.id,
    entity: 'refund',
    amount: r.amount,
    currency,
    payment_id: r.payment_id,
    // Razorpay serialises empty notes as an array; callers have to cope with it.
    notes: Object.keys(r.notes ?? {}).length ? r.notes : [],
    receipt: r.receipt,
    acquirer_data: { arn: null },
    batch_id: null,
    status: r.status,
    speed_processed: 'normal',
    speed_requested: 'normal',
    created_at: seconds(r.created_at),
  };
}

/** Razorpay takes amounts in the smallest unit, as a JSON integer or a string of digits. */
export function wholeAmount(value: unknown): number | undefined {
  if (Number.isSafeInteger(value)) return value as number;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}
