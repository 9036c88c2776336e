import { PROMO_MESSAGES } from '@workshop/shared';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyer, createWorkshop, payInRazorpaySandbox } from '../payments/payments-helpers';
import { adminToken, useTestServer } from '../support/test-server';
import { createCode } from './promo-helpers';

const h = useTestServer({ admin: true });
const remove = (id: string, token = h.token) => h.api('DELETE', `/api/admin/promo-codes/${id}`, { token });
const listed = async (id: string) => (await h.api('GET', '/api/admin/promo-codes', { token: h.token })).body.find((c: { id: string }) => c.id === id);

let demoted: string;
beforeAll(async () => {
  demoted = await adminToken(h.server, { email: 'demoted-delete@test.local', password: 'demoted-password' });
  const u = await h.db('users').where({ email: 'demoted-delete@test.local' }).first('id');
  await h.db('user_roles').where({ user_id: u.id }).delete();
});

describe('deleting a promo code', () => {
  it('deletes a code no checkout ever carried; the list said it could', async () => {
    const code = await createCode(h, { code: 'NEVERUSED' });
    expect(await listed(code.id)).toMatchObject({ code: 'NEVERUSED', uses: 0, deletable: true });
    expect((await remove(code.id)).status).toBe(204);
    expect(await h.db('promo_codes').where({ id: code.id }).first()).toBeUndefined();
    expect(await listed(code.id)).toBeUndefined();
    // Gone for buyers too.
    const w = await createWorkshop(h.db);
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('after-delete'), promo_code: 'NEVERUSED' } });
    expect({ status: co.status, message: co.body.error?.message }).toEqual({ status: 404, message: PROMO_MESSAGES.unknown });
  });

  it('keeps a code a checkout carried, even one never paid: it can only be switched off', async () => {
    const w = await createWorkshop(h.db);
    const code = await createCode(h, { code: 'HELDONCE' });
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('held-once'), promo_code: 'HELDONCE' } });
    expect(co.status, co.text).toBe(201);
    // Its buyer walks away: no use is counted, but a registration names the code.
    expect(await h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: co.body.order.id } })).toMatchObject({ status: 200 });
    expect(await listed(code.id)).toMatchObject({ uses: 0, deletable: false });
    const res = await remove(code.id);
    expect({ status: res.status, message: res.body.error?.message }).toEqual({ status: 409, message: PROMO_MESSAGES.used });
    expect(await h.db('promo_codes').where({ id: code.id }).first('code')).toEqual({ code: 'HELDONCE' });
  });

  it('keeps a code whose only booking was cleared into the archive', async () => {
    const w = await createWorkshop(h.db);
    const code = await createCode(h, { code: 'ARCHIVEDUSE' });
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...buyer('archived-use'), promo_code: 'ARCHIVEDUSE' } });
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 40 * 86_400_000) });
    expect((await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token })).status).toBe(200);
    expect(await h.db('workshop_registrations').where({ promo_code_id: code.id })).toHaveLength(0);
    expect(await listed(code.id)).toMatchObject({ uses: 1, deletable: false });
    expect((await remove(code.id)).status).toBe(409);
  });

  it('answers 404 for an unknown code or a malformed id, and refuses anyone but an admin', async () => {
    const code = await createCode(h, { code: 'ADMINSONLY' });
    expect((await remove(randomUUID())).status).toBe(404);
    expect((await remove('not-an-id')).status).toBe(404);
    expect((await h.api('DELETE', `/api/admin/promo-codes/${code.id}`)).status).toBe(401);
    expect((await remove(code.id, demoted)).status).toBe(403);
    expect(await h.db('promo_codes').where({ id: code.id }).first('code')).toEqual({ code: 'ADMINSONLY' });
  });
});
