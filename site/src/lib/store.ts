import { useSyncExternalStore } from 'react';

export type Loadable<T> = { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; data: T };

/**
 * One shared fetch per resource (hero, pricing and the registration modal read the same list),
 * with a reload for after a checkout changes seat counts.
 */
export function createLoader<T>(load: () => Promise<T>, errorText: (e: unknown) => string) {
  let state: Loadable<T> = { status: 'loading' };
  let started = false;
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
  return {
    reload,
    use: () => useSyncExternalStore(subscribe, () => state),
  };
}
