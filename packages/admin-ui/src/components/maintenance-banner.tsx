import { Alert, Button } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAdminPath } from '../app/admin-paths';
import { useApi } from '../app/api-context';
import { useMaintenanceState } from '../queries/maintenance.store';

/**
 * On every admin page while the public site is in maintenance mode, so nobody forgets it is on.
 * Asked again on each page change (another admin may have switched it); Settings updates it at once.
 */
export function MaintenanceBanner() {
  const api = useApi();
  const path = useAdminPath();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { maintenance, set } = useMaintenanceState();

  useEffect(() => {
    let stale = false;
    api.site.state().then(
      (s) => !stale && set(s.maintenance),
      () => {},
    );
    return () => {
      stale = true;
    };
  }, [api, set, pathname]);

  if (!maintenance?.enabled) return null;
  const onSettings = pathname === path('settings');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="maintenance-banner"
      style={{ marginBottom: 16 }}
      title="Maintenance mode is on"
      description={`Visitors see “${maintenance.message}” and cannot register or send forms until it is turned off.`}
      action={
        !onSettings && (
          <Button size="small" onClick={() => navigate(path('settings'))}>
            Open Settings
          </Button>
        )
      }
    />
  );
}
