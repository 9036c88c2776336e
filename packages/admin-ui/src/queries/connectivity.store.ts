import { create } from 'zustand';

interface ConnectivityState {
  /** Query key → when the cached copy it shows was saved (only while the server is unreachable). */
  offline: Record<string, string>;
  markOffline(key: string, savedAt: string): void;
  markOnline(key: string): void;
}

export const useConnectivity = create<ConnectivityState>((set) => ({
  offline: {},
  markOffline: (key, savedAt) => set((s) => ({ offline: { ...s.offline, [key]: savedAt } })),
  markOnline: (key) =>
    set((s) => {
      if (!(key in s.offline)) return s;
      const next = { ...s.offline };
      delete next[key];
      return { offline: next };
    }),
}));

export const OFFLINE_WRITE_MESSAGE = 'You are offline. Changes are disabled until the server is reachable again.';

/** Writing actions ask this; while any screen shows cached data they stay disabled. */
export function useOffline(): { offline: boolean; since: string | null; reason: string | undefined } {
  const offline = useConnectivity((s) => s.offline);
  const times = Object.values(offline).sort();
  return { offline: times.length > 0, since: times[0] ?? null, reason: times.length > 0 ? OFFLINE_WRITE_MESSAGE : undefined };
}
