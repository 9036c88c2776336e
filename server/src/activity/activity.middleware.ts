import type { Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { jsonb, storableText } from '../db/jsonb';

/**
 * Where a workshop happens (the meeting, its passcode, the recording) is only ever for people who
 * paid. An edit of the workshop keeps them (who changed the join link, and to what, is what its
 * entry is for); any other write about the workshop (a mark on its register, a certificate) says
 * that they are set, never what they are, in a log that keeps everything for good.
 */
const PLACES = new Set(['join_url', 'join_passcode', 'recording_url']);
const WORKSHOP_EDIT = /^\/api\/admin\/workshops\/:id$/;
function hidePlaces(row: Record<string, unknown> | undefined, routePath: string): Record<string, unknown> | undefined {
  if (!row || WORKSHOP_EDIT.test(routePath)) return row;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, PLACES.has(k) && v != null ? '[hidden]' : v]));
}

/** Where an admin write's target row lives, by the route it came through. */
const TARGETS: { prefix: RegExp; type: string; load: (db: Db, req: Request) => Promise<unknown> }[] = [
  { prefix: /^\/api\/admin\/workshops\/:id/, type: 'workshop', load: async (db, req) => hidePlaces(await db('workshops').where({ id: req.params.id }).first(), req.route?.path ?? '') },
  { prefix: /^\/api\/admin\/registrations\/:id/, type: 'registration', load: (db, req) => db('workshop_registrations').where({ id: req.params.id }).first('id', 'name', 'email', 'phone', 'workshop_id', 'status', 'status_reason', 'amount', 'payment_id', 'by_hand_payment', 'by_hand_refunded_cents') },
  { prefix: /^\/api\/admin\/settings\/:key/, type: 'setting', load: (db, req) => db('admin_settings').where({ setting_key: req.params.key }).first('setting_key', 'setting_value') },
  { prefix: /^\/api\/admin\/interests\/:id/, type: 'interest', load: (db, req) => db('workshop_interests').where({ id: req.params.id }).first('id', 'name', 'email', 'status') },
  { prefix: /^\/api\/admin\/revive\/:id/, type: 'revive', load: (db, req) => db('revive').where({ id: req.params.id }).first() },
  { prefix: /^\/api\/admin\/users\/:id/, type: 'user', load: (db, req) => db('users').where({ id: req.params.id }).first('id', 'email', 'admin_role') },
  { prefix: /^\/api\/admin\/promo-codes\/:id/, type: 'promo_code', load: (db, req) => db('promo_codes').where({ id: req.params.id }).first() },
  {
    prefix: /^\/api\/admin\/registrations$/,
    type: 'registrations',
    load: async (db) => ({ registrations: Number((await db('workshop_registrations').count('* as n').first())?.n ?? 0) }),
  },
];

/** A creation has no id in its path: its target is the row its answer returns. */
const CREATED: Record<string, string> = {
  '/api/admin/workshops': 'workshop',
  '/api/admin/promo-codes': 'promo_code',
  '/api/admin/revive': 'revive',
  '/api/admin/users': 'user',
  '/api/admin/registrations': 'registration',
  '/api/admin/privacy/requests': 'privacy_request',
};

const SECRET = /password|token|secret/i;
/** On the admin's own account routes, a `code` is a one-time code (two-factor), not a promo code's name. */
const ACCOUNT_SECRET = /password|token|secret|code|ceremony|passkey/i;
/**
 * A privacy request names a person who may be erased by it: a log kept for good must not keep
 * their address (the request's own row, which its entry names, holds it as long as the law allows).
 */
const PERSON = /^email$/;
/** What the admin sent, without anything that must never be stored. */
function sanitize(body: unknown, routePath: string): unknown {
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return null;
  const secret = routePath.startsWith('/api/auth/') ? ACCOUNT_SECRET : SECRET;
  const person = routePath.startsWith('/api/admin/privacy/');
  return Object.fromEntries(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, secret.test(k) ? '[redacted]' : person && PERSON.test(k) ? '[the request’s address]' : v]));
}

function storableOrNull(id: string | null | undefined): string | null {
  return id == null ? null : storableText(id);
}

