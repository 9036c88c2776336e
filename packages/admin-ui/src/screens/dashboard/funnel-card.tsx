import { formatCents, type Funnel, type FunnelCounts } from '@workshop/shared';
import { Card, Flex, Input, Skeleton, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { LoadError } from '../../components/load-error';
import { useCachedQuery } from '../../queries/use-cached-query';

const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10}%`);
const money = (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatCents(v)}</span>;

/** The stages, in funnel order, as table columns (the first column names the row). */
function stageColumns<T extends FunnelCounts>(first: ColumnsType<T>[number]): ColumnsType<T> {
  return [
    first,
    { title: 'Started', dataIndex: 'checkouts_started', align: 'right' },
    { title: 'Completed', dataIndex: 'completed', align: 'right' },
    { title: 'Conversion', dataIndex: 'checkout_conversion', align: 'right', render: percent },
    { title: 'Abandoned', dataIndex: 'abandoned', align: 'right' },
    { title: 'Follow-ups sent', dataIndex: 'recovery_emails', align: 'right' },
    { title: 'Recovered', dataIndex: 'recovered', align: 'right' },
    { title: 'Refunded', dataIndex: 'refunded', align: 'right' },
    { title: 'Revenue', dataIndex: 'revenue_cents', align: 'right', render: money },
    { title: 'Recovered revenue', dataIndex: 'recovered_revenue_cents', align: 'right', render: money },
  ];
}
const WORKSHOP_COLUMNS = stageColumns<Funnel['workshops'][number]>({ title: 'Workshop', dataIndex: 'title', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> });
const SOURCE_COLUMNS = stageColumns<Funnel['sources'][number]>({ title: 'Source', dataIndex: 'source' });

function Figure({ label, value, hint }: { label: string; value: React.ReactNode; hint?: string }) {
  return (
    <div style={{ minWidth: 120 }} data-testid={`funnel-${label}`}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Typography.Text>
      <div style={{ fontSize: 22, fontWeight: 600 }}>{value}</div>
      {hint && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Typography.Text>
      )}
    </div>
  );
}

function daysAgo(n: number) {
  const d = new Date(Date.now() - n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** From preview leads to paid seats for a chosen period, computed by the server from its own tables. */
export function FunnelCard() {
  const api = useApi();
  const [from, setFrom] = useState(() => daysAgo(29));
  const [to, setTo] = useState(() => daysAgo(0));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const { data, error, reload } = useCachedQuery(`funnel:${from}:${to}`, () => (valid ? api.admin.funnel.get({ from, to }) : Promise.reject(new Error('The start date must be on or before the end date'))));
  const o = data?.overall;
  const period = (
    <Flex gap={8} align="center" wrap>
      <Input type="date" aria-label="From" value={from} max={to} onChange={(e) => setFrom(e.target.value)} style={{ width: 150 }} />
      <span>to</span>
      <Input type="date" aria-label="To" value={to} min={from} onChange={(e) => setTo(e.target.value)} style={{ width: 150 }} />
    </Flex>
  );
  return (
    <Card title="Sales funnel" extra={period} style={{ marginBottom: 20 }} data-testid="funnel">
      {error && !data ? (
        <LoadError title="Failed to load the funnel" error={error} onRetry={reload} />
      ) : !o ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Flex vertical gap={20}>
          <Flex gap={24} wrap>
            <Figure label="Preview leads" value={o.preview_leads} />
            <Figure label="Interests" value={o.interests} />
            <Figure label="Checkouts started" value={o.checkouts_started} />
            <Figure label="Completed" value={o.completed} hint={`${percent(o.checkout_conversion)} of started`} />
            <Figure label="Abandoned" value={o.abandoned} hint={`${percent(o.abandonment_rate)} of started`} />
            <Figure label="Recovered" value={o.recovered} hint={`${percent(o.recovery_rate)} of ${o.recovery_emails} follow-ups`} />
            <Figure label="Refunded" value={o.refunded} hint={`${percent(o.refund_rate)} of paid`} />
            <Figure label="Recovered revenue" value={formatCents(o.recovered_revenue_cents)} />
          </Flex>
          <Table rowKey="workshop_id" size="small" columns={WORKSHOP_COLUMNS} dataSource={data.workshops} pagination={false} scroll={{ x: 'max-content' }} data-testid="funnel-workshops" />
          <Table rowKey="source" size="small" columns={SOURCE_COLUMNS} dataSource={data.sources} pagination={false} scroll={{ x: 'max-content' }} data-testid="funnel-sources" />
        </Flex>
      )}
    </Card>
  );
}
