import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacHex, SANDBOX_CREDENTIALS, signPaypalWebhook } from '../../src/sandbox/sandbox.credentials';
import { insertWorkshop, rowCounts } from '../support/fixtures';
import { startPgProxy } from '../support/pg-proxy';
import { client, startTestServer, useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

/** Rows of every table a refused request must leave alone, payments and sessions included. */
async function counts() {
  const extra: Record<string, number> = {};
  for (const t of ['payment_events', 'sessions', 'email_messages', 'refunds', 'admin_events']) extra[t] = Number((await h.db(t).count('* as n').first())?.n ?? 0);
  return { ...(await rowCounts(h.db)), ...extra };
}

async function refusedUnchanged(send: () => Promise<{ status: number; body: any }>, expected: { status: number; field?: string; message?: string }) {
  const before = await counts();
  const res = await send();
  expect(res.status).toBe(expected.status);
  expect(res.body.error.code).toBe('bad_request');
  if (expected.field) expect(res.body.error.fields).toEqual({ [expected.field]: expected.message ?? expect.stringMatching(/contains a character that is not allowed$/) });
  if (expected.message) expect(res.body.error.message).toBe(expected.message);
  expect(await counts()).toEqual(before);
  return res;
}

const NUL = 'Ada\u0000Lovelace';
const LONE = 'Ada \ud800 Lovelace';
const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

describe('text PostgreSQL cannot store', () => {
  it('a NUL in a form field is refused with 400 and the field’s message', async () => {
    await refusedUnchanged(() => h.api('POST', '/api/interests', { body: { source: 'interest', name: NUL, email: 'ada@example.com' } }), {
      status: 400,
      field: 'name',
      message: 'Name contains a character that is not allowed',
    });
    await refusedUnchanged(() => h.api('POST', '/api/interests', { body: { source: 'contact', first_name: 'A', email: 'a@example.com', subject: 'S', message: 'x\u0000' } }), {
      status: 400,
      field: 'message',
      message: 'Message contains a character that is not allowed',
    });
  });

  it('half a surrogate pair in a video lead is refused; a whole one (an emoji) is kept', async () => {
    // JSON.stringify writes a lone surrogate as the escape \ud800, as an attacker's client would.
    await refusedUnchanged(() => h.api('POST', '/api/video-leads', { body: { name: LONE, email: 'ada@example.com' } }), {
      status: 400,
      field: 'name',
      message: 'Name contains a character that is not allowed',
    });
    const ok = await h.api('POST', '/api/video-leads', { body: { name: 'Ada 😀', email: 'ada@example.com' } });
    expect(ok.status).toBe(201);
    expect((await h.db('video_leads').first('name')).name).toBe('Ada 😀');
  });

  it('a NUL in the sign-in email is refused, not a 500', async () => {
    await refusedUnchanged(() => h.api('POST', '/api/auth/login', { body: { email: 'admin@test.local\u0000', password: 'x' } }), {
      status: 400,
      field: 'email',
      message: 'Email contains a character that is not allowed',
    });
  });

  it('a NUL in a checkout name is refused before a seat is held or an order made', async () => {
    const workshop = await insertWorkshop(h.db);
    for (const path of ['/api/checkout/paypal', '/api/checkout/razorpay']) {
      await refusedUnchanged(() => h.api('POST', path, { body: { workshop_id: workshop.id, name: NUL, email: 'ada@example.com', phone: '9876543210' } }), {
        status: 400,
        field: 'name',
      });
    }
  });

  it('in the query string and the path too', async () => {
    await refusedUnchanged(() => h.api('GET', '/api/admin/registrations?q=a%00b', { token: h.token }), { status: 400, field: 'q', message: 'Q contains a character that is not allowed' });
    await refusedUnchanged(() => h.api('GET', '/api/bookings/WS-%00', {}), { status: 400, field: 'accessId' });
    await refusedUnchanged(() => h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: 'order_\u0000' } }), { status: 400, field: 'order_id' });
  });

  it('in a key, anywhere in the body', async () => {
    await refusedUnchanged(() => h.api('POST', '/api/interests', { body: { source: 'interest', name: 'A', email: 'a@example.com', extra: { 'k\u0000': 1 } } }), { status: 400, field: 'extra' });
  });
});

describe('deeply nested JSON', () => {
  it('is refused before parsing on a form', async () => {
    await refusedUnchanged(() => h.api('POST', '/api/interests', { body: deep(5000) }), { status: 400, message: 'Request body is nested more than 32 levels deep' });
  });

  it('on the PayPal webhook, signed or not, without asking PayPal', async () => {
    const raw = `{"id":"WH-DEEP","event_type":"CHECKOUT.ORDER.APPROVED","resource":${deep(100_000)}}`;
    await refusedUnchanged(() => h.api('POST', '/api/webhooks/paypal', { body: raw, headers: { 'content-type': 'application/json', ...signPaypalWebhook(raw, randomUUID()) } }), { status: 400 });
  });

  it('on a signed Razorpay webhook, as are lone surrogates and NULs in it', async () => {
    const send = (raw: string) =>
      h.api('POST', '/api/webhooks/razorpay', {
        body: raw,
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(SANDBOX_CREDENTIALS.razorpayWebhookSecret, raw), 'x-razorpay-event-id': randomUUID() },
      });
    await refusedUnchanged(() => send(`{"event":"payment.captured","payload":${deep(100)}}`), { status: 400 });
    await refusedUnchanged(() => send('{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1","order_id":"order_1","notes":{"name":"\\ud800"}}}}}'), {
      status: 400,
      field: 'name',
    });
    await refusedUnchanged(() => send('{"event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1\\u0000","order_id":"order_1"}}}}'), { status: 400, field: 'id' });
  });

  it('but a legitimately nested body (a settings value) still passes', async () => {
    const res = await h.api('PUT', '/api/admin/settings/site_maintenance', { token: h.token, body: { setting_value: { enabled: false, message: 'Back soon 😀' } } });
    expect(res.status).toBe(200);
  });
});

describe('with the database down', () => {
  it('reads and writes answer 503 with a clear message and Retry-After, then recover by themselves', async () => {
    const direct = await startTestServer();
    const proxy = await startPgProxy(direct.testDb.url);
    const { startServer } = await import('../../src/server');
    const { testConfig } = await import('../support/test-server');
    const server = await startServer(testConfig({}, proxy.url));
    const api = client(server.url);
    try {
      const workshop = await insertWorkshop(direct.deps.db);
      await proxy.down();
      const calls = [
        () => api('POST', '/api/interests', { body: { source: 'interest', name: 'Ada', email: 'ada@example.com' } }),
        () => api('POST', '/api/video-leads', { body: { name: 'Ada', email: 'ada@example.com' } }),
        () => api('POST', '/api/checkout/paypal', { body: { workshop_id: workshop.id, name: 'Ada', email: 'ada@example.com', phone: '9876543210' } }),
        () => api('POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'whatever' } }),
        () => api('GET', '/api/workshops'),
        () => api('GET', '/api/admin/dashboard', { token: 'some-token' }),
      ];
      for (const call of calls) {
        const res = await call();
        expect(res.status).toBe(503);
        expect(res.body.error).toEqual({ code: 'unavailable', message: 'The service is briefly unavailable. Please try again in a minute.' });
        expect(res.headers.get('retry-after')).toBe('30');
      }
      await proxy.up();
      const back = await api('POST', '/api/interests', { body: { source: 'interest', name: 'Ada', email: 'ada@example.com' } });
      expect(back.status).toBe(201);
    } finally {
      await server.close();
      await proxy.stop();
      await direct.stop();
    }
  });
});
