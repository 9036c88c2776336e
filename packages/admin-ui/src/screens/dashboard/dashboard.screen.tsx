import { CalendarOutlined, ClockCircleOutlined, DollarOutlined, TeamOutlined } from '@ant-design/icons';
import { formatCents, formatDateTime } from '@workshop/shared';
import { Card, Col, Flex, List, Row, Skeleton, Typography } from 'antd';
import { useApi } from '../../app/api-context';
import { ListEmpty } from '../../components/list-empty';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { StatCards } from '../../components/stat-cards';
import { StatusTag } from '../../components/status-tag';
import { useLive } from '../../queries/live.store';
import { useCachedQuery } from '../../queries/use-cached-query';
import { DailyChart } from './daily-chart';

export function DashboardScreen() {
  const api = useApi();
  const live = useLive((s) => s.registrationsVersion);
  const { data, error, reload } = useCachedQuery('dashboard', () => api.admin.dashboard(), live);

  const header = <PageHeader title="Dashboard" subtitle="Registrations, revenue and workshops at a glance" />;
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
          { title: 'Total Revenue', value: formatCents(data?.total_revenue_cents ?? 0), icon: <DollarOutlined />, color: '#10b981' },
          { title: 'Active Workshops', value: data?.active_workshops ?? 0, icon: <CalendarOutlined />, color: '#f59e0b' },
        ]}
      />
      <Card title="Registrations and revenue, last 30 days" style={{ marginBottom: 20 }}>
        {data ? <DailyChart daily={data.daily} /> : <Skeleton active paragraph={{ rows: 5 }} />}
      </Card>
      <Row gutter={[20, 20]}>
        <Col xs={24} lg={14}>
          <Card title="Recent Registrations" style={{ height: '100%' }} data-testid="recent-registrations">
            {!data ? (
              <Skeleton active />
            ) : data.recent_registrations.length === 0 ? (
              <ListEmpty title="No registrations yet" description="New registrations will show up here." />
            ) : (
              <List
                dataSource={data.recent_registrations}
                renderItem={(r) => (
                  <List.Item extra={<StatusTag status={r.status} />}>
                    <List.Item.Meta title={r.name} description={<span>{r.email} · {formatDateTime(r.created_at)}</span>} />
                    <Typography.Text strong style={{ marginRight: 16 }}>
                      {formatCents(r.amount)}
                    </Typography.Text>
                  </List.Item>
                )}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Workshop Status" style={{ height: '100%' }} data-testid="workshop-status">
            {!data ? (
              <Skeleton active />
            ) : (
              <Flex vertical gap={16}>
                <Flex justify="space-between" align="center">
                  <Typography.Text>Upcoming Workshops</Typography.Text>
                  <Typography.Text strong style={{ fontSize: 20 }}>
                    {data.upcoming_workshops}
                  </Typography.Text>
                </Flex>
                <Flex justify="space-between" align="center">
                  <Typography.Text>Active Workshops</Typography.Text>
                  <Typography.Text strong style={{ fontSize: 20 }}>
                    {data.active_workshops}
                  </Typography.Text>
                </Flex>
                {data.upcoming_workshops === 0 && <ListEmpty title="No upcoming workshops scheduled" description="Create a workshop to open registration." />}
              </Flex>
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
