import type { App } from 'antd';
import { createContext, useCallback, useContext, useRef, useState, type ComponentType, type ReactNode } from 'react';

/** What antd's App.useApp() gives: message, notification and modal, drawn with the admin's theme. */
export type AntdAppApi = ReturnType<typeof App.useApp>;

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

function forwarding(run: (call: Call) => void): AppApi {
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
    modal: { confirm: (...args) => run((a) => void a.modal.confirm(...args)) },
  };
}

/**
 * antd's App (message, notification and modal hosts: 17 kB gzip) is fetched by the first toast
 * or confirmation, not with the dashboard, which shows none unless something happens. Calls
 * made before it has arrived wait for it and then run in order; if it cannot be fetched they
 * are dropped, and the next call tries again.
 */
export function AppApiProvider({ children }: { children: ReactNode }) {
  const [AppHost, setAppHost] = useState<Host | null>(null);
  const loaded = useRef<AntdAppApi | null>(null);
  const waiting = useRef<Call[] | null>(null);

  const [api] = useState(() =>
    forwarding((call) => {
      if (loaded.current) return call(loaded.current);
      if (waiting.current) return void waiting.current.push(call);
      waiting.current = [call];
      import('./app-host').then(
        (m) => setAppHost(() => m.AppHost),
        () => {
          waiting.current = null;
        },
      );
    }),
  );

  const onReady = useCallback((ready: AntdAppApi) => {
    loaded.current = ready;
    const calls = waiting.current ?? [];
    waiting.current = null;
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
