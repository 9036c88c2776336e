import { DownloadOutlined } from '@ant-design/icons';
import { formatCents, formatShortDate, type BookingDocuments } from '@workshop/shared';
import { Button, Card, List, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';
import { usePlatform } from '../../platform/platform';

/**
 * Issue 25: the order's invoice and credit notes, each saved as a PDF through the host (the
 * browser's download, the desktop app's save dialog). `version` changes when a refund may have
 * issued a new credit note.
 */
export function RegistrationInvoices({ registrationId, version }: { registrationId: string; version: string }) {
  const api = useApi();
  const platform = usePlatform();
  const { message } = useAppApi();
  const [docs, setDocs] = useState<BookingDocuments | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  useEffect(() => {
    api.admin.invoices.ofRegistration(registrationId).then(setDocs, () => setDocs(null));
  }, [api, registrationId, version]);
  if (!docs?.invoice) return null;

  const save = async (number: string) => {
    if (saving) return;
    setSaving(number);
    try {
      const result = await platform.saveFile(`${number}.pdf`, await api.admin.invoices.pdf(number));
      if (result.saved) message.success(`${number}.pdf saved`);
    } catch (err) {
      message.error(err instanceof Error ? err.message : `${number}.pdf could not be saved.`);
    } finally {
      setSaving(null);
    }
  };
  const rows = [
    { number: docs.invoice.number, label: `${docs.invoice.title} ${docs.invoice.number}`, when: docs.invoice.issued_at, amount: formatCents(docs.invoice.total_cents) },
    ...docs.credit_notes.map((n) => ({
      number: n.number,
      label: `Credit note ${n.number}`,
      when: n.issued_at,
      amount: n.reason === 'refund' ? `${formatCents(n.total_cents)} refunded` : `cancels ${n.credits} (details corrected)`,
    })),
  ];
  return (
    <Card title="Invoices" size="small" data-testid="registration-invoices">
      <List
        dataSource={rows}
        renderItem={(row) => (
          <List.Item
            actions={[
              <Button key="save" size="small" icon={<DownloadOutlined />} loading={saving === row.number} onClick={() => void save(row.number)} aria-label={`Save ${row.label} as PDF`}>
                PDF
              </Button>,
            ]}
          >
            <List.Item.Meta title={row.label} description={<Typography.Text type="secondary">{`${formatShortDate(row.when)} · ${row.amount}`}</Typography.Text>} />
          </List.Item>
        )}
      />
    </Card>
  );
}
