import { ArrowLeftOutlined } from '@ant-design/icons';
import type { RegistrationDetail } from '@workshop/shared';
import { Col, Flex, Row } from 'antd';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAdminPath } from '../../app/admin-paths';
import { useApi } from '../../app/api-context';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SkeletonCards } from '../../components/skeleton-cards';
import { useLive } from '../../queries/live.store';
import { useCachedQuery } from '../../queries/use-cached-query';
import { RegistrationActions } from './registration-actions';
import { RegistrationFacts } from './registration-facts';
import { RegistrationHistory } from './registration-history';
import { RegistrationInvoices } from './registration-invoices';
import { RegistrationSeats } from './registration-seats';

/** How often the page looks again while money or an email is still on its way. */
const SETTLING_POLL_MS = 2_000;

const settling = (d: RegistrationDetail) =>
  d.registration.status === 'refund_pending' || d.emails.some((m) => m.status === 'queued') || d.refunds.some((f) => f.status === 'queued');

/** One registration, deep-linkable at /admin/registrations/:id: every field, its history and what can be done. */
export function RegistrationDetailScreen() {
  const { id = '' } = useParams();
  const api = useApi();
  const path = useAdminPath();
  const live = useLive((s) => s.registrationsVersion);
  const bump = useLive((s) => s.bump);
  const { data, error, loading, reload } = useCachedQuery(`registration:${id}`, () => api.admin.registration.get(id), live);

  // A refund or an email in flight settles by itself on the server: follow it without a click.
  useEffect(() => {
    if (!data || loading || !settling(data)) return;
    const t = setTimeout(reload, SETTLING_POLL_MS);
    return () => clearTimeout(t);
  }, [data, loading, reload]);

  const back = (
    <Link to={path('registrations')} data-testid="back-to-registrations">
      <ArrowLeftOutlined /> Registrations
    </Link>
  );
  const r = data?.registration;
  return (
    <>
      <div style={{ marginBottom: 8 }}>{back}</div>
      <PageHeader
        title={r ? r.name : 'Registration'}
        subtitle={r ? `${r.email} · ${r.workshop_title}` : undefined}
        // After an action the list behind this page is stale too: bump reloads both.
        extra={data && <RegistrationActions detail={data} onChanged={bump} />}
      />
      {error && !data && <LoadError title="Failed to load the registration" error={error} onRetry={reload} />}
      {!data && !error && <SkeletonCards />}
      {data && (
        <Row gutter={[16, 16]} data-testid="registration-detail">
          <Col xs={24} xl={14}>
            <Flex vertical gap={16}>
              <RegistrationFacts detail={data} />
              <RegistrationSeats detail={data} onChanged={bump} />
            </Flex>
          </Col>
          <Col xs={24} xl={10}>
            <Flex vertical gap={16}>
              <RegistrationInvoices registrationId={id} version={`${data.registration.status}:${data.refunds.map((f) => f.status).join(',')}`} />
              <RegistrationHistory detail={data} />
            </Flex>
          </Col>
        </Row>
      )}
    </>
  );
}
