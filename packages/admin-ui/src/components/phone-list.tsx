import { Card, Flex, Pagination, Spin } from 'antd';
import type { ReactNode } from 'react';

interface Props<T extends { id: string }> {
  rows: T[];
  card: (row: T) => ReactNode;
  loading: boolean;
  empty: ReactNode;
  pagination: { current: number; pageSize: number; total: number; onChange: (page: number, size: number) => void };
  testId: string;
}

/**
 * A list on a phone: one card per row with what matters, full width, nothing wider than the
 * screen (a table there either scrolls sideways or squeezes names to a letter per line).
 */
export function PhoneList<T extends { id: string }>({ rows, card, loading, empty, pagination, testId }: Props<T>) {
  if (rows.length === 0) return <>{empty}</>;
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={10} data-testid={testId}>
        {rows.map((r) => (
          <Card key={r.id} size="small" data-testid="list-card" styles={{ body: { padding: 12 } }}>
            {card(r)}
          </Card>
        ))}
      </Flex>
      <Flex justify="center" style={{ marginTop: 12 }}>
        <Pagination simple current={pagination.current} pageSize={pagination.pageSize} total={pagination.total} onChange={pagination.onChange} />
      </Flex>
    </Spin>
  );
}

/** The first line of a row's card: its name, whole, and its status on the right. */
export function CardHead({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="flex-start" gap={8}>
      <div style={{ minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>{title}</div>
      {extra && <div style={{ flex: 'none' }}>{extra}</div>}
    </Flex>
  );
}
