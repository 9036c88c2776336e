import { DownloadOutlined, MailOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Select, Tooltip } from 'antd';

interface Props<S extends string> {
  search: string;
  onSearch: (q: string) => void;
  placeholder: string;
  status: S | 'all';
  onStatus: (s: S | 'all') => void;
  statuses: { value: S; label: string }[];
  mailto: string | null;
  onExport: () => void;
  exporting: boolean;
  exportDisabledReason?: string;
}

/** Search, status filter, Email All and Export CSV above a list. */
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
      <Select
        value={p.status}
        onChange={p.onStatus}
        options={[{ value: 'all' as const, label: 'All Status' }, ...p.statuses]}
        style={{ width: 160 }}
        data-testid="status-filter"
      />
      <Flex gap={8} style={{ marginLeft: 'auto' }}>
        <Tooltip title={p.mailto ? undefined : 'No email addresses in the list'}>
          <Button icon={<MailOutlined />} href={p.mailto ?? undefined} disabled={!p.mailto} data-testid="email-all">
            Email All
          </Button>
        </Tooltip>
        <Tooltip title={p.exportDisabledReason}>
          <Button icon={<DownloadOutlined />} onClick={p.onExport} loading={p.exporting} disabled={!!p.exportDisabledReason} data-testid="export-csv">
            Export CSV
          </Button>
        </Tooltip>
      </Flex>
    </Flex>
  );
}
