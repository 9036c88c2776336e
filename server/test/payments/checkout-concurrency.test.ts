import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, payInRazorpaySandbox } from './payments-helpers';

const h = useTestServer();

/** Runs `fn` over `items` with at most `limit` in flight: the requests overlap heavily without 1,000 sockets at once. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

describe('1,000 buyers for a 20-seat workshop', () => {
  it('ends with exactly 20 completed; everyone else is refused with a clear message', async () => {
    const w = await createWorkshop(h.db, { max_participants: 20, title: 'Rush Workshop' });
    const buyers = Array.from({ length: 1000 }, (_, i) => ({ ...buyer(`rush${i}`), phone: `98${String(i).padStart(8, '0')}` }));
    const answers = await pool(buyers, 200, async (who) => {
      const res = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
      if (res.status !== 201) return res;
      const paid = await payInRazorpaySandbox(h.server, res.body.order, res.body.key_id);
      return h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    });

    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(ok).toHaveLength(20);
    expect(refused).toHaveLength(980);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.error).toEqual({ code: 'sold_out', message: 'This workshop is fully booked. No seats are left.' });
    }
    const rows = await h.db('workshop_registrations').where({ workshop_id: w.id });
    expect(rows.filter((r) => r.status === 'completed')).toHaveLength(20);
    expect(rows).toHaveLength(20);
    expect(new Set(ok.map((a) => a.body.access_id)).size).toBe(20);
    expect((await h.api('GET', '/api/workshops')).body.find((x: any) => x.id === w.id).seats_left).toBe(0);
  }, 120_000);
});
