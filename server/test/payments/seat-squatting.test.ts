import { describe, expect, it } from 'vitest';
import { client, startTestServer, useTestServer } from '../support/test-server';
import { buyer, createWorkshop, pressPaypalButton, follow } from './payments-helpers';

const h = useTestServer();
const seatsLeft = async (id: string) => (await h.api('GET', '/api/workshops')).body.find((w: { id: string }) => w.id === id).seats_left;
const pendingOf = (workshopId: string) => h.db('workshop_registrations').where({ workshop_id: workshopId, status: 'pending' });

describe('holding seats without paying', () => {
  it('holds a seat for 10 minutes by default', async () => {
    const w = await createWorkshop(h.db);
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('ten-minutes') } });
    expect(co.status).toBe(201);
    const [reg] = await pendingOf(w.id);
    const minutes = (new Date(reg.hold_expires_at).getTime() - new Date(reg.created_at).getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 1);
  });

  it('frees the seat when the buyer closes the card window', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('closer') } });
    expect(await seatsLeft(w.id)).toBe(0);
    const release = await h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: co.body.order.id } });
    expect(release.body).toEqual({ status: 'released' });
    expect(await seatsLeft(w.id)).toBe(1);
    expect(await h.db('workshop_registrations').where({ provider_order_id: co.body.order.id }).first()).toMatchObject({ status: 'failed', status_reason: 'cancelled' });
    expect((await h.api('POST', '/api/checkout/razorpay/release', { body: {} })).status).toBe(422);
  });

  it('frees the seat when the buyer cancels on PayPal', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const co = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('pp-cancel') } });
    expect(await seatsLeft(w.id)).toBe(0);
    expect(await follow(h.server, await pressPaypalButton(h.server, co.body.approval_url, 'cancel'))).toBe('/?payment=cancelled');
    expect(await seatsLeft(w.id)).toBe(1);
  });

  it('gives one buyer one hold per workshop: a retry with the same email replaces the earlier hold', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('retrier');
    for (let i = 0; i < 5; i++) {
      expect((await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who, email: i % 2 ? who.email.toUpperCase() : who.email } })).status).toBe(201);
    }
    expect(await pendingOf(w.id)).toHaveLength(1);
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'failed', status_reason: 'replaced' })).toHaveLength(4);
    expect(await seatsLeft(w.id)).toBe(19);
  });

  it('gives one browser one hold per workshop, whatever email it types', async () => {
    const w = await createWorkshop(h.db);
    const first = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('browser-1') } });
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0];
    expect(cookie).toMatch(/^wk_checkout=[a-f0-9]{32}$/);
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('browser-2') }, headers: { cookie } });
    expect(await pendingOf(w.id)).toHaveLength(1);
    expect((await pendingOf(w.id))[0].email).toBe('buyerbrowser-2@example.com');
  });
});

describe('one client IP', () => {
  it('holds only a few unpaid seats per workshop, so a script cannot empty it', async () => {
    const server = await startTestServer({ HOLDS_PER_IP: '3' });
    try {
      const api = client(server.url);
      const w = await createWorkshop(server.deps.db, { max_participants: 20 });
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer(`script-${i}`) } }));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 429, 429, 429]);
      expect(answers[3].body.error).toEqual({
        code: 'rate_limited',
        message: 'Too many unpaid checkouts for this workshop from your network. Finish or close one of them, or try again in a few minutes.',
      });
      expect(await server.deps.db('workshop_registrations').where({ workshop_id: w.id })).toHaveLength(3);
      const other = await createWorkshop(server.deps.db);
      expect((await api('POST', '/api/checkout/razorpay', { body: { workshop_id: other.id, ...buyer('script-other') } })).status).toBe(201);
    } finally {
      await server.stop();
    }
  });
});
