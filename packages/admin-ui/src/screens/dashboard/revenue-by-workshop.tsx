import { formatCents, formatShortDate, type WorkshopRevenue } from '@workshop/shared';
import { Flex, Grid } from 'antd';
import { ListEmpty } from '../../components/list-empty';
import { SummaryTable, type SummaryColumn } from '../../components/summary-table';
import { Text } from '../../components/text';
import { PlainCard } from '../../components/plain-card';

const money = (v: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatCents(v)}</span>;

const COLUMNS: SummaryColumn<WorkshopRevenue>[] = [
  { title: 'Workshop', dataIndex: 'title', render: (v: string) => <Text strong>{v}</Text> },
  { title: 'Date', dataIndex: 'date', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatShortDate(v)}</span> },
  { title: 'Paid seats', dataIndex: 'completed', align: 'right' },
  { title: 'Collected', dataIndex: 'collected_cents', align: 'right', render: money },
  { title: 'Offline', dataIndex: 'offline_cents', align: 'right', render: money },
  { title: 'Pending', dataIndex: 'pending_cents', align: 'right', render: money },
  { title: 'Refunded', dataIndex: 'refunded_cents', align: 'right', render: money },
];

/** On a phone each workshop is a small card: its name whole, then its three sums. */
function PhoneList({ rows }: { rows: WorkshopRevenue[] }) {
  return (
    <Flex vertical gap={12}>
      {rows.map((w) => (
        <div key={w.workshop_id} style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: 12 }} data-testid="workshop-revenue-row">
          <Text strong>{w.title}</Text>
          <br />
          <Text type="secondary" style={{ fontSize: 12 }}>
            {formatShortDate(w.date)} · {w.completed} paid {w.completed === 1 ? 'seat' : 'seats'}
          </Text>
          <Flex justify="space-between" wrap gap={8} style={{ marginTop: 8, fontSize: 13 }}>
            <span>Collected {money(w.collected_cents)}</span>
            {w.offline_cents > 0 && <span>Offline {money(w.offline_cents)}</span>}
            <span>Pending {money(w.pending_cents)}</span>
            <span>Refunded {money(w.refunded_cents)}</span>
          </Flex>
        </div>
      ))}
    </Flex>
  );
}

/** Revenue per workshop, split by status like the cards above it. */
export function RevenueByWorkshop({ rows }: { rows: WorkshopRevenue[] }) {
  const phone = Grid.useBreakpoint().md === false;
  return (
    <PlainCard title="Revenue by workshop" style={{ marginBottom: 20 }} data-testid="revenue-by-workshop">
      {rows.length === 0 ? (
        <ListEmpty title="No workshops yet" description="Each workshop's collected, pending and refunded money will show here." />
      ) : phone ? (
        <PhoneList rows={rows} />
      ) : (
        <SummaryTable<WorkshopRevenue> rowKey="workshop_id" columns={COLUMNS} rows={rows} rowProps={() => ({ 'data-testid': 'workshop-revenue-row' })} />
      )}
    </PlainCard>
  );
}
