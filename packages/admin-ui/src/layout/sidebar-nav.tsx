import {
  AppstoreOutlined,
  BulbOutlined,
  CalendarOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HistoryOutlined,
  LogoutOutlined,
  PlayCircleOutlined,
  SafetyOutlined,
  SettingOutlined,
  TagOutlined,
  TeamOutlined,
  UserAddOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { SITE_NAME } from '@workshop/shared';
import { Link, useLocation } from 'react-router-dom';
import { useAdminPath, type AdminPage } from '../app/admin-paths';
import { usePlatform } from '../platform/platform';
import { Text } from '../components/text';

// The icons only repeat the labels: hidden from screen readers, so a link is named by its label alone.
const PAGES: { page: AdminPage; label: string; icon: React.ReactNode }[] = [
  { page: '', label: 'Dashboard', icon: <AppstoreOutlined aria-hidden /> },
  { page: 'workshops', label: 'Workshops', icon: <CalendarOutlined aria-hidden /> },
  { page: 'registrations', label: 'Registrations', icon: <TeamOutlined aria-hidden /> },
  { page: 'attention', label: 'Needs Attention', icon: <WarningOutlined aria-hidden /> },
  { page: 'interests', label: 'Interests', icon: <BulbOutlined aria-hidden /> },
  { page: 'video-leads', label: 'Video Leads', icon: <PlayCircleOutlined aria-hidden /> },
  { page: 'invoices', label: 'Invoices', icon: <FileTextOutlined aria-hidden /> },
  { page: 'revive', label: 'Revive', icon: <UserAddOutlined aria-hidden /> },
  { page: 'promo-codes', label: 'Promo Codes', icon: <TagOutlined aria-hidden /> },
  { page: 'settings', label: 'Settings', icon: <SettingOutlined aria-hidden /> },
  { page: 'activity', label: 'Activity', icon: <HistoryOutlined aria-hidden /> },
  { page: 'privacy', label: 'Privacy Requests', icon: <SafetyOutlined aria-hidden /> },
];

/**
 * The SPEC's sidebar entries (plus Needs Attention and Activity), then View Site and Logout:
 * plain links in a <nav> (styles: ./shell-styles.tsx). Collapsed to icons, each label becomes
 * the tip shown beside its icon on hover or keyboard focus, and still names the link.
 */
export function SidebarNav({ collapsed, onLogout, onNavigate }: { collapsed: boolean; onLogout: () => void; onNavigate?: () => void }) {
  const path = useAdminPath();
  const platform = usePlatform();
  const { pathname } = useLocation();
  // As antd's Menu had it: a screen under no entry (the not-found one) keeps Dashboard marked.
  const selected = PAGES.find((p) => p.page && pathname.startsWith(path(p.page)))?.page ?? '';

  return (
    <div className={collapsed ? 'wk-panel wk-collapsed' : 'wk-panel'}>
      <div className="wk-brand">
        <div className="wk-logo">NC</div>
        {!collapsed && (
          <div style={{ lineHeight: 1.2, whiteSpace: 'nowrap' }}>
            <Text strong>{SITE_NAME}</Text>
            <br />
            <Text type="secondary" style={{ fontSize: 12 }}>
              Admin Portal
            </Text>
          </div>
        )}
      </div>
      <nav className="wk-nav" aria-label="Admin" data-testid="sidebar-nav">
        <ul>
          {PAGES.map((p) => (
            <li key={p.label}>
              <Link to={path(p.page)} className="wk-nav-item" aria-current={p.page === selected ? 'page' : undefined} onClick={onNavigate}>
                {p.icon}
                <span className="wk-nav-label">{p.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="wk-nav-foot">
        <li>
          <a className="wk-nav-item" href={`${platform.apiBaseUrl}/`} target="_blank" rel="noreferrer">
            <GlobalOutlined aria-hidden />
            <span className="wk-nav-label">View Site</span>
          </a>
        </li>
        <li>
          <button type="button" className="wk-nav-item wk-danger" onClick={onLogout}>
            <LogoutOutlined aria-hidden />
            <span className="wk-nav-label">Logout</span>
          </button>
        </li>
      </ul>
    </div>
  );
}
