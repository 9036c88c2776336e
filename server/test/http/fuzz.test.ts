import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RouteDef } from '../../src/http/route';
import { insertInterest, insertRegistration, insertWorkshop, rowCounts } from '../support/fixtures';
import { hmacHex, SANDBOX_CREDENTIALS, signPaypalWebhook } from '../../src/sandbox/sandbox.credentials';
import { useTestServer } from '../support/test-server';

/**
 * Bad input never answers 5xx. Every route the running server mounted is called with random
 * paths, queries, bodies and content types (fixed seed, so a failure replays): types, sizes,
 * unicode (NUL, half surrogate pairs, emoji, right-to-left), nesting and encodings. No answer
 * may be 500 or above, and a refused request (4xx) may not have written a row.
 */
const SEED = 1422;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);

const h = useTestServer({ admin: true });
let known: Record<'workshop' | 'access' | 'interest' | 'revive' | 'registration' | 'setting' | 'paypalOrder' | 'razorpayOrder', string>;

beforeAll(async () => {
  const workshop = await insertWorkshop(h.db);
  const reg = await insertRegistration(h.db, workshop.id);
  const interest = await insertInterest(h.db);
  const [revive] = await h.db('revive').insert({ name: 'Ann', email: 'ann@example.com' }).returning('id');
  // Orders the provider sandbox made, for returns and signed webhooks to name.
  const buyer = { workshop_id: workshop.id, name: 'Order Maker', email: 'orders@example.com', phone: '9876543210' };
  const paypal = await h.api('POST', '/api/checkout/paypal', { body: buyer });
  const razorpay = await h.api('POST', '/api/checkout/razorpay', { body: buyer });
  known = {
    workshop: workshop.id,
    access: reg.access_id,
    interest: interest.id,
    revive: revive.id,
    registration: reg.id,
    setting: 'site_maintenance',
    paypalOrder: new URL(paypal.body.approval_url, h.server.url).searchParams.get('token')!,
    razorpayOrder: razorpay.body.order.id,
  };
});

// ---- values ---------------------------------------------------------------------------------

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\udbff\udfff',
  '😀',
  'e\u0301',
  '\u202eevil',
  '\ufeff',
  "'; DROP TABLE users; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'a'.repeat(256),
  'é'.repeat(5000),
  '9876543210',
  'ada@example.com',
  '00000000-0000-4000-8000-000000000000',
  'NaN',
  '-1',
  '1e309',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ unit: 'grapheme', maxLength: 20 }));
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e300, -1e300, 0.5));
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, fc.array(tie('v'), { maxLength: 4 }), fc.dictionary(text, tie('v'), { maxKeys: 4 })),
})).v;

