import { ApiError } from '@workshop/api-client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePlatform } from '../platform/platform';
import { useConnectivity } from './connectivity.store';

/** How often a screen showing cached data (or a network error) asks the server again. */
export const OFFLINE_RETRY_MS = 10_000;

export interface CachedQuery<T> {
  data: T | undefined;
  error: Error | undefined;
  /** True while a request is in flight (data from before stays shown). */
  loading: boolean;
  /** When the shown data was saved, if it comes from the offline cache. */
  offlineSince: string | null;
  reload(): void;
}

/**
 * Loads through the API; every good answer is kept with platform.writeCache so the desktop
 * can still show it when the server cannot be reached. On a network error the last copy is
 * shown (platform.readCache; the web keeps none) and the query retries until it recovers.
 * `key` names the data (include every filter in it); a change of key or refreshKey reloads.
 */
export function useCachedQuery<T>(key: string, fetcher: () => Promise<T>, refreshKey: unknown = 0): CachedQuery<T> {
  const platform = usePlatform();
  const markOffline = useConnectivity((s) => s.markOffline);
  const markOnline = useConnectivity((s) => s.markOnline);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const [tick, setTick] = useState(0);
  const [state, setState] = useState<Omit<CachedQuery<T>, 'reload'>>({ data: undefined, error: undefined, loading: true, offlineSince: null });
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    setState((s) => ({ ...s, loading: true }));
    fetcherRef.current().then(
      (data) => {
        if (cancelled) return;
        setState({ data, error: undefined, loading: false, offlineSince: null });
        markOnline(key);
        platform.writeCache(key, data).catch(() => {});
      },
      async (err: unknown) => {
        if (cancelled) return;
        const error = err instanceof Error ? err : new Error(String(err));
        if (!(err instanceof ApiError && err.isNetworkError)) {
          setState((s) => ({ ...s, error, loading: false }));
          return;
        }
        const cached = await platform.readCache<T>(key).catch(() => null);
        if (cancelled) return;
        if (cached) {
          setState({ data: cached.data, error: undefined, loading: false, offlineSince: cached.savedAt });
          markOffline(key, cached.savedAt);
        } else {
          setState((s) => ({ ...s, error, loading: false }));
        }
        retry = setTimeout(() => setTick((t) => t + 1), OFFLINE_RETRY_MS);
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(retry);
    };
  }, [key, tick, refreshKey, platform, markOffline, markOnline]);

  useEffect(() => () => markOnline(key), [key, markOnline]);

  return { ...state, reload };
}
