import { startTransition, useEffect, type ReactNode } from 'react';
import { rootHydrated } from '../lib/hydrated';
import { showLiveData, useLiveDataShown } from '../lib/live-data-shown';

/**
 * A prerendered page hydrates with its live parts as placeholders, as they were rendered at build
 * time, then shows the data the server put in the page as one transition (lib/live-data-shown.ts),
 * the gate itself among its readers. The page counts as live (lib/hydrated.ts) once that is drawn,
 * so a click held until then lands on the real buttons. A page drawn in the browser alone shows
 * its data in its first render.
 */
export function LiveDataGate({ children }: { children: ReactNode }) {
  const shown = useLiveDataShown();
  useEffect(() => {
    if (shown) rootHydrated();
    else startTransition(showLiveData);
  }, [shown]);
  return children;
}
