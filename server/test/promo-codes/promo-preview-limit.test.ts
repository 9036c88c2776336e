import { describe, expect, it } from 'vitest';
import { createWorkshop } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

// The public forms' limit, low, so guessing codes is visibly expensive.
const h = useTestServer({ env: { RATE_LIMIT_FORMS_MAX: '3', RATE_LIMIT_FORMS_WINDOW_SECONDS: '60' } });

describe('GET /api/promo-codes/:code', () => {
  it('is rate-limited like the public forms: guessing codes stops at the limit, a real one included', async () => {
    const w = await createWorkshop(h.db);
    await h.db('promo_codes').insert({ code: 'REALONE', kind: 'percent', value: 10 });
    const guesses = ['AAAA', 'AAAB', 'AAAC'];
    for (const g of guesses) expect((await h.api('GET', `/api/promo-codes/${g}?workshop_id=${w.id}`)).status).toBe(404);
    const limited = await h.api('GET', `/api/promo-codes/REALONE?workshop_id=${w.id}`);
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({ code: 'rate_limited', message: 'Too many submissions. Please wait a minute and try again.' });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
