import type { SettingKey, Settings } from '@workshop/shared';
import { Alert, Card, Col, Row, Skeleton, Tag } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useOffline } from '../../queries/connectivity.store';
import { useCachedQuery } from '../../queries/use-cached-query';
import { CreateAdminForm } from '../create-admin/create-admin-form';
import { DangerSection } from './danger-section';
import { EmailNotificationsSection, MaintenanceSection, RegistrationLimitSection } from './settings-sections';
import { useSettingWriter } from './use-setting-writer';

export function SettingsScreen() {
  const api = useApi();
  const { offline, reason } = useOffline();
  const { data, error, reload } = useCachedQuery('settings', () => api.admin.settings.get());
  const [settings, setSettings] = useState<Settings | undefined>();
  const [clearing, setClearing] = useState(false);
  useEffect(() => setSettings(data), [data]);
  const { saving, save } = useSettingWriter((key, value) => setSettings((s) => (s ? { ...s, [key]: value } : s)));
  const writer = <K extends SettingKey>(key: K) => (value: Settings[K]) => save(key, value);

  return (
    <>
      <PageHeader
        title="Settings"
        subtitle="Site-wide switches, limits and admin access"
        extra={
          (saving || clearing) && (
            <Tag icon={<LoadingOutlined />} color="processing" data-testid="saving-indicator">
              Saving...
            </Tag>
          )
        }
      />
      {error && !data && <LoadError title="Failed to load settings" error={error} onRetry={reload} />}
      {!settings ? (
        !error && <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Row gutter={[20, 20]}>
          <Col xs={24} xl={12}>
            <MaintenanceSection value={settings.site_maintenance} disabled={offline} saving={saving === 'site_maintenance'} save={writer('site_maintenance')} />
          </Col>
          <Col xs={24} xl={12}>
            <RegistrationLimitSection value={settings.registration_limit} disabled={offline} saving={saving === 'registration_limit'} save={writer('registration_limit')} />
          </Col>
          <Col xs={24} xl={12}>
            <EmailNotificationsSection value={settings.email_notifications} disabled={offline} saving={saving === 'email_notifications'} save={writer('email_notifications')} />
          </Col>
          <Col xs={24} xl={12}>
            <Card title="Admin Management" data-testid="section-admins">
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="Admin users have full access to every admin screen and setting. Only add people you trust." />
              <CreateAdminForm disabled={offline} disabledReason={reason} />
            </Card>
          </Col>
          <Col xs={24}>
            <DangerSection disabled={offline} onBusy={setClearing} />
          </Col>
        </Row>
      )}
    </>
  );
}