/** A valid body for each route, so mutations reach past "field missing" into the handlers. */
const P = '9876543210';
const TEMPLATES: Record<string, unknown[]> = {
  'post /api/auth/login': [{ email: 'admin@test.local', password: 'correct horse battery' }, { email: 'nobody@test.local', password: 'x', client: 'desktop' }],
  'post /api/interests': [
    { source: 'interest', name: 'Ada', email: 'ada@example.com', phone: P },
    { source: 'issue', name: 'Ada', email: 'ada@example.com', message: 'It broke' },
    { source: 'question', name: 'Ada', email: 'ada@example.com', message: '' },
    { source: 'contact', first_name: 'Ada', last_name: 'L', email: 'ada@example.com', subject: 'Hi', message: 'Hello' },
  ],
  'post /api/video-leads': [{ name: 'Ada', email: 'ada@example.com', workshop_id: '$workshop' }],
  'post /api/checkout/paypal': [{ workshop_id: '$workshop', name: 'Ada', email: 'ada@example.com', phone: P }],
  'post /api/checkout/razorpay': [{ workshop_id: '$workshop', name: 'Ada', email: 'ada@example.com', phone: P }],
  'post /api/workshops/:id/waitlist': [{ name: 'Ada', email: 'ada@example.com', phone: P }],
  'post /api/waitlist/leave': [{ token: 'a'.repeat(64) }],
  'post /api/checkout/razorpay/verify': [{ razorpay_order_id: '$razorpayOrder', razorpay_payment_id: 'pay_1', razorpay_signature: 'f'.repeat(64) }],
  'post /api/checkout/razorpay/release': [{ order_id: '$razorpayOrder' }],
  'post /api/webhooks/razorpay': [
    { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_1', order_id: '$razorpayOrder', amount: 9900, currency: 'INR', status: 'captured', notes: { name: 'Ada' } } } } },
    { event: 'refund.processed', payload: { refund: { entity: { id: 'rfnd_1', payment_id: 'pay_1', amount: 9900 } } } },
  ],
  'post /api/webhooks/paypal': [
    { id: 'WH-1', event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: '$paypalOrder' } },
    { id: 'WH-2', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAP-1', supplementary_data: { related_ids: { order_id: '$paypalOrder' } } } },
  ],
  'post /api/admin/users': [{ email: 'new@test.local', password: 'long enough password' }],
  'post /api/admin/workshops': [
    { title: 'T', description: 'D', date: '2030-01-01T10:00:00Z', duration_hours: 2, price_usd_cents: 9900, max_participants: 10, is_active: true, registration_open: true },
  ],
  'patch /api/admin/workshops/:id': [{ title: 'T2', price_usd_cents: 100, max_participants: null }],
  'patch /api/admin/interests/:id': [{ status: 'contacted' }],
  'post /api/admin/revive': [{ name: 'Ada', email: 'ada@example.com' }],
  'put /api/admin/settings/:key': [
    { setting_value: { enabled: false, message: 'Back soon' } },
    { setting_value: { enabled: true, max_registrations: 100 } },
    { setting_value: { enabled: false, admin_email: 'a@example.com' } },
  ],
};
const QUERY_TEMPLATES: Record<string, Record<string, string>> = {
  'get /api/checkout/paypal/return': { token: '$paypalOrder', PayerID: 'PAYER' },
  'get /api/checkout/paypal/cancel': { token: '$paypalOrder' },
  'get /api/admin/registrations': { q: 'ada', status: 'completed', page: '1', pageSize: '20', tz: 'America/New_York' },
  'get /api/admin/interests': { q: 'ada', status: 'interested', page: '2' },
  'get /api/admin/revive': { q: 'a' },
  'get /api/admin/registrations/export.csv': { q: 'ada' },
};

/** Where a body's leaves are, to put a bad value at one of them. */
function leafPaths(v: unknown, prefix: string[] = []): string[][] {
  if (typeof v !== 'object' || v === null) return [prefix];
  const entries = Object.entries(v);
  return entries.length ? entries.flatMap(([k, inner]) => leafPaths(inner, [...prefix, k])) : [prefix];
}
function setAt(v: unknown, path: string[], next: unknown): unknown {
  if (!path.length) return next;
  const copy = Array.isArray(v) ? [...v] : { ...(v as Record<string, unknown>) };
  (copy as Record<string, unknown>)[path[0]] = setAt((v as Record<string, unknown>)?.[path[0]], path.slice(1), next);
  return copy;
}

/** A bad value for one leaf; '$deep' becomes deeply nested JSON in the raw text. */
const badLeaf = fc.oneof({ weight: 4, arbitrary: scalar }, { weight: 2, arbitrary: value }, { weight: 1, arbitrary: fc.constant('$deep') }, { weight: 1, arbitrary: fc.constant('$drop') });
/**
 * A template with up to three leaves replaced. `keepOrders`: a signed webhook still names an
 * order the provider made (a provider never signs a delivery about an order it does not know;
 * asking it about one is an upstream error, not bad input).
 */
const mutated = (templates: unknown[], keepOrders = false) =>
  fc.tuple(fc.constantFrom(...templates), fc.array(fc.tuple(fc.nat(), badLeaf), { maxLength: 3 }), fc.dictionary(text, value, { maxKeys: 2 })).map(([template, changes, extra]) => {
    let out = template;
    for (const [n, bad] of changes) {
      const paths = leafPaths(out).filter((p) => !keepOrders || !/^\$(paypal|razorpay)Order$/.test(String(p.reduce<unknown>((v, k) => (v as Record<string, unknown>)?.[k], template))));
      if (!paths.length) continue;
      const path = paths[n % paths.length];
      out = bad === '$drop' ? setAt(out, path, undefined) : setAt(out, path, bad);
    }
    return typeof out === 'object' && out !== null && !Array.isArray(out) && Object.keys(extra).length && changes.length ? { ...extra, ...out } : out;
  });

const DEEP = `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`;

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/merge-patch+json',
  '',
];

