import { feedbackSummary, formatShortDate, type Dashboard } from '@workshop/shared';
import { PlainCard } from '../../components/plain-card';
import { SummaryTable } from '../../components/summary-table';

type Row = Dashboard['feedback'][number];

/** What attendees of the last workshops thought (issue 26, point 7): each one's average rating. */
export function WorkshopFeedbackCard({ rows }: { rows: Row[] }) {
  if (rows.length === 0) return null;
  return (
    <PlainCard title="Feedback on the last workshops" style={{ marginBottom: 20 }} data-testid="dashboard-feedback">
      <SummaryTable<Row>
        rowKey="workshop_id"
        rows={rows}
        columns={[
          { title: 'Workshop', dataIndex: 'title' },
          { title: 'Date', dataIndex: 'date', render: (d: string) => formatShortDate(d) },
          { title: 'Rating', key: 'rating', align: 'right', render: (_: unknown, r) => <span data-testid="dashboard-feedback-rating">{feedbackSummary(r)}</span> },
        ]}
      />
    </PlainCard>
  );
}
