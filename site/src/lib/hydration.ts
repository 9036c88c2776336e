import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * A value the server cannot know (the browser's storage, say): the prerendered page and its
 * hydration use `server`, the browser's own value follows right after.
 */
export function useBrowserValue<T>(read: () => T, server: T): T {
  return useSyncExternalStore(never, read, () => server);
}
