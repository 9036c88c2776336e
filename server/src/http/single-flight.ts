/**
 * Concurrent callers share the one query already in flight instead of each sending their own;
 * nothing is kept once it settles, so no instance ever serves data older than that query.
 * For public reads only: a caller may get a result whose query started just before it arrived.
 */
export function singleFlight<T>(load: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  return () =>
    (inFlight ??= load().finally(() => {
      inFlight = undefined;
    }));
}
