import { startTransition, useEffect, useState } from 'react';

/**
 * Whether live data may be shown yet. A prerendered page hydrates with the placeholder it was
 * rendered with, and only then shows the data (components/live-data-gate.tsx), as a transition,
 * which React renders in slices of a few milliseconds. Left to the stores, the data's arrival
 * would re-render its readers at once, in one task (useSyncExternalStore cannot wait): the hero,
 * the workshop cards, the header and the layout together, 50 to 75 ms on this machine's CPU,
 * four times that on a mid-range phone.
 *
 * Each reader holds its own state, not a context: React 19 carries a context's change into every
 * prerendered boundary still waiting for its code (it cannot know whether that code reads it),
 * and holds the whole update until that code arrives, the hero's prices with it.
 *
 * The home page's readers are in the gate's transition. Another page's screen sits in its route's
 * Suspense boundary, which React hydrates after the rest of the page: its readers start shown and
 * catch up by themselves, in a render of their own (the pricing card, the contact form).
 */
let shown = false;
const waiting = new Set<() => void>();

const isLiveDataShown = () => shown;

/** Call inside startTransition (the gate) or before the first render (a page drawn in the browser alone). */
export function showLiveData(): void {
  shown = true;
  const now = [...waiting];
  waiting.clear();
  for (const show of now) show();
}

export function useLiveDataShown(): boolean {
  const [now, setNow] = useState(isLiveDataShown);
  useEffect(() => {
    if (now) return;
    const show = () => setNow(true);
    // Shown between this reader's render and this effect: catch up, still as a transition.
    if (shown) startTransition(show);
    else waiting.add(show);
    return () => void waiting.delete(show);
  }, [now]);
  return now;
}
