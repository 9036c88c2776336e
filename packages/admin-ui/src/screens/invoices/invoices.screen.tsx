import { FileZipOutlined, RiseOutlined, RollbackOutlined, WalletOutlined, ExportOutlined } from '@ant-design/icons';
import { formatCents, invoiceRangeSchema, type InvoiceRange } from '@workshop/shared';
import { Alert, Button, Card, Flex, Input, Table } from 'antd';
import { useState } from 'react';
import { useRegistrationPath } from '../../app/admin-paths';
import { useApi } from '../../app/api-context';
import { ListEmpty } from '../../components/list-empty';
import { LoadError } from '../../components/load-error';
import { PageHeader } from '../../components/page-header';
import { StatCards } from '../../components/stat-cards';
import { useOffline } from '../../queries/connectivity.store';
import { useCachedQuery } from '../../queries/use-cached-query';
import { invoiceColumns } from './invoice-columns';
import { useInvoiceFiles } from './use-invoice-files';

const PAGE_SIZE = 25;

/**
 * Issue 25: every invoice and credit note issued, newest first. Search and a range of issue days
 * narrow the list, its totals, the CSV for the accountant and the ZIP of its PDFs alike.
 */
export function InvoicesScreen() {
  const api = useApi();
  const registrationPath = useRegistrationPath();
  const { reason } = useOffline();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [range, setRange] = useState<{ from: string; to: string }>({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const checked = invoiceRangeSchema.safeParse(range);
  const valid: InvoiceRange = checked.success ? { from: checked.data.from, to: checked.data.to } : {};
  const key = `invoices?q=${q}&from=${valid.from ?? ''}&to=${valid.to ?? ''}&page=${page}`;
  const { data, error, loading, reload } = useCachedQuery(key, () => api.admin.invoices.list({ q, ...valid, page, pageSize: PAGE_SIZE }));
  const files = useInvoiceFiles(valid);
  const setDay = (end: 'from' | 'to') => (e: React.ChangeEvent<HTMLInputElement>) => {
    setRange((r) => ({ ...r, [end]: e.target.value }));
    setPage(1);
  };
  const none = data?.total === 0;

  return (
    <>
      <PageHeader title="Invoices" subtitle="Every invoice and credit note issued. A document never changes once issued: a correction is a credit note and a new invoice." />
      <StatCards
        loading={!data}
        cards={[
          { title: 'Invoiced', value: formatCents(data?.totals.invoiced_cents ?? 0), icon: <RiseOutlined />, color: '#4f46e5' },
          { title: 'Credited', value: formatCents(data?.totals.credited_cents ?? 0), icon: <RollbackOutlined />, color: '#f59e0b' },
          { title: 'Net', value: formatCents(data?.totals.net_cents ?? 0), icon: <WalletOutlined />, color: '#10b981', hint: 'Invoiced less credited, for the search and dates chosen' },
        ]}
      />
      {error && !data && <LoadError title="Failed to load invoices" error={error} onRetry={reload} />}
      <Card>
        <Flex wrap gap={12} align="end" style={{ marginBottom: 16 }}>
          <Input.Search
            allowClear
            placeholder="Search by number, buyer, email or company..."
            aria-label="Search invoices"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => {
              setQ(v.trim());
              setPage(1);
            }}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
          />
          <label style={{ display: 'grid', gap: 4, fontSize: 13 }}>
            From
            <Input type="date" value={range.from} onChange={setDay('from')} data-testid="invoices-from" style={{ width: 160 }} />
          </label>
          <label style={{ display: 'grid', gap: 4, fontSize: 13 }}>
            To
            <Input type="date" value={range.to} onChange={setDay('to')} data-testid="invoices-to" style={{ width: 160 }} />
          </label>
          <Button icon={<ExportOutlined />} onClick={() => void files.saveCsv()} loading={files.busy === 'csv'} disabled={Boolean(reason) || none || !checked.success} title={reason}>
            Export CSV
          </Button>
          <Button icon={<FileZipOutlined />} onClick={() => void files.saveZip()} loading={files.busy === 'zip'} disabled={Boolean(reason) || none || !checked.success} title={reason}>
            Download PDFs (ZIP)
          </Button>
        </Flex>
        {!checked.success && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={checked.error.issues[0]?.message} data-testid="invoices-range-error" />}
        <Table
          rowKey="number"
          size="middle"
          columns={invoiceColumns({ registrationPath, onSave: (n) => void files.savePdf(n), saving: files.busy })}
          dataSource={data?.items ?? []}
          loading={loading}
          scroll={{ x: 'max-content' }}
          data-testid="invoices-table"
          locale={{ emptyText: <ListEmpty title="No invoices found" description={q || valid.from || valid.to ? 'No invoices match your search and dates.' : 'An invoice is issued for every paid order.'} /> }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        />
      </Card>
    </>
  );
}
