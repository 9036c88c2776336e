import { createContext, useCallback, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { AntdAppApi } from './antd-app-api';
import { nativeAppApi } from './native-app-api';

type Fire<F> = F extends (...args: infer A) => unknown ? (...args: A) => void : never;

/** The part of antd's App API the admin uses. A call returns nothing: it may wait for antd's code. */
export interface AppApi {
  message: { [K in 'success' | 'error' | 'info' | 'warning']: Fire<AntdAppApi['message'][K]> };
  notification: { [K in 'success' | 'error' | 'info' | 'warning']: Fire<AntdAppApi['notification'][K]> };
  modal: { confirm: Fire<AntdAppApi['modal']['confirm']> };
}

type Call = (api: AntdAppApi) => void;
type Host = ComponentType<{ onReady: (api: AntdAppApi) => void }>;

const AppApiContext = createContext<AppApi | null>(null);

/** message, notification and modal.confirm, as antd's App.useApp() gave them. */
export function useAppApi(): AppApi {
  const api = useContext(AppApiContext);
  if (!api) throw new Error('useAppApi needs an AppApiProvider (app/antd-root.tsx)');
  return api;
}

/** `confirmTitle`: the call is a confirmation, asked once however often it is asked while waiting. */
function forwarding(run: (call: Call, confirmTitle?: unknown) => void): AppApi {
  return {
    message: {
      success: (...args) => run((a) => void a.message.success(...args)),
      error: (...args) => run((a) => void a.message.error(...args)),
      info: (...args) => run((a) => void a.message.info(...args)),
      warning: (...args) => run((a) => void a.message.warning(...args)),
    },
    notification: {
      success: (...args) => run((a) => a.notification.success(...args)),
      error: (...args) => run((a) => a.notification.error(...args)),
      info: (...args) => run((a) => a.notification.info(...args)),
      warning: (...args) => run((a) => a.notification.warning(...args)),
    },
    modal: { confirm: (...args) => run((a) => void a.modal.confirm(...args), args[0].title ?? '') },
  };
}

/**
 * antd's App (message, notification and modal hosts: 17 kB gzip) is not part of the first screen:
 * it is fetched once the browser is idle after it, or by the first toast or confirmation if that
 * comes sooner. Calls made before it has arrived wait for it and then run in order; a
 * confirmation asked for again while the first waits (the admin clicking again because nothing
 * showed yet) is asked once. If the code cannot be fetched, the waiting calls use the browser's
 * own dialogs (native-app-api.ts) and the next call tries again.
 */
export function AppApiProvider({ children }: { children: ReactNode }) {
  const [AppHost, setAppHost] = useState<Host | null>(null);
  const loaded = useRef<AntdAppApi | null>(null);
  const waiting = useRef<Call[]>([]);
  const fetching = useRef<Promise<void> | null>(null);

  const [fetchHost] = useState(() => () => {
    fetching.current ??= import('./app-host').then(
      (m) => setAppHost(() => m.AppHost),
      () => {
        fetching.current = null;
        const calls = waiting.current;
        waiting.current = [];
        for (const call of calls) call(nativeAppApi);
      },
    );
  });

  const [api] = useState(() => {
    const confirming = new Set<unknown>();
    return forwarding((call, confirmTitle) => {
      if (loaded.current) return call(loaded.current);
      if (confirmTitle !== undefined) {
        if (confirming.has(confirmTitle)) return;
        confirming.add(confirmTitle);
        const ask = call;
        call = (a) => {
          confirming.delete(confirmTitle);
          ask(a);
        };
      }
      waiting.current.push(call);
      fetchHost();
    });
  });

  useEffect(() => {
    const id = window.requestIdleCallback ? window.requestIdleCallback(fetchHost, { timeout: 3000 }) : window.setTimeout(fetchHost, 500);
    return () => (window.cancelIdleCallback ? window.cancelIdleCallback(id) : window.clearTimeout(id));
  }, [fetchHost]);

  const onReady = useCallback((ready: AntdAppApi) => {
    loaded.current = ready;
    const calls = waiting.current;
    waiting.current = [];
    for (const call of calls) call(ready);
  }, []);

  return (
    <AppApiContext.Provider value={api}>
      {children}
      {/* Beside the screens, not around them: its arrival re-renders no screen. */}
      {AppHost && <AppHost onReady={onReady} />}
    </AppApiContext.Provider>
  );
}
