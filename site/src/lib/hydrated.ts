/**
 * `<html data-hydrated="true">` once everything the prerendered page shows is live: the page
 * itself (App's first effect) and each part whose code comes once the page has settled
 * (lib/lazy.tsx). Early clicks stop being held then (index.html), and tests wait for it.
 */
let rootDone = false;
const pending = new Set<symbol>();

function mark() {
  if (!rootDone || pending.size || typeof document === 'undefined') return;
  // A task later: every effect of the commit that showed the live data has run by then.
  setTimeout(() => (document.documentElement.dataset.hydrated = 'true'));
}

export function rootHydrated() {
  rootDone = true;
  mark();
}

/** A deferred part is on its way: `done` once it is live. */
export function partPending(): () => void {
  const token = Symbol();
  pending.add(token);
  return () => {
    pending.delete(token);
    mark();
  };
}
