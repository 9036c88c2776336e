import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

/**
 * One shared write per client at a time. Every counted request is one upsert of the client's row
 * in the shared table, and the upserts of one row wait on each other; a client sending many at
 * once (a crawler, a page opened in many tabs, the benchmark) made each wait for all the others.
 * Requests of a key that arrive while its count is being written are counted together in the
 * next write, and each learns its own place in that count: the request that makes the count go
 * over the limit, and every one after it, is refused, exactly as if each had been written alone.
 * Nothing is decided from memory: each request still waits for the shared count it is part of,
 * so the limits hold across instances as before.
 */
export function countInBatches(store: RateLimiterAbstract, points: number): (key: string) => Promise<RateLimiterRes> {
  type Waiter = { resolve: (r: RateLimiterRes) => void; reject: (err: unknown) => void };
  const waiting = new Map<string, Waiter[]>();
  const writing = new Set<string>();

  async function write(key: string): Promise<void> {
    const batch = waiting.get(key) ?? [];
    waiting.delete(key);
    writing.add(key);
    try {
      let counted: RateLimiterRes;
      try {
        counted = await store.consume(key, batch.length);
      } catch (refused) {
        if (!(refused instanceof RateLimiterRes)) throw refused;
        // Refused without counting (the key is blocked in this instance's memory): every one is over.
        if (refused.consumedPoints <= points) return batch.forEach((w) => w.reject(refused));
        counted = refused;
      }
      batch.forEach((w, i) => {
        const consumed = counted.consumedPoints - batch.length + 1 + i;
        const res = new RateLimiterRes(Math.max(0, points - consumed), counted.msBeforeNext, consumed, counted.isFirstInDuration && i === 0);
        if (consumed > points) w.reject(res);
        else w.resolve(res);
      });
    } catch (err) {
      batch.forEach((w) => w.reject(err));
    } finally {
      writing.delete(key);
      if (waiting.has(key)) void write(key);
    }
  }

  return (key) =>
    new Promise<RateLimiterRes>((resolve, reject) => {
      const queue = waiting.get(key);
      if (queue) queue.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!queue && !writing.has(key)) void write(key);
    });
}
