import { formatCents, type Dashboard } from '@workshop/shared';
import { SummaryTable } from '../../components/summary-table';
import { PlainCard } from '../../components/plain-card';

type Row = Dashboard['promo_codes'][number];

/** Uses per promo code (completed bookings only) and the discount they were given. */
export function PromoCodeUses({ rows }: { rows: Row[] }) {
  if (rows.length === 0) return null;
  return (
    <PlainCard title="Promo codes" style={{ marginBottom: 20 }} data-testid="promo-code-uses">
      <SummaryTable<Row>
        rowKey="id"
        rows={rows}
        columns={[
          { title: 'Code', dataIndex: 'code' },
          { title: 'Uses', key: 'uses', render: (_: unknown, r) => <span data-testid={`promo-uses-${r.code}`}>{r.max_uses === null ? r.uses : `${r.uses} / ${r.max_uses}`}</span> },
          { title: 'Discount given', dataIndex: 'discount_cents', align: 'right', render: (v: number) => formatCents(v) },
        ]}
      />
    </PlainCard>
  );
}
