import { useSyncExternalStore } from 'react';
import { useLiveDataShown } from './live-data-shown';

export type Loadable<T> = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; data: T };

const LOADING = { status: 'loading' } as const;
/** What a prerendered page shows for live data, and what hydration must match: the placeholder. */
const serverSnapshot = () => LOADING;

/**
 * One shared fetch per resource (hero, pricing and the registration modal read the same list),
 * with a reload for after a checkout changes seat counts. `initial` is the data the server put
 * in the page (lib/page-data.ts): then nothing is fetched until a reload. Hydration renders the
 * loading state the page was prerendered with, and the data right after.
 */
export function createLoader<T>(load: () => Promise<T>, errorText: (e: unknown) => string, initial?: T) {
  let state: Loadable<T> = initial === undefined ? LOADING : { status: 'ready', data: initial };
  let started = initial !== undefined;
  const listeners = new Set<() => void>();
  const set = (next: Loadable<T>) => {
    state = next;
    listeners.forEach((l) => l());
  };
  const reload = () => {
    started = true;
    load().then(
      (data) => set({ status: 'ready', data }),
      (e) => set({ status: 'error', error: errorText(e) }),
    );
  };
  const subscribe = (l: () => void) => {
    if (!started) reload();
    listeners.add(l);
    return () => listeners.delete(l);
  };
  const current = () => state;
  return {
    reload,
    use: () => useSyncExternalStore(subscribe, useLiveDataShown() ? current : serverSnapshot, serverSnapshot) as Loadable<T>,
  };
}
