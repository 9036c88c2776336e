import { AdminApp, type Platform } from '@workshop/admin-ui';
import { useEffect } from 'react';
import { HashRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import type { NavigateTarget } from '../shared/ipc-contract';
import type { DesktopApi } from '../preload/desktop-api';
import { ServerSetupScreen } from './server-setup.screen';

/** AdminApp is mounted at the HashRouter's root, so its pages are #/registrations and so on. */
const PATHS: Record<NavigateTarget, string> = {
  dashboard: '/',
  workshops: '/workshops',
  registrations: '/registrations',
  attention: '/attention',
  interests: '/interests',
  'video-leads': '/video-leads',
  invoices: '/invoices',
  revive: '/revive',
  'promo-codes': '/promo-codes',
  settings: '/settings',
  activity: '/activity',
  privacy: '/privacy',
  server: '/server',
};

/** The menu's Go items and a clicked notification ask main, which asks us to show a screen. */
function FollowMainNavigation({ api }: { api: DesktopApi }) {
  const navigate = useNavigate();
  useEffect(() => api.onNavigate((to) => navigate(PATHS[to])), [api, navigate]);
  return null;
}

export function DesktopApp({ api, platform, serverUrl }: { api: DesktopApi; platform: Platform; serverUrl: string | null }) {
  return (
    <HashRouter>
      <FollowMainNavigation api={api} />
      <Routes>
        <Route path="/server" element={<ServerSetupScreen api={api} current={serverUrl} />} />
        <Route path="/*" element={serverUrl ? <AdminApp platform={platform} /> : <Navigate to="/server" replace />} />
      </Routes>
    </HashRouter>
  );
}
