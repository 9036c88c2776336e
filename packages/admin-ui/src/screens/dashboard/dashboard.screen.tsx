import { BankOutlined, CalendarOutlined, CheckCircleOutlined, ClockCircleOutlined, DollarOutlined, HourglassOutlined, RollbackOutlined, TeamOutlined, WarningOutlined } from '@ant-design/icons';
import { formatCents } from '@workshop/shared';
import { Button, Col, Flex, Row, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useAdminPath } from '../../app/admin-paths';
import { useApi } from '../../app/api-context';
import { ListEmpty } from '../../components/list-empty';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { PlainCard } from '../../components/plain-card';
import { StatCards } from '../../components/stat-cards';
import { useLive } from '../../queries/live.store';
import { useCachedQuery } from '../../queries/use-cached-query';
import { DailyChart } from './daily-chart';
import { FunnelCard } from './funnel-card';
import { PromoCodeUses } from './promo-code-uses';
import { WorkshopFeedbackCard } from './workshop-feedback';
import { RecentRegistrations } from './recent-registrations';
import { RevenueByWorkshop } from './revenue-by-workshop';
import { Text } from '../../components/text';

export function DashboardScreen() {
  const api = useApi();
  const live = useLive((s) => s.registrationsVersion);
  const { data, error, reload } = useCachedQuery('dashboard', () => api.admin.dashboard(), live);
  // Same key as the Needs Attention screen: one cached copy, and the count agrees with the list.
  const attention = useCachedQuery('attention', () => api.admin.attention.list(), live).data?.total ?? 0;
  const navigate = useNavigate();
  const path = useAdminPath();

  const attentionLink = attention > 0 && (
    <Button danger icon={<WarningOutlined />} onClick={() => navigate(path('attention'))} data-testid="attention-badge">
      {attention === 1 ? '1 needs attention' : `${attention} need attention`}
    </Button>
  );
  const header = <PageHeader title="Dashboard" subtitle="Registrations, revenue and workshops at a glance" extra={attentionLink} />;
  // Nothing to show yet and the load failed: the error alone, not placeholders that look still loading.
  if (error && !data) {
    return (
      <>
        {header}
        <LoadError title="Failed to load dashboard" error={error} onRetry={reload} />
      </>
    );
  }
  return (
    <>
      {header}
      <StatCards
        loading={!data}
        cards={[
          { title: 'Total Registrations', value: data?.total_registrations ?? 0, icon: <TeamOutlined />, color: '#4f46e5' },
          { title: "Today's Registrations", value: data?.today_registrations ?? 0, icon: <ClockCircleOutlined />, color: '#0ea5e9' },
          { title: 'Total Revenue', value: formatCents(data?.total_revenue_cents ?? 0), hint: 'All registrations, any status', icon: <DollarOutlined />, color: '#10b981' },
          { title: 'Active Workshops', value: data?.active_workshops ?? 0, icon: <CalendarOutlined />, color: '#f59e0b' },
        ]}
      />
      {/* What Total Revenue is made of: only Collected is money received. */}
      <StatCards
        loading={!data}
        cards={[
          { title: 'Collected', value: formatCents(data?.collected_cents ?? 0), hint: 'Completed payments through PayPal and card', icon: <CheckCircleOutlined />, color: '#059669' },
          {
            title: 'Offline',
            value: formatCents(data?.offline_cents ?? 0),
            hint: data?.offline_refunded_cents ? `Paid outside the site; ${formatCents(data.offline_refunded_cents)} given back by hand` : 'Paid outside the site (bank transfer, cash)',
            icon: <BankOutlined />,
            color: '#7c3aed',
          },
          { title: 'Pending', value: formatCents(data?.pending_cents ?? 0), hint: 'Checkouts not yet paid', icon: <HourglassOutlined />, color: '#d97706' },
          { title: 'Refunded', value: formatCents(data?.refunded_cents ?? 0), hint: 'Returned to buyers', icon: <RollbackOutlined />, color: '#6b7280' },
        ]}
      />
      {data && <RevenueByWorkshop rows={data.revenue_by_workshop ?? []} />}
      <FunnelCard />
      {data && <PromoCodeUses rows={data.promo_codes ?? []} />}
      {data && <WorkshopFeedbackCard rows={data.feedback ?? []} />}
      <PlainCard title="Registrations and revenue, last 30 days" style={{ marginBottom: 20 }}>
        {data ? <DailyChart daily={data.daily} /> : <Skeleton active paragraph={{ rows: 5 }} />}
      </PlainCard>
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={14}>
          <PlainCard title="Recent Registrations" style={{ height: '100%' }} data-testid="recent-registrations">
            {!data ? <Skeleton active /> : <RecentRegistrations rows={data.recent_registrations} />}
          </PlainCard>
        </Col>
        <Col xs={24} lg={10}>
          <PlainCard title="Workshop Status" style={{ height: '100%' }} data-testid="workshop-status">
            {!data ? (
              <Skeleton active />
            ) : (
              <Flex vertical gap={16}>
                <Flex justify="space-between" align="center">
                  <Text>Upcoming Workshops</Text>
                  <Text strong style={{ fontSize: 20 }}>
                    {data.upcoming_workshops}
                  </Text>
                </Flex>
                <Flex justify="space-between" align="center">
                  <Text>Active Workshops</Text>
                  <Text strong style={{ fontSize: 20 }}>
                    {data.active_workshops}
                  </Text>
                </Flex>
                {data.upcoming_workshops === 0 && <ListEmpty title="No upcoming workshops scheduled" description="Create a workshop to open registration." />}
              </Flex>
            )}
          </PlainCard>
        </Col>
      </Row>
    </>
  );
}
