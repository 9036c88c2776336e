import { ApiError } from '@workshop/api-client';
import { easternWallTimeToIso, formatCents, isoToEasternWallTime, type AdminWorkshop, type PromoCode, type PromoCodeCreateInput, type PromoKind } from '@workshop/shared';
import { Form, Input, InputNumber, Modal, Radio, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';

interface Values {
  code: string;
  kind: PromoKind;
  value: number | null;
  workshop_id: string;
  /** Eastern wall-clock time, as <input type="datetime-local"> holds it; empty = no limit. */
  starts_local: string;
  ends_local: string;
  max_uses: number | null;
  active: boolean;
}

const ALL = '';
const toIso = (local: string) => (local ? easternWallTimeToIso(local) : null);
const FIELD_OF: Record<string, keyof Values> = { starts_at: 'starts_local', ends_at: 'ends_local' };

function initial(code: PromoCode | null): Values {
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'percent',
    value: code?.value ?? null,
    workshop_id: code?.workshop_id ?? ALL,
    starts_local: code?.starts_at ? isoToEasternWallTime(code.starts_at) : '',
    ends_local: code?.ends_at ? isoToEasternWallTime(code.ends_at) : '',
    max_uses: code?.max_uses ?? null,
    active: code?.active ?? true,
  };
}

/** Create (code null) or edit a promo code; the server's messages land under their fields. */
export function PromoCodeDialog({ open, code, workshops, onClose, onSaved }: { open: boolean; code: PromoCode | null; workshops: AdminWorkshop[]; onClose: () => void; onSaved: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const kind = Form.useWatch('kind', form);
  const value = Form.useWatch('value', form);
  useEffect(() => {
    if (open) form.setFieldsValue(initial(code));
  }, [open, code, form]);

  async function submit() {
    const v = form.getFieldsValue(true) as Values;
    const input: PromoCodeCreateInput = {
      code: v.code,
      kind: v.kind,
      value: v.value ?? Number.NaN,
      workshop_id: v.workshop_id || null,
      starts_at: toIso(v.starts_local),
      ends_at: toIso(v.ends_local),
      max_uses: v.max_uses ?? null,
      active: v.active,
    };
    setBusy(true);
    try {
      if (code) {
        const { code: _unchanged, ...patch } = input;
        await api.promoCodes.admin.update(code.id, patch);
        message.success('Promo code updated');
      } else {
        await api.promoCodes.admin.create(input);
        message.success('Promo code created');
      }
      onSaved();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        form.setFields(Object.entries(err.fields).map(([name, errors]) => ({ name: FIELD_OF[name] ?? (name as keyof Values), errors: [errors] })));
      }
      message.error(err instanceof ApiError ? err.message : 'Failed to save promo code');
    } finally {
      setBusy(false);
    }
  }

  const valueHint = kind === 'percent' ? 'Percent off, 1 to 100' : value ? `${formatCents(value)} off` : 'Amount off, in cents (1000 = $10.00)';
  return (
    <Modal title={code ? `Edit ${code.code}` : 'New Promo Code'} open={open} onCancel={onClose} onOk={submit} okText={code ? 'Save' : 'Create'} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" data-testid="promo-code-form" onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))}>
        <Form.Item label="Code" name="code" extra="Letters, digits, - or _; buyers may type it in any case">
          <Input disabled={!!code} maxLength={32} data-testid="promo-code" />
        </Form.Item>
        <Form.Item label="Kind" name="kind">
          <Radio.Group optionType="button" options={[{ value: 'percent', label: 'Percent' }, { value: 'fixed', label: 'Fixed amount' }]} />
        </Form.Item>
        <Form.Item label="Value" name="value" extra={valueHint}>
          <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="promo-value" />
        </Form.Item>
        <Form.Item label="Workshop" name="workshop_id">
          <Select options={[{ value: ALL, label: 'All workshops' }, ...workshops.map((w) => ({ value: w.id, label: w.title }))]} data-testid="promo-workshop" />
        </Form.Item>
        <Form.Item label="Starts (Eastern Time)" name="starts_local" extra="Empty: valid at once">
          <Input type="datetime-local" data-testid="promo-starts" />
        </Form.Item>
        <Form.Item label="Ends (Eastern Time)" name="ends_local" extra="Empty: never expires">
          <Input type="datetime-local" data-testid="promo-ends" />
        </Form.Item>
        <Form.Item label="Maximum uses" name="max_uses" extra="Empty: unlimited">
          <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="promo-max-uses" />
        </Form.Item>
        <Form.Item label="Active" name="active" valuePropName="checked">
          <Switch data-testid="promo-active" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
