import { formatDateTime } from '@workshop/shared';
import { Alert } from 'antd';
import { OFFLINE_WRITE_MESSAGE, useOffline } from '../queries/connectivity.store';

/** Shown above every screen while it reads the offline copy. */
export function OfflineBanner() {
  const { offline, since } = useOffline();
  if (!offline || !since) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="offline-banner"
      style={{ marginBottom: 16 }}
      title={`Offline — showing data from ${formatDateTime(since)}`}
      description={OFFLINE_WRITE_MESSAGE}
    />
  );
}
