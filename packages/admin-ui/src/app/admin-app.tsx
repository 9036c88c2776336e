import { Suspense } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { PlatformContext, type Platform } from '../platform/platform';
import { FullScreenLoading } from '../components/full-screen-loading';
import { RequireAdmin } from '../session/require-admin';
import { AdminBaseContext } from './admin-paths';
import { AdminShell, SIGNED_IN_SCREENS, SIGNED_OUT_SCREENS } from './admin-screens';
import { ApiProvider } from './api-context';

/** '/admin' under the web's `/admin/*` route, '/' at the root of the desktop's HashRouter. */
function useMountPath(): string {
  const splat = useParams()['*'];
  const { pathname } = useLocation();
  if (splat === undefined) return '/';
  return pathname.slice(0, pathname.length - splat.length).replace(/\/$/, '') || '/';
}

/**
 * The whole admin as <Routes> relative to where the host mounts it. It creates no Router:
 * the web wraps it in the site's BrowserRouter under /admin/*, the desktop in a HashRouter.
 */
export function AdminApp({ platform }: { platform: Platform }) {
  const base = useMountPath();
  return (
    <PlatformContext.Provider value={platform}>
      <AdminBaseContext.Provider value={base}>
        <ApiProvider>
          <Routes>
            {SIGNED_OUT_SCREENS.map(([path, Screen]) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
            <Route
              element={
                <RequireAdmin>
                  <Suspense fallback={<FullScreenLoading text="Loading admin portal..." />}>
                    <AdminShell />
                  </Suspense>
                </RequireAdmin>
              }
            >
              {SIGNED_IN_SCREENS.map(([path, Screen]) => (path ? <Route key={path} path={path} element={<Screen />} /> : <Route key="index" index element={<Screen />} />))}
            </Route>
          </Routes>
        </ApiProvider>
      </AdminBaseContext.Provider>
    </PlatformContext.Provider>
  );
}
