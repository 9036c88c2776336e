import { Flex, Switch, Table, Typography } from 'antd';
import { useState } from 'react';
import { diffJson, splitAfter, type Change, type DiffRow } from './json-diff';

const BG: Record<Change, { before?: string; after?: string }> = {
  added: { after: '#ecfdf5' },
  removed: { before: '#fef2f2' },
  changed: { before: '#fef2f2', after: '#ecfdf5' },
  same: {},
};

const value = (text: string | undefined) =>
  text === undefined ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <Typography.Text code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {text}
    </Typography.Text>
  );

const empty = (v: unknown) => v === null || v === undefined || (typeof v === 'object' && Object.keys(v).length === 0);

/** What the admin sent with a write, then the record before and after it. */
export function ActivityDiff({ before, after }: { before: unknown; after: unknown }) {
  const { request, row } = splitAfter(after);
  return (
    <Flex vertical gap={12} style={{ maxWidth: 960 }}>
      {!empty(request) && (
        <div data-testid="activity-request">
          <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
            Sent
          </Typography.Text>
          <pre style={{ margin: 0, padding: 8, background: '#fafbfc', border: '1px solid #eceef3', borderRadius: 6, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {JSON.stringify(request, null, 2)}
          </pre>
        </div>
      )}
      {empty(before) && empty(row) ? (
        empty(request) && <Typography.Text type="secondary">No details were recorded for this write.</Typography.Text>
      ) : (
        <RecordDiff before={before} after={row} />
      )}
    </Flex>
  );
}

/** Before and after of the record a write touched, field by field; unchanged fields only on request. */
function RecordDiff({ before, after }: { before: unknown; after: unknown }) {
  const [all, setAll] = useState(false);
  const rows = diffJson(before, after);
  const same = rows.filter((r) => r.change === 'same').length;
  const shown = all ? rows : rows.filter((r) => r.change !== 'same');
  return (
    <div data-testid="activity-diff">
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>
        Record before and after
      </Typography.Text>
      {same > 0 && (
        <Flex align="center" gap={8} style={{ marginBottom: 8 }}>
          <Switch size="small" checked={all} onChange={setAll} aria-label="Show unchanged fields" />
          <Typography.Text type="secondary">Show {same === 1 ? '1 unchanged field' : `${same} unchanged fields`}</Typography.Text>
        </Flex>
      )}
      <Table<DiffRow>
        size="small"
        rowKey="path"
        tableLayout="fixed"
        pagination={false}
        dataSource={shown}
        locale={{ emptyText: 'Nothing changed.' }}
        onRow={(r) => ({ 'data-testid': 'diff-row', 'data-change': r.change }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: 'Field', dataIndex: 'path', width: '28%', render: (p: string) => <Typography.Text strong style={{ wordBreak: 'break-all' }} data-testid="diff-path">{p}</Typography.Text> },
          { title: 'Before', dataIndex: 'before', onCell: (r) => ({ style: { background: BG[r.change].before } }), render: value },
          { title: 'After', dataIndex: 'after', onCell: (r) => ({ style: { background: BG[r.change].after } }), render: value },
        ]}
      />
    </div>
  );
}
