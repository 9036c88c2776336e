import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { rootHydrated } from '../lib/hydrated';
import { LiveDataShown } from '../lib/store';

/**
 * A prerendered page hydrates with its live parts as placeholders, as they were rendered at build
 * time, then shows the data the server put in the page as one transition (lib/store.ts). The page
 * counts as live (lib/hydrated.ts) once that is drawn, so a click held until then lands on the
 * real buttons. A page drawn in the browser alone shows its data in its first render.
 */
export function LiveDataGate({ prerendered, children }: { prerendered: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(!prerendered);
  useEffect(() => {
    if (shown) rootHydrated();
    else startTransition(() => setShown(true));
  }, [shown]);
  return <LiveDataShown value={shown}>{children}</LiveDataShown>;
}
