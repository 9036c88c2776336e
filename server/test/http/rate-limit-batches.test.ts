import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { describe, expect, it } from 'vitest';
import { countInBatches } from '../../src/http/rate-limit-batches';

/** The library's own in-memory limiter, whose writes take a while, as a shared table's do. */
class SlowStore extends RateLimiterMemory {
  writes: number[] = [];
  override async consume(key: string | number, points = 1): Promise<RateLimiterRes> {
    this.writes.push(points);
    await new Promise((r) => setTimeout(r, 20));
    return super.consume(key, points);
  }
}

const outcomes = (answers: PromiseSettledResult<RateLimiterRes>[]) =>
  answers.map((a) => (a.status === 'fulfilled' ? `ok r=${a.value.remainingPoints}` : a.reason instanceof RateLimiterRes ? `over (${a.reason.consumedPoints})` : 'error'));

describe('counting one address in batches', () => {
  it('writes requests arriving during a write as one, and decides each by its own place in the count', async () => {
    const store = new SlowStore({ points: 5, duration: 60 });
    const consume = countInBatches(store, 5);
    const answers = await Promise.allSettled(Array.from({ length: 12 }, () => consume('client')));
    // The first alone, the eleven that came while it was written in one.
    expect(store.writes).toEqual([1, 11]);
    expect(outcomes(answers)).toEqual(['ok r=4', 'ok r=3', 'ok r=2', 'ok r=1', 'ok r=0', 'over (6)', 'over (7)', 'over (8)', 'over (9)', 'over (10)', 'over (11)', 'over (12)']);
  });

  it('refuses every one of a batch the store refused without counting (an address it blocks in memory)', async () => {
    // RateLimiterPostgres, over its limit with inMemoryBlockOnConsumed, answers so without a query.
    const store = new SlowStore({ points: 5, duration: 60 });
    store.consume = async (_key, points = 1) => {
      store.writes.push(points);
      await new Promise((r) => setTimeout(r, 20));
      throw new RateLimiterRes(0, 30_000);
    };
    const consume = countInBatches(store, 5);
    const answers = await Promise.allSettled(Array.from({ length: 4 }, () => consume('client')));
    expect(store.writes).toEqual([1, 3]);
    expect(outcomes(answers)).toEqual(['over (0)', 'over (0)', 'over (0)', 'over (0)']);
  });

  it('keeps addresses apart, and passes a failed write to every request of its batch', async () => {
    const store = new SlowStore({ points: 1, duration: 60 });
    const consume = countInBatches(store, 1);
    const [a, b] = await Promise.all([consume('a'), consume('b')]);
    expect([a.remainingPoints, b.remainingPoints]).toEqual([0, 0]);

    const broken = new SlowStore({ points: 5, duration: 60 });
    broken.consume = async () => Promise.reject(new Error('the table is gone'));
    const failing = countInBatches(broken, 5);
    const answers = await Promise.allSettled([failing('x'), failing('x')]);
    expect(answers.map((r) => r.status === 'rejected' && (r.reason as Error).message)).toEqual(['the table is gone', 'the table is gone']);
  });
});
