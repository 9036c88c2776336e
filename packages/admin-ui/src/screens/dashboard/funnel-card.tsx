import { formatCents, type Funnel, type FunnelCounts } from '@workshop/shared';
import { Flex, Grid, Skeleton } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { antdVars } from '../../components/antd-vars';
import { LoadError } from '../../components/load-error';
import { SummaryTable, type SummaryColumn } from '../../components/summary-table';
import { useCachedQuery } from '../../queries/use-cached-query';
import { Text } from '../../components/text';
import { PlainCard } from '../../components/plain-card';

const percent = (v: number | null) => (v === null ? '—' : `${Math.round(v * 1000) / 10}%`);
const money = (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatCents(v)}</span>;

/** The stages, in funnel order, as table columns (the first column names the row). */
function stageColumns<T extends FunnelCounts>(first: SummaryColumn<T>): SummaryColumn<T>[] {
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
const WORKSHOP_COLUMNS = stageColumns<Funnel['workshops'][number]>({ title: 'Workshop', dataIndex: 'title', render: (v: string) => <Text strong>{v}</Text> });
const SOURCE_COLUMNS = stageColumns<Funnel['sources'][number]>({ title: 'Source', dataIndex: 'source' });

function Figure({ label, value, hint }: { label: string; value: React.ReactNode; hint?: string }) {
  return (
    <div style={{ minWidth: 120 }} data-testid={`funnel-${label}`}>
      <Text type="secondary" style={{ fontSize: 12 }}>
        {label}
      </Text>
      <div style={{ fontSize: 22, fontWeight: 600 }}>{value}</div>
      {hint && (
        <Text type="secondary" style={{ fontSize: 12 }}>
          {hint}
        </Text>
      )}
    </div>
  );
}

// The browser's own date field, drawn like antd's inputs (whose module brings its text area and OTP with it).
const dateInput: React.CSSProperties = {
  width: 150,
  height: antdVars.controlHeight,
  padding: '0 11px',
  font: 'inherit',
  color: antdVars.colorText,
  background: antdVars.colorBgContainer,
  border: `1px solid ${antdVars.colorBorder}`,
  borderRadius: antdVars.borderRadius,
};

function daysAgo(n: number) {
  const d = new Date(Date.now() - n * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** From preview leads to paid seats for a chosen period, computed by the server from its own tables. */
export function FunnelCard() {
  const phone = Grid.useBreakpoint().md === false;
  const api = useApi();
  const [from, setFrom] = useState(() => daysAgo(29));
  const [to, setTo] = useState(() => daysAgo(0));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const { data, error, reload } = useCachedQuery(`funnel:${from}:${to}`, () => (valid ? api.admin.funnel.get({ from, to }) : Promise.reject(new Error('The start date must be on or before the end date'))));
  const o = data?.overall;
  const period = (
    <Flex gap={8} align="center" wrap>
      <input type="date" aria-label="From" value={from} max={to} onChange={(e) => setFrom(e.target.value)} style={dateInput} />
      <span>to</span>
      <input type="date" aria-label="To" value={to} min={from} onChange={(e) => setTo(e.target.value)} style={dateInput} />
    </Flex>
  );
  return (
    // On a phone the two date fields would take the whole header and hide its title: they open the card's body instead.
    <PlainCard title="Sales funnel" extra={phone ? undefined : period} style={{ marginBottom: 20 }} data-testid="funnel">
      {phone && <div style={{ marginBottom: 16 }}>{period}</div>}
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
          <SummaryTable rowKey="workshop_id" columns={WORKSHOP_COLUMNS} rows={data.workshops} data-testid="funnel-workshops" />
          <SummaryTable rowKey="source" columns={SOURCE_COLUMNS} rows={data.sources} data-testid="funnel-sources" />
        </Flex>
      )}
    </PlainCard>
  );
}
