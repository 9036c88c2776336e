import { adminAddBookingInputSchema, type AdminWorkshop, BY_HAND_LABELS, BY_HAND_PAYMENTS, type ByHandPayment, formatShortDate } from '@workshop/shared';
import { Alert, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';

interface Values {
  workshop_id: string | undefined;
  name: string;
  email: string;
  phone: string;
  payment: ByHandPayment;
  dollars: number | null;
  note: string;
}

const FIELD: Record<string, keyof Values> = { amount_cents: 'dollars' };

/** Workshops a seat can still be given in: not called off, not started, with a seat left. */
export const bookableByHand = (w: AdminWorkshop, now = Date.now()) =>
  w.status !== 'cancelled' && new Date(w.date).getTime() > now && (w.max_participants === null || w.seats_taken < w.max_participants);

/**
 * Adds a booking by hand: a complimentary seat, or one paid outside the site (bank transfer,
 * cash) with its amount and a note. The person gets the normal confirmation, link and invite.
 */
export function AddBookingDialog({ workshops, open, onClose, onDone }: { workshops: AdminWorkshop[]; open: boolean; onClose: () => void; onDone: (id: string) => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [form] = Form.useForm<Values>();
  const payment = Form.useWatch('payment', form);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const choices = workshops.filter((w) => bookableByHand(w));

  async function submit() {
    const v = form.getFieldsValue(true) as Values;
    const cents = v.payment === 'offline' ? (v.dollars === null || v.dollars === undefined ? 0 : Math.round(v.dollars * 100)) : 0;
    const parsed = adminAddBookingInputSchema.safeParse({ workshop_id: v.workshop_id ?? '', name: v.name, email: v.email, phone: v.phone, payment: v.payment, amount_cents: cents, note: v.note });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: FIELD[String(i.path[0])] ?? (i.path[0] as keyof Values), errors: [i.message] })));
      return;
    }
    setBusy(true);
    setRefused(undefined);
    try {
      const added = await api.admin.registration.add(parsed.data);
      message.success(`Booking added for ${parsed.data.name}; they are emailed their confirmation.`);
      onDone(added.registration.id);
      onClose();
    } catch (err) {
      setRefused(err instanceof Error ? err.message : 'The booking could not be added.');
    } finally {
      setBusy(false);
    }
  }

  const initial: Values = { workshop_id: undefined, name: '', email: '', phone: '', payment: 'complimentary', dollars: null, note: '' };
  return (
    <Modal title="Add a booking by hand" open={open} onCancel={onClose} onOk={submit} okText="Add booking" okButtonProps={{ 'data-testid': 'add-booking-submit' }} confirmLoading={busy} destroyOnHidden data-testid="add-booking-dialog">
      <Typography.Paragraph type="secondary">One seat, counted like any other. The person gets the confirmation, booking link, calendar invite and reminders.</Typography.Paragraph>
      {refused && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refused} data-testid="add-booking-error" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={initial} preserve={false} onValuesChange={(changed) => form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })))}>
        <Form.Item label="Workshop" name="workshop_id">
          <Select
            placeholder={choices.length ? 'Choose the workshop' : 'No upcoming workshop has a seat left'}
            options={choices.map((w) => ({ value: w.id, label: `${w.title} (${formatShortDate(w.date)})` }))}
            data-testid="add-booking-workshop"
          />
        </Form.Item>
        <Form.Item label="Name" name="name">
          <Input autoComplete="off" data-testid="add-booking-name" />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="off" data-testid="add-booking-email" />
        </Form.Item>
        <Form.Item label="Phone (optional)" name="phone">
          <Input inputMode="numeric" maxLength={10} data-testid="add-booking-phone" />
        </Form.Item>
        <Form.Item label="Payment" name="payment">
          <Radio.Group options={BY_HAND_PAYMENTS.map((p) => ({ value: p, label: BY_HAND_LABELS[p] }))} data-testid="add-booking-payment" />
        </Form.Item>
        {payment === 'offline' && (
          <Form.Item label="Amount paid (USD)" name="dollars">
            <InputNumber prefix="$" precision={2} step={1} min={0} style={{ width: '100%', maxWidth: 240 }} data-testid="add-booking-amount" />
          </Form.Item>
        )}
        <Form.Item label="Note" name="note">
          <Input.TextArea rows={2} maxLength={500} showCount placeholder={payment === 'offline' ? 'For example: bank transfer on 3 March' : 'For example: guest speaker'} data-testid="add-booking-note" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
