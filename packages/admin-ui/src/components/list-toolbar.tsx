import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Button, Flex, Input, Select, Tooltip } from 'antd';

interface Props<S extends string> {
  search: string;
  onSearch: (q: string) => void;
  placeholder: string;
  status: S | 'all';
  onStatus: (s: S | 'all') => void;
  /** None (video leads): no status filter is shown. */
  statuses: { value: S; label: string }[];
  /** An optional workshop filter ('all' = every workshop). */
  workshop?: { value: string; onChange: (id: string) => void; options: { value: string; label: string }[] };
  /** The Email All control (it loads the whole filter's addresses itself). */
  emailAll: ReactNode;
  onExport: () => void;
  exporting: boolean;
  exportDisabledReason?: string;
}

/** Search, status filter (for lists that have statuses), Email All and Export CSV above a list. */
export function ListToolbar<S extends string>(p: Props<S>) {
  return (
    <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
      <Input
        allowClear
        prefix={<SearchOutlined style={{ color: '#9ca3af' }} />}
        placeholder={p.placeholder}
        value={p.search}
        onChange={(e) => p.onSearch(e.target.value)}
        style={{ flex: '1 1 280px', maxWidth: 420 }}
        data-testid="list-search"
      />
      {p.statuses.length > 0 && (
        <Select
          value={p.status}
          onChange={p.onStatus}
          options={[{ value: 'all' as const, label: 'All Status' }, ...p.statuses]}
          style={{ flex: '1 1 140px', maxWidth: 180 }}
          aria-label="Status"
          data-testid="status-filter"
        />
      )}
      {p.workshop && (
        <Select
          value={p.workshop.value}
          onChange={p.workshop.onChange}
          options={[{ value: 'all', label: 'All Workshops' }, ...p.workshop.options]}
          style={{ flex: '1 1 180px', minWidth: 0, maxWidth: 280 }}
          popupMatchSelectWidth={false}
          aria-label="Workshop"
          data-testid="workshop-filter"
        />
      )}
      <Flex gap={8} style={{ marginLeft: 'auto' }}>
        {p.emailAll}
        <Tooltip title={p.exportDisabledReason}>
          <Button icon={<DownloadOutlined />} onClick={p.onExport} loading={p.exporting} disabled={!!p.exportDisabledReason} data-testid="export-csv">
            Export CSV
          </Button>
        </Tooltip>
      </Flex>
    </Flex>
  );
}
