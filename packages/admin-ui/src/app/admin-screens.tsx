import { lazy, Suspense, type ComponentType } from 'react';
import { PlainStyles, Spinner } from '../components/plain-styles';

/**
 * A screen's module, fetched the first time the screen is shown: every screen is its own chunk.
 * `antd: true` wraps a screen shown outside the signed-in shell in antd's providers.
 */
function screen<M>(load: () => Promise<M>, name: keyof M, options: { antd?: boolean } = {}) {
  const Screen = lazy(async () => {
    const [module, root] = await Promise.all([load(), options.antd ? import('./antd-root') : null]);
    const Loaded = module[name] as ComponentType;
    if (!root) return { default: Loaded };
    const { AntdRoot } = root;
    return {
      default: () => (
        <AntdRoot>
          <Loaded />
        </AntdRoot>
      ),
    };
  });
  return function LazyScreen() {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <Screen />
      </Suspense>
    );
  };
}

function ScreenLoading() {
  return (
    <div className="wk-spin-box" data-testid="screen-loading">
      <PlainStyles />
      <Spinner />
    </div>
  );
}

/**
 * Every admin screen, one line each: its path under the admin's mount ('' = the index) and
 * its module. Signed out: shown on their own. Signed in: inside the guarded shell.
 */
export const SIGNED_OUT_SCREENS: [string, ComponentType][] = [
  ['login', screen(() => import('../screens/login/login.screen'), 'LoginScreen')],
  ['create', screen(() => import('../screens/create-admin/create-admin.screen'), 'CreateAdminScreen', { antd: true })],
  ['reset-password', screen(() => import('../screens/login/reset-password.screen'), 'ResetPasswordScreen', { antd: true })],
  // Passkey steps the desktop app hands to the browser (signed in or not, this browser's own session is not involved).
  ['passkey', screen(() => import('../screens/login/passkey-handoff.screen'), 'PasskeyHandoffScreen', { antd: true })],
  ['add-passkey', screen(() => import('../screens/settings/add-passkey.screen'), 'AddPasskeyScreen', { antd: true })],
];

export const SIGNED_IN_SCREENS: [string, ComponentType][] = [
  ['', screen(() => import('../screens/dashboard/dashboard.screen'), 'DashboardScreen')],
  ['workshops', screen(() => import('../screens/workshops/workshops.screen'), 'WorkshopsScreen')],
  ['registrations', screen(() => import('../screens/registrations/registrations.screen'), 'RegistrationsScreen')],
  ['registrations/:id', screen(() => import('../screens/registrations/registration-detail.screen'), 'RegistrationDetailScreen')],
  ['attention', screen(() => import('../screens/attention/attention.screen'), 'AttentionScreen')],
  ['interests', screen(() => import('../screens/interests/interests.screen'), 'InterestsScreen')],
  ['video-leads', screen(() => import('../screens/video-leads/video-leads.screen'), 'VideoLeadsScreen')],
  ['invoices', screen(() => import('../screens/invoices/invoices.screen'), 'InvoicesScreen')],
  ['revive', screen(() => import('../screens/revive/revive.screen'), 'ReviveScreen')],
  ['promo-codes', screen(() => import('../screens/promo-codes/promo-codes.screen'), 'default')],
  ['settings', screen(() => import('../screens/settings/settings.screen'), 'SettingsScreen')],
  ['activity', screen(() => import('../screens/activity/activity.screen'), 'ActivityScreen')],
  ['privacy', screen(() => import('../screens/privacy/privacy.screen'), 'PrivacyScreen')],
  ['*', screen(() => import('../screens/not-found/not-found.screen'), 'AdminNotFoundScreen')],
];

/** The signed-in shell: antd's providers, sidebar, top bar (app/admin-shell.tsx). */
export const AdminShell = lazy(async () => ({ default: (await import('./admin-shell')).AdminShell }));