interface Body {
  raw?: string | Buffer;
  contentType: string;
  encoding?: string;
  /** Signed as the provider signs (webhooks only). */
  signed?: boolean;
}
const toJson = (v: unknown) => (JSON.stringify(v) ?? 'null').replaceAll('"$deep"', DEEP);
const objectBody = fc.dictionary(fc.oneof(fc.constantFrom('name', 'email', 'phone', 'message', 'source', 'status', 'workshop_id'), text), value, { maxKeys: 6 });
const anyBody: fc.Arbitrary<Body> = fc.oneof(
  { weight: 3, arbitrary: objectBody.map((o) => ({ raw: toJson(o), contentType: 'application/json' })) },
  { weight: 2, arbitrary: fc.tuple(fc.oneof(value.map(toJson), text), fc.constantFrom(...CONTENT_TYPES)).map(([raw, contentType]) => ({ raw, contentType })) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 20_000 }).map((n) => ({ raw: `${'['.repeat(n)}${']'.repeat(n)}`, contentType: 'application/json' })) },
  { weight: 1, arbitrary: fc.constantFrom(Buffer.from([0xff, 0xfe, 0x00, 0x7b]), Buffer.from('{"name":"\xed\xa0\x80"}', 'latin1'), Buffer.alloc(2_000_000, 0x61)).map((raw) => ({ raw, contentType: 'application/json' })) },
  { weight: 1, arbitrary: objectBody.map((o) => ({ raw: gzipSync(toJson(o)), contentType: 'application/json', encoding: 'gzip' })) },
  { weight: 1, arbitrary: fc.constantFrom<Body>({ raw: 'not gzip', contentType: 'application/json', encoding: 'gzip' }, { raw: '{}', contentType: 'application/json', encoding: 'br, x-unknown' }) },
  { weight: 1, arbitrary: fc.constant<Body>({ contentType: '' }) },
);
const bodyFor = (route: RouteDef): fc.Arbitrary<Body> => {
  const templates = TEMPLATES[`${route.method} ${route.path}`];
  const valid = (templates ? mutated(templates) : objectBody).map((o) => ({ raw: toJson(o), contentType: 'application/json' }));
  if (!route.rawBody || !templates) return fc.oneof({ weight: 8, arbitrary: valid }, { weight: 4, arbitrary: anyBody });
  const signed = mutated(templates, true).map((o): Body => ({ raw: toJson(o), contentType: 'application/json', signed: true }));
  const signedAnything = anyBody.map((b): Body => ({ ...b, signed: true }));
  return fc.oneof({ weight: 6, arbitrary: signed }, { weight: 2, arbitrary: signedAnything }, { weight: 4, arbitrary: valid }, { weight: 2, arbitrary: anyBody });
};

/** A path segment as a client could send it, lone surrogates included (as the bytes of WTF-8). */
function segment(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s].map((c) => (/[\ud800-\udfff]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c))).join('');
  }
}
const param = fc.oneof(text, fc.constantFrom('$workshop', '$access', '$interest', '$revive', '$registration', '$setting', '%', '%zz', '..', '%2F', '%ED%A0%80'));
const randomQuery = fc.dictionary(fc.oneof(fc.constantFrom('q', 'status', 'page', 'pageSize', 'tz', 'token', 'PayerID', 'confirm'), text), fc.oneof(text, fc.array(text, { maxLength: 3 })), {
  maxKeys: 4,
});

const queryFor = (route: RouteDef) => {
  const template = QUERY_TEMPLATES[`${route.method} ${route.path}`];
  if (!template) return randomQuery;
  const keys = Object.keys(template);
  return fc.oneof(
    randomQuery,
    fc.tuple(fc.constantFrom(...keys), fc.oneof(text, fc.array(text, { maxLength: 3 }))).map(([k, v]) => ({ ...template, [k]: v }) as Record<string, string | string[]>),
  );
};

// ---- requests -------------------------------------------------------------------------------

const substitute = (s: string) => s.replace(/\$(workshop|access|interest|revive|registration|setting|paypalOrder|razorpayOrder)/g, (_m, k: keyof typeof known) => known[k]);

