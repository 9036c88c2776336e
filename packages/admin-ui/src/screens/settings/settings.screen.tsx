import { ADMINS_MESSAGES, DEFAULT_REFUND_POLICY, DEFAULT_SETTINGS, type Settings } from '@workshop/shared';
import { Alert, Col, Row, Skeleton, Tag } from 'antd';
import { LoadingOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { useOwnerWrites } from '../../session/owner-writes';
import { AccountSection } from './account-section';
import { AdminsSection } from './admins-section';
import { useCachedQuery } from '../../queries/use-cached-query';
import { DangerSection } from './danger-section';
import { RecoverySection } from './recovery-section';
import { InvoicingSection } from './invoicing-section';
import { LinksSection } from './links-section';
import { RefundPolicySection } from './refund-policy-section';
import { SettingSection, type SettingSectionConfig, type ToggleSettingKey } from './setting-section';
import { ADMIN_SECURITY_SECTION, EMAIL_NOTIFICATIONS_SECTION, MAINTENANCE_SECTION, REGISTRATION_LIMIT_SECTION } from './settings-sections';
import { useSettingWriter } from './use-setting-writer';
import { RetentionSection } from './retention-section';
import { WaitlistSection } from './waitlist-section';

export function SettingsScreen() {
  const api = useApi();
  const { blocked: offline, reason } = useOwnerWrites();
  const { data, error, reload } = useCachedQuery('settings', () => api.admin.settings.get());
  const [settings, setSettings] = useState<Settings | undefined>();
  const [clearing, setClearing] = useState(false);
  useEffect(() => setSettings(data), [data]);
  const { saving, save } = useSettingWriter((key, value) => setSettings((s) => (s ? { ...s, [key]: value } : s)));
  const section = <K extends ToggleSettingKey>(config: SettingSectionConfig<K>, current: Settings) => (
    <Col xs={24} xl={12}>
      <SettingSection config={config} value={current[config.key]} disabled={offline} saving={saving === config.key} save={(value) => save(config.key, value)} />
    </Col>
  );

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
      {/* Staff read the settings; only an owner changes them (the server refuses staff too). */}
      {reason === ADMINS_MESSAGES.ownerOnly && <Alert type="info" showIcon style={{ marginBottom: 20 }} title={reason} data-testid="settings-owner-only" />}
      {!settings ? (
        !error && <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Row gutter={[20, 20]}>
          {section(MAINTENANCE_SECTION, settings)}
          {section(REGISTRATION_LIMIT_SECTION, settings)}
          {section(EMAIL_NOTIFICATIONS_SECTION, settings)}
          <Col xs={24} xl={12}>
            <RefundPolicySection value={settings.refund_policy ?? DEFAULT_REFUND_POLICY} disabled={offline} saving={saving === 'refund_policy'} save={(value) => save('refund_policy', value)} />
          </Col>
          <Col xs={24} xl={12}>
            <RecoverySection value={settings.checkout_recovery ?? DEFAULT_SETTINGS.checkout_recovery} disabled={offline} saving={saving === 'checkout_recovery'} save={(value) => save('checkout_recovery', value)} />
            <WaitlistSection value={settings.waitlist ?? DEFAULT_SETTINGS.waitlist} disabled={offline} saving={saving === 'waitlist'} save={(value) => save('waitlist', value)} />
            <div style={{ height: 20 }} />
            <RetentionSection value={settings.retention ?? DEFAULT_SETTINGS.retention} disabled={offline} saving={saving === 'retention'} save={(value) => save('retention', value)} />
            <div style={{ height: 20 }} />
            <SettingSection
              config={ADMIN_SECURITY_SECTION}
              value={settings.admin_security ?? DEFAULT_SETTINGS.admin_security}
              disabled={offline}
              saving={saving === 'admin_security'}
              save={(value) => save('admin_security', value)}
            />
          </Col>
          <Col xs={24} xl={12}>
            <AdminsSection />
            <div style={{ height: 20 }} />
            <AccountSection />
          </Col>
          {reason !== ADMINS_MESSAGES.ownerOnly && (
            <Col xs={24}>
              <InvoicingSection disabled={offline} />
            </Col>
          )}
          <Col xs={24}>
            <LinksSection value={settings.site_links ?? DEFAULT_SETTINGS.site_links} disabled={offline} saving={saving === 'site_links'} save={(value) => save('site_links', value)} />
          </Col>
          <Col xs={24}>
            <DangerSection disabled={offline} onBusy={setClearing} />
          </Col>
        </Row>
      )}
    </>
  );
}
