import { fieldErrors, invoicingSettingsSchema, type InvoicingSettings } from '@workshop/shared';
import { Alert, Button, Card, Col, Flex, Form, Input, InputNumber, Row, Select, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';
import { useCachedQuery } from '../../queries/use-cached-query';

type TextKey = Exclude<keyof InvoicingSettings, 'tax_rate_percent' | 'paper' | 'logo'>;
const FIELDS: { key: TextKey; label: string; help: string; lines?: boolean; span?: number }[] = [
  { key: 'legal_name', label: 'Legal name', help: 'The business as registered; with the address, documents are titled "Tax invoice"' },
  { key: 'address', label: 'Address', help: 'One line per line on the invoice', lines: true },
  { key: 'tax_id_label', label: 'Tax ID label', help: 'For example GSTIN or VAT ID (GSTIN also checks buyers’ GSTINs)', span: 8 },
  { key: 'tax_id', label: 'Tax ID', help: 'Your own number', span: 16 },
  { key: 'invoice_prefix', label: 'Invoice prefix', help: 'Numbers are PREFIX-YEAR-000001', span: 12 },
  { key: 'credit_note_prefix', label: 'Credit note prefix', help: 'A sequence of its own', span: 12 },
  { key: 'tax_label', label: 'Tax label', help: 'For example GST or VAT', span: 12 },
  { key: 'footer', label: 'Footer', help: 'Printed at the bottom (payment terms, a thank-you)', lines: true },
];

/** The logo as a data URL (what the server keeps), with its picture and a way to take it off. */
function LogoPicker({ value, disabled, onChange }: { value: string; disabled: boolean; onChange: (dataUrl: string) => void }) {
  const pick = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => onChange(typeof reader.result === 'string' ? reader.result : '');
    reader.readAsDataURL(file);
  };
  return (
    <Flex gap={12} align="center" wrap>
      {value && <img src={value} alt="Invoice logo" style={{ maxHeight: 48, maxWidth: 140, border: '1px solid #eee', borderRadius: 6 }} />}
      <input id="invoicing-logo" type="file" accept="image/png,image/jpeg" disabled={disabled} onChange={(e) => pick(e.target.files?.[0])} data-testid="invoicing-logo" />
      {value && (
        <Button size="small" onClick={() => onChange('')} disabled={disabled}>
          Remove logo
        </Button>
      )}
    </Flex>
  );
}

/**
 * Issue 25: the seller's details on every invoice and credit note (owners only: the business's
 * legal identity). Prices include the tax; it is worked out of each line's price, half up.
 * A change applies to documents issued from now on: issued ones never change.
 */
export function InvoicingSection({ disabled }: { disabled: boolean }) {
  const api = useApi();
  const { message } = useAppApi();
  const { data, error, reload } = useCachedQuery('invoicing', () => api.admin.invoicing.get());
  const [draft, setDraft] = useState<InvoicingSettings | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(data), [data]);

  async function submit() {
    const parsed = invoicingSettingsSchema.safeParse(draft);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setSaving(true);
    try {
      setDraft(await api.admin.invoicing.update(parsed.data));
      message.success('Invoicing details saved; they apply to documents issued from now on.');
      reload();
    } catch (err) {
      message.error(err instanceof Error ? err.message : 'The invoicing details could not be saved.');
    } finally {
      setSaving(false);
    }
  }

  const item = (key: string, label: string, help: string) => ({ label, htmlFor: `invoicing-${key}`, extra: errors[key] ? undefined : help, validateStatus: errors[key] ? ('error' as const) : undefined, help: errors[key] });
  return (
    <Card title="Invoicing" data-testid="section-invoicing">
      {error && !data && <Alert type="error" showIcon title="Failed to load the invoicing details" action={<Button onClick={reload}>Retry</Button>} />}
      {!draft ? (
        !error && <Skeleton active />
      ) : (
        <Form layout="vertical">
          {!(draft.legal_name.trim() && draft.address.trim()) && (
            <Typography.Paragraph type="secondary">Until the legal name and address are set, documents are titled &quot;Receipt&quot;.</Typography.Paragraph>
          )}
          <Row gutter={16}>
            {FIELDS.map((f) => (
              <Col key={f.key} xs={24} md={f.span ?? 24}>
                <Form.Item {...item(f.key, f.label, f.help)}>
                  {f.lines ? (
                    <Input.TextArea id={`invoicing-${f.key}`} rows={3} value={draft[f.key]} disabled={disabled} onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })} />
                  ) : (
                    <Input id={`invoicing-${f.key}`} value={draft[f.key]} disabled={disabled} onChange={(e) => setDraft({ ...draft, [f.key]: e.target.value })} />
                  )}
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} md={12}>
              <Form.Item {...item('tax_rate_percent', 'Tax rate (%)', 'Included in every price; 0 for none')}>
                <InputNumber id="invoicing-tax_rate_percent" min={0} max={50} step={0.01} value={draft.tax_rate_percent} disabled={disabled} onChange={(v) => setDraft({ ...draft, tax_rate_percent: Number(v ?? 0) })} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item {...item('logo', 'Logo', 'A PNG or JPEG of at most 200 KB, at the top of each document issued from now on')}>
                <LogoPicker value={draft.logo} disabled={disabled} onChange={(logo) => setDraft({ ...draft, logo })} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item {...item('paper', 'Paper', 'The PDFs’ page size')}>
                <Select id="invoicing-paper" value={draft.paper} disabled={disabled} onChange={(paper) => setDraft({ ...draft, paper })} options={[{ value: 'A4' }, { value: 'Letter' }]} />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" onClick={() => void submit()} disabled={disabled || JSON.stringify(draft) === JSON.stringify(data)} loading={saving}>
            Save Invoicing Details
          </Button>
        </Form>
      )}
    </Card>
  );
}
