import { createApiClient, type ApiClient } from '@workshop/api-client';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { usePlatform } from '../platform/platform';
import { useSession } from '../session/session.store';

const ApiContext = createContext<ApiClient | null>(null);

/** One API client per mounted admin; a 401 from any admin call means the session is gone. */
export function ApiProvider({ children }: { children: ReactNode }) {
  const platform = usePlatform();
  const signOut = useSession((s) => s.signOut);
  const api = useMemo(
    () =>
      createApiClient({
        baseUrl: platform.apiBaseUrl,
        onUnauthorized: signOut,
      }),
    [platform, signOut],
  );
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi() needs <ApiProvider>');
  return api;
}
