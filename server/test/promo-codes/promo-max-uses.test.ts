import { PROMO_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { buyer, createWorkshop, follow, pressPaypalButton } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { createCode } from './promo-helpers';

const h = useTestServer({ admin: true });
const paypal = (body: Record<string, unknown>) => h.api('POST', '/api/checkout/paypal', { body });

/** Completed uses plus live holds carrying the code: what max_uses bounds. */
async function usedOrHeld(codeId: string): Promise<number> {
  const r = await h.db.raw(
    `SELECT count(*)::int AS n FROM workshop_registrations WHERE promo_code_id = ? AND (status = 'completed' OR (status = 'pending' AND hold_expires_at > now()))`,
    [codeId],
  );
  return r.rows[0].n;
}

describe('max uses', () => {
  it('N buyers racing for the last uses, on two workshops: never more completed + holding than max_uses', async () => {
    const w = await createWorkshop(h.db, { max_participants: 100 });
    // Two workshops, so the workshop locks do not line the buyers up: only the code row's lock does.
    const w2 = await createWorkshop(h.db, { max_participants: 100 });
    const code = await createCode(h, { code: 'RACE3', kind: 'percent', value: 50, max_uses: 3 });
    // One use already sold: two are left for forty buyers at once.
    await h.db('workshop_registrations').insert({ name: 'Early', email: 'early@example.com', workshop_id: w.id, access_id: 'NC-RACE0001', amount: 4950, payment_method: 'paypal', payment_id: 'PAY-RACE-EARLY', status: 'completed', promo_code_id: code.id, promo_code: 'RACE3', discount_cents: 4950 });
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => paypal({ workshop_id: i % 2 ? w.id : w2.id, ...buyer(`race-${i}`), promo_code: 'RACE3' })));
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(ok).toHaveLength(2);
    expect(refused.map((r) => [r.status, r.body.error.message])).toEqual(Array(38).fill([409, PROMO_MESSAGES.exhausted]));
    expect(await usedOrHeld(code.id)).toBe(3);
    // The refused buyers hold nothing; the seats are still there for them at full price.
    expect(await h.db('workshop_registrations').whereIn('workshop_id', [w.id, w2.id])).toHaveLength(3);
    expect((await paypal({ workshop_id: w.id, ...buyer('race-0-full') })).status).toBe(201);
  });

  it('an expired hold gives its use back: its late approval is not captured once the use went to someone else', async () => {
    const w = await createWorkshop(h.db, { max_participants: 10 });
    const code = await createCode(h, { code: 'LATEONE', kind: 'fixed', value: 900, max_uses: 1 });
    const late = buyer('late-a');
    const first = await paypal({ workshop_id: w.id, ...late, promo_code: 'LATEONE' });
    expect(first.status).toBe(201);
    // While A holds it, nobody else can use it.
    const blocked = await paypal({ workshop_id: w.id, ...buyer('late-b'), promo_code: 'LATEONE' });
    expect([blocked.status, blocked.body.error.message]).toEqual([409, PROMO_MESSAGES.exhausted]);

    // A approves at PayPal but lingers: their hold runs out before they come back.
    const back = await pressPaypalButton(h.server, first.body.approval_url, 'approve');
    await h.db('workshop_registrations').where({ email: late.email }).update({ hold_expires_at: h.db.raw(`now() - interval '1 minute'`) });

    const b = buyer('late-b');
    const second = await paypal({ workshop_id: w.id, ...b, promo_code: 'LATEONE' });
    expect(second.status).toBe(201);
    const bBack = await pressPaypalButton(h.server, second.body.approval_url, 'approve');
    expect(new URL(await follow(h.server, bBack), 'http://site').pathname).toBe('/thank-you');

    // A comes back: the code's one use is B's now, so A's approval is never captured (no charge, nothing to refund).
    expect(new URL(await follow(h.server, back), 'http://site').pathname).not.toBe('/thank-you');
    const rows = await h.db('workshop_registrations').where({ promo_code_id: code.id }).orderBy('created_at');
    expect(rows.map((r) => [r.email, r.status, r.status_reason])).toEqual([
      [late.email, 'failed', 'promo_used_up_not_charged'],
      [b.email, 'completed', null],
    ]);
    const order = await h.db('provider_sandbox.paypal_orders').where({ id: new URL(first.body.approval_url).searchParams.get('token') }).first();
    expect(order.capture_id).toBeNull();
    const listed = (await h.api('GET', '/api/admin/promo-codes', { token: h.token })).body.find((c: { id: string }) => c.id === code.id);
    expect(listed).toMatchObject({ uses: 1, max_uses: 1 });
  });
});
