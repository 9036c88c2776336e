import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useApi } from '../../app/api-context';
import { ListEmpty } from '../../components/list-empty';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { SkeletonCards } from '../../components/skeleton-cards';
import { useLive } from '../../queries/live.store';
import { useCachedQuery } from '../../queries/use-cached-query';
import { AttentionCard } from './attention-card';

/** Money exceptions and access emails that did not arrive: what happened, to whom, what was tried, and what to do. */
export function AttentionScreen() {
  const api = useApi();
  const live = useLive((s) => s.registrationsVersion);
  const { data, error, loading, reload } = useCachedQuery('attention', () => api.admin.attention.list(), live);

  const header = (
    <PageHeader
      title="Needs Attention"
      subtitle="Payments that did not end in a seat or a refund by themselves, and emails with someone's way in that did not arrive"
      extra={
        <Button icon={<ReloadOutlined />} onClick={reload} loading={loading && !!data} data-testid="attention-refresh">
          Refresh
        </Button>
      }
    />
  );

  if (error && !data) {
    return (
      <>
        {header}
        <LoadError title="Failed to load the attention list" error={error} onRetry={reload} />
      </>
    );
  }
  if (!data) {
    return (
      <>
        {header}
        <SkeletonCards />
      </>
    );
  }
  if (data.items.length === 0) {
    return (
      <>
        {header}
        <Card>
          <ListEmpty title="Nothing needs attention" description="No money is stuck: every payment ended in a seat or a refund." />
        </Card>
      </>
    );
  }
  return (
    <>
      {header}
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 12 }} data-testid="attention-count">
        {data.total === 1 ? '1 item needs attention' : `${data.total} items need attention`}, oldest first
      </Typography.Text>
      <Flex vertical gap={12} data-testid="attention-list">
        {data.items.map((item) => (
          <AttentionCard key={item.id} item={item} onRetried={reload} />
        ))}
      </Flex>
    </>
  );
}
