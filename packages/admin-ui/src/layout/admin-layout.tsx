import { UserOutlined } from '@ant-design/icons';
import { SIDEBAR } from '@workshop/shared';
import { Grid } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useApi } from '../app/api-context';
import { useAdminPath } from '../app/admin-paths';
import { MaintenanceBanner } from '../components/maintenance-banner';
import { OfflineBanner } from '../components/offline-banner';
import { broadcastSignOut } from '../session/session-broadcast';
import { useSession } from '../session/session.store';
import { leaveNotice, takeNotice } from '../session/notice';
import { PhoneSidebar } from './phone-sidebar';
import { ShellStyles } from './shell-styles';
import { SidebarNav } from './sidebar-nav';
import { useSidebarState } from './sidebar-state';
import { SidebarToggle } from './sidebar-toggle';
import { useLiveRegistrations } from './use-live-registrations';
import { Text } from '../components/text';
import { useAppApi } from '../app/app-api';

/** The guarded shell: sidebar (a drawer under 768px), top bar, the page, live registration toasts. */
export function AdminLayout() {
  const api = useApi();
  const path = useAdminPath();
  const navigate = useNavigate();
  const { message } = useAppApi();
  const { user, signOut } = useSession();
  const [open, toggle] = useSidebarState();
  const screens = Grid.useBreakpoint();
  const mobile = screens.md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  useLiveRegistrations();
  // Left by the sign-in screen, which has no antd message of its own.
  useEffect(() => {
    const notice = takeNotice();
    if (notice) message.success(notice);
  }, [message]);

  async function logout() {
    try {
      await api.auth.logout();
      broadcastSignOut();
      signOut();
      // Shown by the sign-in screen: this layout (and its message host) goes with the session.
      leaveNotice('Logged out successfully');
      navigate(path('login'), { replace: true });
    } catch {
      message.error('Error logging out');
    }
  }

  const nav = (collapsed: boolean) => <SidebarNav collapsed={collapsed} onLogout={logout} onNavigate={() => setDrawerOpen(false)} />;
  const width = open ? SIDEBAR.width : SIDEBAR.widthIcon;

  return (
    <div className="wk-shell">
      <ShellStyles />
      {mobile ? (
        <PhoneSidebar open={drawerOpen} onClose={() => setDrawerOpen(false)}>
          {nav(false)}
        </PhoneSidebar>
      ) : (
        <aside className="wk-sider" data-testid="sidebar" data-state={open ? 'expanded' : 'collapsed'} style={{ width, minWidth: width, maxWidth: width, flexBasis: width }}>
          {/* The sidebar stretches with the page; its links stay in view while the page scrolls. */}
          <div className="wk-sider-inner">{nav(!open)}</div>
        </aside>
      )}
      <div className="wk-main">
        <header className="wk-header">
          <SidebarToggle folds={open && !mobile} onToggle={() => (mobile ? setDrawerOpen((o) => !o) : toggle())} />
          <div style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
            {user && (
              <Text type="secondary" style={{ fontSize: 13 }}>
                {user.email}
              </Text>
            )}
            <span className="wk-avatar">
              <UserOutlined />
            </span>
          </div>
        </header>
        <main className="wk-content" style={{ padding: mobile ? 16 : 28 }}>
          <div style={{ maxWidth: 1320, margin: '0 auto' }}>
            <OfflineBanner />
            <MaintenanceBanner />
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