function pathFor(route: RouteDef, params: string[], q: Record<string, string | string[]>): string {
  let i = 0;
  const path = route.path.replace(/:[A-Za-z_]\w*/g, () => {
    const p = params[i++] ?? 'x';
    return /^%|^\.\.$/.test(p) ? p : segment(substitute(p));
  });
  const search = Object.entries(q)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${segment(k)}=${segment(substitute(x))}`))
    .join('&');
  return search ? `${path}?${search}` : path;
}

let deliveries = 0;
async function send(route: RouteDef, path: string, b: Body, token?: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  if (b.contentType) headers['content-type'] = b.contentType;
  if (b.encoding) headers['content-encoding'] = b.encoding;
  if (token) headers.authorization = `Bearer ${token}`;
  const hasBody = route.method !== 'get' && b.raw !== undefined;
  const raw = typeof b.raw === 'string' ? substitute(b.raw) : b.raw;
  // Webhooks are signed as the provider would sign them: the handler's own checks come next.
  if (b.signed && route.path === '/api/webhooks/razorpay' && raw !== undefined) {
    headers['x-razorpay-signature'] = hmacHex(SANDBOX_CREDENTIALS.razorpayWebhookSecret, raw.toString());
    headers['x-razorpay-event-id'] = `evt_${++deliveries}`;
  }
  if (b.signed && route.path === '/api/webhooks/paypal' && raw !== undefined) Object.assign(headers, signPaypalWebhook(raw.toString(), `tx-${++deliveries}`));
  const res = await fetch(h.server.url + path, { method: route.method.toUpperCase(), headers, body: hasBody ? (typeof raw === 'string' ? raw : new Uint8Array(raw!)) : undefined, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

/** Rows a refused request must not have written (rate-limit counters excepted: counting is their job). */
async function counts() {
  const extra: Record<string, number> = {};
  for (const t of ['payment_events', 'sessions', 'email_messages', 'refunds', 'admin_events', 'revive']) extra[t] = Number((await h.db(t).count('* as n').first())?.n ?? 0);
  return { ...(await rowCounts(h.db)), ...extra };
}

async function fuzz(routes: RouteDef[], token?: string) {
  const failures: string[] = [];
  let before = await counts();
  for (const [index, route] of routes.entries()) {
    const paramCount = (route.path.match(/:[A-Za-z_]\w*/g) ?? []).length;
    const requestArb = fc.record({
      params: fc.array(fc.oneof(fc.constantFrom('$workshop', '$interest', '$revive', '$registration', '$setting', '$access'), param), { minLength: paramCount, maxLength: paramCount }),
      q: queryFor(route),
      b: bodyFor(route),
    });
    await fc.assert(
      fc.asyncProperty(requestArb, async ({ params, q, b }) => {
        const path = pathFor(route, params, q);
        const res = await send(route, path, b, token);
        const after = await counts();
        const sent = `${route.method.toUpperCase()} ${path} ${b.signed ? 'signed ' : ''}(${b.contentType}${b.encoding ? `, ${b.encoding}` : ''}) ${String(b.raw ?? '').slice(0, 300)}`;
        if (res.status >= 500) failures.push(`${sent} → ${res.status} ${res.text.slice(0, 200)}`);
        else if (res.status >= 400 && JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${sent} → ${res.status} but wrote rows: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
        before = after;
        // Settings an admin fuzz call may have changed would close the public forms (503 maintenance).
        if (token) await h.db('admin_settings').where({ setting_key: 'site_maintenance' }).update({ setting_value: { enabled: false, message: 'x' } });
        return true;
      }),
      { seed: SEED + index, numRuns: RUNS_PER_ROUTE },
    );
  }
  return failures;
}

const publicRoutes = () => h.server.routes.filter((r) => r.access !== 'admin');
const adminRoutes = () => h.server.routes.filter((r) => r.access === 'admin' && !r.path.endsWith('/events') && !(r.method === 'delete' && r.path === '/api/admin/registrations'));

describe('fuzzing every route', () => {
  it('covers the public routes of the mounted table', () => {
    const paths = publicRoutes().map((r) => `${r.method} ${r.path}`);
    for (const p of ['post /api/interests', 'post /api/video-leads', 'post /api/auth/login', 'post /api/checkout/paypal', 'post /api/webhooks/razorpay', 'get /api/bookings/:accessId']) {
      expect(paths).toContain(p);
    }
  });

  it('no public route answers 5xx, and none writes a row when it refuses', async () => {
    expect(await fuzz(publicRoutes())).toEqual([]);
  }, 300_000);

  it('nor does any admin route, signed in', async () => {
    expect(await fuzz(adminRoutes(), h.token)).toEqual([]);
  }, 300_000);
});
