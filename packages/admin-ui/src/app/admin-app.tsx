import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { PlatformContext, type Platform } from '../platform/platform';
import { AdminLayout } from '../layout/admin-layout';
import { CreateAdminScreen } from '../screens/create-admin/create-admin.screen';
import { DashboardScreen } from '../screens/dashboard/dashboard.screen';
import { InterestsScreen } from '../screens/interests/interests.screen';
import { LoginScreen } from '../screens/login/login.screen';
import { RegistrationsScreen } from '../screens/registrations/registrations.screen';
import { ReviveScreen } from '../screens/revive/revive.screen';
import { SettingsScreen } from '../screens/settings/settings.screen';
import { WorkshopsScreen } from '../screens/workshops/workshops.screen';
import { RequireAdmin } from '../session/require-admin';
import { AdminBaseContext } from './admin-paths';
import { ApiProvider } from './api-context';
import { adminTheme } from './theme';

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
      <ConfigProvider theme={adminTheme} locale={enUS}>
        <AntApp message={{ top: 16, maxCount: 4 }} notification={{ placement: 'topRight' }}>
          <AdminBaseContext.Provider value={base}>
            <ApiProvider>
              <Routes>
                <Route path="login" element={<LoginScreen />} />
                <Route path="create" element={<CreateAdminScreen />} />
                <Route
                  element={
                    <RequireAdmin>
                      <AdminLayout />
                    </RequireAdmin>
                  }
                >
                  <Route index element={<DashboardScreen />} />
                  <Route path="workshops" element={<WorkshopsScreen />} />
                  <Route path="registrations" element={<RegistrationsScreen />} />
                  <Route path="interests" element={<InterestsScreen />} />
                  <Route path="revive" element={<ReviveScreen />} />
                  <Route path="settings" element={<SettingsScreen />} />
                </Route>
                <Route path="*" element={<Navigate to={base} replace />} />
              </Routes>
            </ApiProvider>
          </AdminBaseContext.Provider>
        </AntApp>
      </ConfigProvider>
    </PlatformContext.Provider>
  );
}