function idOf(body: unknown): string | null {
  // An admin account is named by its email (its answer carries no id).
  // A booking added by hand answers its detail: `registration.id`.
  const row = body && typeof body === 'object' ? (body as { id?: unknown; email?: unknown; registration?: { id?: unknown } }) : {};
  const id = row.id ?? row.registration?.id ?? row.email;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/**
 * Every admin write, recorded once it has answered: who, when, which route, the target row
 * before and after (for a creation: the row it made), and the request (secrets redacted). The table refuses updates and deletes.
 * A failure to record is logged, never turned into a failed admin action.
 */
export function recordAdminWrites(db: Db, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    const routePath: string = req.route?.path ?? req.path;
    const target = TARGETS.find((t) => t.prefix.test(routePath));
    // Express resets req.params once the route is left: keep what names the target now.
    const params = { ...req.params } as Record<string, string>;
    const load = () => (target ? target.load(db, { params, route: { path: routePath } } as unknown as Request).catch(() => null) : Promise.resolve(null));
    const before = await load();
    const createdType = req.method === 'POST' ? CREATED[routePath] : undefined;
    let created: unknown;
    if (createdType) {
      const json = res.json.bind(res);
      res.json = (body: unknown) => {
        created = body;
        return json(body);
      };
    }
    res.on('finish', () => {
      // A POST that only answered what it would do (a preview) changed nothing to record.
      if (res.locals.previewOnly) return;
      void (async () => {
        const after = await load();
        const createdId = createdType && res.statusCode < 300 ? idOf(created) : null;
        await db('admin_activity').insert({
          actor_user_id: req.admin?.id ?? null,
          actor_email: req.admin?.email ?? null,
          action: `${req.method} ${routePath}`,
          target_type: (createdId ? createdType : undefined) ?? target?.type ?? null,
          target_id: storableOrNull(params.id ?? params.key ?? createdId),
          before: before === undefined ? null : jsonb(before),
          after: jsonb({ request: sanitize(req.body, routePath), ...(after ? { row: after } : {}) }),
          status: res.statusCode,
        });
      })().catch((err) => logger.error({ err, path: routePath }, 'could not record an admin write'));
    });
    next();
  };
}

/**
 * A sign-in attempt, accepted or refused and why (issue 24, point 8): the owners see who tried to
 * get in, from where. Written in the attempt's own transaction (subscribed to the auth hook).
 */
export async function recordSignIn(trx: Knex.Transaction, e: { email: string; userId: string | null; refused: string | null; client: string; ip: string | null }): Promise<void> {
  await trx('admin_activity').insert({
    actor_user_id: e.userId,
    // An address no admin has may be anything typed into the box (a password, even): not kept.
    actor_email: e.refused === 'unknown_email' ? null : e.email.slice(0, 255),
    action: e.refused ? 'POST /api/auth/login (refused)' : 'POST /api/auth/login',
    target_type: e.userId ? 'user' : null,
    target_id: e.userId,
    before: null,
    after: JSON.stringify({ outcome: e.refused ? 'refused' : 'signed_in', ...(e.refused ? { reason: e.refused } : {}), client: e.client, ip: e.ip }),
    status: e.refused === 'not_admin' ? 403 : e.refused ? 401 : 200,
  });
}

/** A password set by a reset link: no admin session made that request, so the log hears it here (a change is logged as the admin's write). */
export async function recordPasswordReset(trx: Knex.Transaction, e: { userId: string; email: string; via: 'change' | 'reset' }): Promise<void> {
  if (e.via !== 'reset') return;
  await trx('admin_activity').insert({
    actor_user_id: e.userId,
    actor_email: e.email.slice(0, 255),
    action: 'POST /api/auth/password-reset/confirm',
    target_type: 'user',
    target_id: e.userId,
    before: null,
    after: JSON.stringify({ outcome: 'password_reset' }),
    status: 204,
  });
}

/** A passkey added: its set-up may end in a browser with no admin session (the desktop app hands it there), so the log hears it here. */
export async function recordTwoFactorChange(trx: Knex.Transaction, e: { userId: string; email: string; change: string; detail: string }): Promise<void> {
  await trx('admin_activity').insert({
    actor_user_id: e.userId,
    actor_email: e.email.slice(0, 255),
    action: 'POST /api/auth/passkeys',
    target_type: 'user',
    target_id: e.userId,
    before: null,
    after: JSON.stringify({ outcome: e.change, name: e.detail }),
    status: 201,
  });
}
