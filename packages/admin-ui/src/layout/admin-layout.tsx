import { MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { SIDEBAR } from '@workshop/shared';
import { App, Avatar, Button, Drawer, Flex, Grid, Layout, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { useApi } from '../app/api-context';
import { useAdminPath } from '../app/admin-paths';
import { MaintenanceBanner } from '../components/maintenance-banner';
import { OfflineBanner } from '../components/offline-banner';
import { broadcastSignOut } from '../session/session-broadcast';
import { useSession } from '../session/session.store';
import { leaveNotice, takeNotice } from '../session/notice';
import { SidebarNav } from './sidebar-nav';
import { useSidebarState } from './sidebar-state';
import { useLiveRegistrations } from './use-live-registrations';
import { Text } from '../components/text';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The guarded shell: sidebar (Drawer under 768px), top bar, the page, live registration toasts. */
export function AdminLayout() {
  const api = useApi();
  const path = useAdminPath();
  const navigate = useNavigate();
  const { message } = App.useApp();
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
  const onToggle = () => (mobile ? setDrawerOpen((o) => !o) : toggle());

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {mobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          size={SIDEBAR.widthMobile}
          closable={false}
          styles={{ body: { padding: 0 } }}
        >
          {nav(false)}
        </Drawer>
      ) : (
        <Layout.Sider
          theme="light"
          width={SIDEBAR.width}
          collapsedWidth={SIDEBAR.widthIcon}
          collapsed={!open}
          trigger={null}
          data-testid="sidebar"
          data-state={open ? 'expanded' : 'collapsed'}
          style={{ borderInlineEnd: '1px solid #eceef3' }}
        >
          {/* The Sider stretches with the page; its menu stays in view while the page scrolls. */}
          <div style={{ position: 'sticky', top: 0, height: '100vh' }}>{nav(!open)}</div>
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{ background: '#fff', borderBottom: '1px solid #eceef3', padding: '0 16px', height: 56, lineHeight: '56px', position: 'sticky', top: 0, zIndex: 10 }}
        >
          <Flex align="center" justify="space-between" style={{ height: '100%' }}>
            <Tooltip title={`Toggle Sidebar (${isMac ? '⌘' : 'Ctrl'}+B)`}>
              <Button
                type="text"
                aria-label="Toggle Sidebar"
                data-testid="sidebar-toggle"
                icon={open && !mobile ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
                onClick={onToggle}
              />
            </Tooltip>
            <Flex align="center" gap={10}>
              {user && (
                <Text type="secondary" style={{ fontSize: 13 }}>
                  {user.email}
                </Text>
              )}
              <Avatar size={30} icon={<UserOutlined />} style={{ background: '#eef0ff', color: '#4f46e5' }} />
            </Flex>
          </Flex>
        </Layout.Header>
        <Layout.Content style={{ padding: mobile ? 16 : 28 }}>
          <div style={{ maxWidth: 1320, margin: '0 auto' }}>
            <OfflineBanner />
            <MaintenanceBanner />
            <Outlet />
          </div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
