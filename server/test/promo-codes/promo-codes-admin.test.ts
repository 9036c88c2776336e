import { PROMO_MESSAGES } from '@workshop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminToken, useTestServer } from '../support/test-server';
import { createWorkshop } from '../payments/payments-helpers';
import { HOUR, iso } from './promo-helpers';

const h = useTestServer({ admin: true });
const post = (body: unknown, token = h.token) => h.api('POST', '/api/admin/promo-codes', { token, body });
const patch = (id: string, body: unknown, token = h.token) => h.api('PATCH', `/api/admin/promo-codes/${id}`, { token, body });

let demoted: string;
beforeAll(async () => {
  demoted = await adminToken(h.server, { email: 'demoted@test.local', password: 'demoted-password' });
  const u = await h.db('users').where({ email: 'demoted@test.local' }).first('id');
  await h.db('user_roles').where({ user_id: u.id }).delete();
});

describe('admin promo codes', () => {
  it('creates a code (upper case), lists it with its workshop and no uses, and edits it', async () => {
    const w = await createWorkshop(h.db, { title: 'Promo Admin Workshop' });
    const starts = iso(-HOUR);
    const ends = iso(48 * HOUR);
    const res = await post({ code: ' spring-25 ', kind: 'percent', value: 25, workshop_id: w.id, starts_at: starts, ends_at: ends, max_uses: 10, active: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ code: 'SPRING-25', kind: 'percent', value: 25, workshop_id: w.id, workshop_title: 'Promo Admin Workshop', starts_at: starts, ends_at: ends, max_uses: 10, active: true, uses: 0, discount_cents: 0 });

    const all = await h.api('GET', '/api/admin/promo-codes', { token: h.token });
    expect(all.status).toBe(200);
    expect(all.body.map((c: { code: string }) => c.code)).toContain('SPRING-25');

    const off = await patch(res.body.id, { active: false, max_uses: null });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ code: 'SPRING-25', active: false, max_uses: null, value: 25 });
    expect(await h.db('promo_codes').where({ id: res.body.id }).first()).toMatchObject({ active: false, max_uses: null });

    const fixed = await post({ code: 'TENOFF', kind: 'fixed', value: 1000 });
    expect(fixed.status).toBe(201);
    expect(fixed.body).toMatchObject({ code: 'TENOFF', kind: 'fixed', value: 1000, workshop_id: null, starts_at: null, ends_at: null, max_uses: null, active: true });
  });

  it('refuses invalid input with a clear message per field and creates nothing', async () => {
    const before = await h.db('promo_codes').count('* as n').first();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: 'x', kind: 'percent', value: 10 }, 'code', PROMO_MESSAGES.code],
      [{ code: 'HAS SPACE', kind: 'percent', value: 10 }, 'code', PROMO_MESSAGES.code],
      [{ code: 'BADKIND', kind: 'half', value: 10 }, 'kind', PROMO_MESSAGES.kind],
      [{ code: 'PCT0', kind: 'percent', value: 0 }, 'value', PROMO_MESSAGES.percent],
      [{ code: 'PCT101', kind: 'percent', value: 101 }, 'value', PROMO_MESSAGES.percent],
      [{ code: 'FIX0', kind: 'fixed', value: 0 }, 'value', PROMO_MESSAGES.fixed],
      [{ code: 'FIXFRAC', kind: 'fixed', value: 9.5 }, 'value', PROMO_MESSAGES.value],
      [{ code: 'NOVALUE', kind: 'percent' }, 'value', PROMO_MESSAGES.value],
      [{ code: 'DATES', kind: 'fixed', value: 5, starts_at: iso(2 * HOUR), ends_at: iso(HOUR) }, 'ends_at', PROMO_MESSAGES.endBeforeStart],
      [{ code: 'BADDATE', kind: 'fixed', value: 5, starts_at: 'tomorrow' }, 'starts_at', PROMO_MESSAGES.dateInvalid],
      [{ code: 'USES0', kind: 'fixed', value: 5, max_uses: 0 }, 'max_uses', PROMO_MESSAGES.maxUses],
      [{ code: 'NOSHOP', kind: 'fixed', value: 5, workshop_id: '00000000-0000-4000-8000-000000000000' }, 'workshop_id', PROMO_MESSAGES.workshop],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect({ body, status: res.status, message: res.body.error?.message, field: res.body.error?.fields?.[field] }).toEqual({ body, status: 422, message, field: message });
    }
    expect(await h.db('promo_codes').count('* as n').first()).toEqual(before);
  });

  it('refuses a duplicate code (any case) with 409, a rename, and a patch that breaks the kind', async () => {
    const first = await post({ code: 'ONCE', kind: 'percent', value: 50 });
    expect(first.status).toBe(201);
    const again = await post({ code: 'once', kind: 'fixed', value: 100 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(PROMO_MESSAGES.codeTaken);

    const rename = await patch(first.body.id, { code: 'TWICE' });
    expect(rename.status).toBe(422);
    expect(rename.body.error.message).toBe(PROMO_MESSAGES.codeFixed);
    const tooMuch = await patch(first.body.id, { value: 500 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error.fields.value).toBe(PROMO_MESSAGES.percent);
    expect(await h.db('promo_codes').where({ id: first.body.id }).first()).toMatchObject({ code: 'ONCE', value: 50 });

    const missing = await patch('00000000-0000-4000-8000-000000000000', { active: false });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe(PROMO_MESSAGES.notFound);
  });

  it('answers 401 without a session and 403 to a user who is not an admin', async () => {
    const body = { code: 'SNEAKY', kind: 'percent', value: 100 };
    expect((await h.api('GET', '/api/admin/promo-codes')).status).toBe(401);
    expect((await h.api('POST', '/api/admin/promo-codes', { body })).status).toBe(401);
    const forbidden = await post(body, demoted);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toBe('Access denied. Admin privileges required.');
    expect((await h.api('GET', '/api/admin/promo-codes', { token: demoted })).status).toBe(403);
    const some = await h.db('promo_codes').first('id');
    expect((await patch(some.id, { active: false }, demoted)).status).toBe(403);
    expect(await h.db('promo_codes').where({ code: 'SNEAKY' })).toHaveLength(0);
  });
});
