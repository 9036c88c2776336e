import { randomInt } from 'node:crypto';
import type { Db } from '../db/knex';

/**
 * The sandbox keeps its state in its own schema of the same database, so it survives a
 * server restart (a buyer may approve before and return after) and every instance sees it.
 * It is created at start rather than by a migration: production never has it.
 */
export const SANDBOX_SCHEMA = 'provider_sandbox';

const DDL = `
  CREATE SCHEMA IF NOT EXISTS provider_sandbox;
  CREATE TABLE IF NOT EXISTS provider_sandbox.paypal_orders (
    id text PRIMARY KEY,
    request_id text UNIQUE,
    status text NOT NULL,
    amount text NOT NULL,
    currency text NOT NULL,
    reference_id text,
    custom_id text,
    description text,
    return_url text,
    cancel_url text,
    capture_outcome text NOT NULL DEFAULT 'COMPLETED',
    capture_id text UNIQUE,
    capture_request_id text,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS provider_sandbox.paypal_refunds (
    id text PRIMARY KEY,
    capture_id text NOT NULL,
    request_id text UNIQUE,
    amount text NOT NULL,
    currency text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS provider_sandbox.razorpay_orders (
    id text PRIMARY KEY,
    amount integer NOT NULL,
    currency text NOT NULL,
    receipt text,
    notes jsonb NOT NULL DEFAULT '{}'::jsonb,
    status text NOT NULL DEFAULT 'created',
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS provider_sandbox.razorpay_payments (
    id text PRIMARY KEY,
    order_id text NOT NULL,
    amount integer NOT NULL,
    currency text NOT NULL,
    status text NOT NULL,
    email text,
    contact text,
    amount_refunded integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS provider_sandbox.razorpay_refunds (
    id text PRIMARY KEY,
    payment_id text NOT NULL,
    amount integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  );
  -- Added after the first release of the sandbox: existing databases get them too.
  ALTER TABLE provider_sandbox.paypal_orders ADD COLUMN IF NOT EXISTS capture_status text;
  ALTER TABLE provider_sandbox.paypal_orders ADD COLUMN IF NOT EXISTS captured_at timestamptz;
  ALTER TABLE provider_sandbox.paypal_orders ADD COLUMN IF NOT EXISTS capture_updated_at timestamptz;
  ALTER TABLE provider_sandbox.paypal_refunds ADD COLUMN IF NOT EXISTS note_to_payer text;
  ALTER TABLE provider_sandbox.paypal_refunds ADD COLUMN IF NOT EXISTS custom_id text;
  CREATE INDEX IF NOT EXISTS paypal_refunds_capture_id_idx ON provider_sandbox.paypal_refunds (capture_id);
  ALTER TABLE provider_sandbox.razorpay_refunds ADD COLUMN IF NOT EXISTS notes jsonb NOT NULL DEFAULT '{}'::jsonb;
  ALTER TABLE provider_sandbox.razorpay_refunds ADD COLUMN IF NOT EXISTS receipt text;
  ALTER TABLE provider_sandbox.razorpay_refunds ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT 'processed';
  CREATE INDEX IF NOT EXISTS razorpay_refunds_payment_id_idx ON provider_sandbox.razorpay_refunds (payment_id);
  CREATE TABLE IF NOT EXISTS provider_sandbox.emails (
    id bigserial PRIMARY KEY,
    message_id text NOT NULL,
    to_email text NOT NULL,
    from_email text NOT NULL,
    subject text NOT NULL,
    text_body text,
    html_body text,
    attachments jsonb NOT NULL DEFAULT '[]'::jsonb,
    received_at timestamptz NOT NULL DEFAULT now()
  );
  CREATE TABLE IF NOT EXISTS provider_sandbox.controls (
    key text PRIMARY KEY,
    value jsonb NOT NULL
  );
`;

export async function ensureSandboxSchema(db: Db): Promise<void> {
  // Two instances starting at once would race on CREATE ... IF NOT EXISTS.
  await db.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [SANDBOX_SCHEMA]);
    await trx.raw(DDL);
  });
}

/**
 * What the "provider down for a while" switches can take down: SendGrid's mail send, both
 * providers' refund calls, or the rest of both providers' server-to-server API ('api'); or,
 * answered but refused, new refunds while the business's balance cannot cover them ('balance').
 */
export type SandboxOutage = 'sendgrid' | 'refunds' | 'api' | 'balance';

/** The service answers 503 until this instant. */
export async function setOutage(db: Db, what: SandboxOutage, seconds: number): Promise<void> {
  const until = new Date(Date.now() + seconds * 1000).toISOString();
  await db.raw(
    `INSERT INTO provider_sandbox.controls (key, value) VALUES (?, to_jsonb(?::text))
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [`${what}_down_until`, until],
  );
}

export async function isDown(db: Db, what: SandboxOutage): Promise<boolean> {
  const r = await db.raw(`SELECT (value #>> '{}')::timestamptz > now() AS down FROM provider_sandbox.controls WHERE key = ?`, [`${what}_down_until`]);
  return Boolean(r.rows[0]?.down);
}

/** Refund calls wait this long before the refund is made, as a slow provider would (0: at once). */
/** What a slow-provider switch slows: refund calls (both providers), or SendGrid's mail send. */
export type SandboxDelay = 'refunds' | 'sendgrid';

export async function setDelay(db: Db, what: SandboxDelay, ms: number): Promise<void> {
  await db.raw(
    `INSERT INTO provider_sandbox.controls (key, value) VALUES (?, to_jsonb(?::int))
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [`${what}_delay_ms`, ms],
  );
}

export async function delayMs(db: Db, what: SandboxDelay): Promise<number> {
  const r = await db.raw(`SELECT (value #>> '{}')::int AS ms FROM provider_sandbox.controls WHERE key = ?`, [`${what}_delay_ms`]);
  return Number(r.rows[0]?.ms ?? 0);
}

export interface SandboxEmail {
  id: number;
  message_id: string;
  to_email: string;
  from_email: string;
  subject: string;
  text_body: string | null;
  html_body: string | null;
  attachments: { filename: string; type: string; content: string }[];
  received_at: string;
}

export async function listSandboxEmails(db: Db, to?: string): Promise<SandboxEmail[]> {
  const q = db('provider_sandbox.emails').orderBy('id', 'asc');
  if (to) q.whereRaw('lower(to_email) = lower(?)', [to]);
  return q;
}

export function sandboxId(prefix: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  let s = '';
  for (let i = 0; i < 14; i++) s += alphabet[randomInt(alphabet.length)];
  return `${prefix}${s}`;
}
