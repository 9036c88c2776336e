import {
  AppstoreOutlined,
  BulbOutlined,
  CalendarOutlined,
  GlobalOutlined,
  HistoryOutlined,
  LogoutOutlined,
  SettingOutlined,
  TagOutlined,
  TeamOutlined,
  UserAddOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { SITE_NAME } from '@workshop/shared';
import { Flex, Menu } from 'antd';
import type { MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAdminPath, type AdminPage } from '../app/admin-paths';
import { usePlatform } from '../platform/platform';
import { Text } from '../components/text';

const PAGES: { page: AdminPage; label: string; icon: React.ReactNode }[] = [
  { page: '', label: 'Dashboard', icon: <AppstoreOutlined /> },
  { page: 'workshops', label: 'Workshops', icon: <CalendarOutlined /> },
  { page: 'registrations', label: 'Registrations', icon: <TeamOutlined /> },
  { page: 'attention', label: 'Needs Attention', icon: <WarningOutlined /> },
  { page: 'interests', label: 'Interests', icon: <BulbOutlined /> },
  { page: 'revive', label: 'Revive', icon: <UserAddOutlined /> },
  { page: 'promo-codes', label: 'Promo Codes', icon: <TagOutlined /> },
  { page: 'settings', label: 'Settings', icon: <SettingOutlined /> },
  { page: 'activity', label: 'Activity', icon: <HistoryOutlined /> },
];

/** The SPEC's sidebar entries (plus Needs Attention and Activity), then View Site and Logout. */
export function SidebarNav({ collapsed, onLogout, onNavigate }: { collapsed: boolean; onLogout: () => void; onNavigate?: () => void }) {
  const path = useAdminPath();
  const platform = usePlatform();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = PAGES.filter((p) => p.page && pathname.startsWith(path(p.page))).map((p) => p.page)[0] ?? '';

  const items: MenuProps['items'] = PAGES.map((p) => ({ key: p.page || 'dashboard', icon: p.icon, label: p.label, title: p.label }));
  const footer: MenuProps['items'] = [
    {
      key: 'view-site',
      icon: <GlobalOutlined />,
      title: 'View Site',
      label: (
        <a href={`${platform.apiBaseUrl}/`} target="_blank" rel="noreferrer">
          View Site
        </a>
      ),
    },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Logout', title: 'Logout', danger: true },
  ];

  return (
    <Flex vertical style={{ height: '100%' }}>
      <Flex align="center" gap={10} style={{ height: 56, padding: collapsed ? '0 8px' : '0 20px', borderBottom: '1px solid #f0f0f0', flex: 'none' }}>
        <Flex align="center" justify="center" style={{ width: 30, height: 30, borderRadius: 8, background: '#4f46e5', color: '#fff', fontWeight: 700, fontSize: 13, flex: 'none' }}>
          NC
        </Flex>
        {!collapsed && (
          <div style={{ lineHeight: 1.2, whiteSpace: 'nowrap' }}>
            <Text strong>{SITE_NAME}</Text>
            <br />
            <Text type="secondary" style={{ fontSize: 12 }}>
              Admin Portal
            </Text>
          </div>
        )}
      </Flex>
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        selectedKeys={[selected || 'dashboard']}
        items={items}
        style={{ borderInlineEnd: 'none', flex: 1, paddingTop: 8 }}
        onClick={({ key }) => {
          navigate(path(key === 'dashboard' ? '' : (key as AdminPage)));
          onNavigate?.();
        }}
        data-testid="sidebar-nav"
      />
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        selectable={false}
        items={footer}
        style={{ borderInlineEnd: 'none', borderTop: '1px solid #f0f0f0', flex: 'none' }}
        onClick={({ key }) => key === 'logout' && onLogout()}
      />
    </Flex>
  );
}
