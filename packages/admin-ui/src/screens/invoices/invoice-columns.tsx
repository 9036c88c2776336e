import { DownloadOutlined } from '@ant-design/icons';
import { formatCents, formatShortDate, INVOICE_STATUS_LABELS, type InvoiceListItem } from '@workshop/shared';
import { Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router-dom';

const STATUS_COLORS: Record<InvoiceListItem['status'], string> = { paid: 'green', credited_in_part: 'gold', credited: 'default', credit: 'purple' };
/** A credit note's amounts read as money going back. */
const amount = (row: InvoiceListItem, cents: number) => (row.kind === 'credit_note' && cents > 0 ? `-${formatCents(cents)}` : formatCents(cents));
const right = { align: 'right' as const };

export function StatusTag({ row }: { row: InvoiceListItem }) {
  return (
    <Tag color={STATUS_COLORS[row.status]} data-testid="invoice-status">
      {row.kind === 'credit_note' && row.credits ? `Credits ${row.credits}` : INVOICE_STATUS_LABELS[row.status]}
    </Tag>
  );
}

export function invoiceColumns(o: { registrationPath: (id: string) => string; onSave: (number: string) => void; saving: string | null }): ColumnsType<InvoiceListItem> {
  return [
    {
      title: 'Number',
      dataIndex: 'number',
      fixed: 'left',
      render: (v: string, row) => (row.registration_id ? <Link to={o.registrationPath(row.registration_id)}>{v}</Link> : <Typography.Text>{v}</Typography.Text>),
    },
    { title: 'Date', dataIndex: 'issued_at', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatShortDate(v)}</span> },
    {
      title: 'Buyer',
      dataIndex: 'buyer',
      render: (v: string, row) => (
        <>
          <Typography.Text strong>{v}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {row.email}
          </Typography.Text>
        </>
      ),
    },
    { title: 'Company', dataIndex: 'company', render: (v: string | null) => v ?? <Typography.Text type="secondary">—</Typography.Text> },
    { ...right, title: 'Net', dataIndex: 'net_cents', render: (v: number, row) => amount(row, v) },
    { ...right, title: 'Tax', dataIndex: 'tax_cents', render: (v: number, row) => amount(row, v) },
    { ...right, title: 'Total', dataIndex: 'total_cents', render: (v: number, row) => <Typography.Text strong>{amount(row, v)}</Typography.Text> },
    { title: 'Status', key: 'status', render: (_: unknown, row) => <StatusTag row={row} /> },
    {
      title: 'PDF',
      key: 'pdf',
      render: (_: unknown, row) => (
        <Button size="small" icon={<DownloadOutlined />} loading={o.saving === row.number} onClick={() => o.onSave(row.number)} aria-label={`Save ${row.number} as PDF`}>
          PDF
        </Button>
      ),
    },
  ];
}
