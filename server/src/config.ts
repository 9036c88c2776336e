import { isIP } from 'node:net';
import { z } from 'zod';

const wholeNumber = 'must be a whole number';

/** Express's names for address ranges, beside addresses and CIDR blocks. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const proxyAddress = (s: string) => PROXY_NAMES.has(s) || isIP(s.split('/')[0]) !== 0;
/**
 * Who may set X-Forwarded-For, as Express's `trust proxy` takes it: "true" (one hop, the load
 * balancer in front), a hop count, or the proxies' addresses and CIDR blocks, comma separated
 * (only a request from one of them is believed). False, "false" or unset: the header is ignored.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const s = (v ?? '').trim();
    if (s === '' || s === 'false' || s === '0') return false;
    if (s === 'true') return 1;
    if (/^\d+$/.test(s) && Number(s) <= 10) return Number(s);
    const list = s.split(',').map((x) => x.trim()).filter(Boolean);
    if (list.length && list.every(proxyAddress)) return list;
    ctx.addIssue({ code: 'custom', message: `must be "true", "false", a hop count from 1 to 10, or the proxies' addresses, such as 10.0.0.1,10.0.0.0/8 or loopback` });
    return z.NEVER;
  });
const positiveInt = (fallback: number) =>
  z.coerce.number({ error: `${wholeNumber} above 0` }).int(`${wholeNumber} above 0`).positive(`${wholeNumber} above 0`).default(fallback);

/** Every setting the server reads, all from the environment (Ghost: validate, never transform). */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce
    .number({ error: `${wholeNumber} from 0 to 65535` })
    .int(`${wholeNumber} from 0 to 65535`)
    .min(0, `${wholeNumber} from 0 to 65535`)
    .max(65535, `${wholeNumber} from 0 to 65535`)
    .default(3000),
  // Loopback unless told otherwise: a development server is not for the whole network.
  HOST: z.string().trim().min(1, 'must be an address to listen on, such as 127.0.0.1 or 0.0.0.0').default('127.0.0.1'),
  /** `on`: mount the provider sandbox (no authentication) even on a non-loopback HOST. */
  SANDBOX: z.enum(['on', 'off']).default('off'),
  DATABASE_URL: z.string({ error: 'is required (postgres://user:password@host:5432/database)' }).regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string'),
  DATABASE_POOL_MAX: positiveInt(10),
  PUBLIC_BASE_URL: z.url('must be a full URL such as https://workshops.example.com').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy,
  SITE_DIST: z.string().optional(),
  HOLD_MINUTES: positiveInt(10),
  HOLDS_PER_IP: positiveInt(3),
  /** Join details appear on the booking page this many hours before the start. */
  JOIN_DETAILS_HOURS_BEFORE: positiveInt(24),
  /** An admin session ends this long after sign-in whatever happens (30 days); unused, after the owners' admin_security setting's hours. */
  SESSION_TTL_HOURS: positiveInt(720),
  RATE_LIMIT_LOGIN_MAX: positiveInt(10),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: positiveInt(15 * 60),
  RATE_LIMIT_FORMS_MAX: positiveInt(20),
  RATE_LIMIT_FORMS_WINDOW_SECONDS: positiveInt(60),
  RATE_LIMIT_CALLBACK_MAX: positiveInt(120),
  RATE_LIMIT_WEBHOOK_REFUSED_MAX: positiveInt(20),
  SHUTDOWN_GRACE_SECONDS: positiveInt(10),
  PREVIEW_VIDEO_URL: z.url().optional(),
  /** GET /metrics for callers other than loopback (Prometheus in another container): `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Payments and email (server/src/payments, server/src/email): absent credentials = the built-in provider sandbox.
  PAYMENT_PROVIDERS: z.string().regex(/^\s*(paypal|razorpay)?(\s*,\s*(paypal|razorpay))*\s*$/, 'must list paypal and/or razorpay, comma-separated').default('paypal,razorpay'),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
  PAYPAL_WEBHOOK_ID: z.string().optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  SENDGRID_API_KEY: z.string().optional(),
  /** SendGrid's Event Webhook verification key (Mail Settings → Event Webhook → Signed): bounces reach the admins. */
  SENDGRID_WEBHOOK_PUBLIC_KEY: z.string().min(40, 'must be the verification key SendGrid shows').optional(),
  EMAIL_FROM: z.email('must be an email address').default('workshops@example.com'),
  EMAIL_FROM_NAME: z.string().default('No-Code Workshop'),
  RECONCILE_INTERVAL_SECONDS: positiveInt(60),
  /** How often ended workshops are looked for, to thank their attendees (within two intervals of the end). */
  FOLLOW_UP_INTERVAL_SECONDS: positiveInt(60),
  /** A call to PayPal or Razorpay gives up after this long; a refund's claim (five minutes) outlives any of its calls. */
  PROVIDER_TIMEOUT_MS: positiveInt(20_000).pipe(z.number().min(1000, 'must be at least 1000').max(60_000, 'must be at most 60000')),
  EMAIL_WORKER_CONCURRENCY: positiveInt(4),
  /** Refunds and the reconcile pass run in slots of their own, which no email send can take. */
  MONEY_WORKER_CONCURRENCY: positiveInt(2),
  /** How often idle workers look for jobs whose time has come (new jobs wake them at once). */
  JOB_POLL_INTERVAL_MS: positiveInt(1000),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  publicBaseUrl: string;
  isProduction: boolean;
}

export class ConfigError extends Error {}

/** Reads and checks the environment once at boot; every bad value is named in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `PORT=` in a .env file means "not set", not 0.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0]);
      // Echo the bad value so the fix is obvious, except where it could hold a credential.
      const secret = key === 'DATABASE_URL' || /SECRET|KEY|PASSWORD|TOKEN/.test(key);
      const value = given[key];
      return `  ${key}: ${i.message}${value === undefined || secret ? '' : ` (got "${value}")`}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    ...e,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    isProduction: e.NODE_ENV === 'production',
  };
}
