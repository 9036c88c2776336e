import { adminRefundInputSchema, formatCents, type RegistrationDetail } from '@workshop/shared';
import { Alert, Checkbox, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';
import { newIdempotencyKey } from '../../queries/new-idempotency-key';

const BANDS: Record<string, string> = {
  full_minus_fee: 'more than 7 days before the start: full refund minus the fee',
  half: '3 to 7 days before the start: half back',
  none: 'under 3 days before the start: no refund',
};

interface Values {
  dollars: number | null;
  reason: string;
}

/** What is left of the payment to give back, as the server counts it (a refund that failed is still owed, and retried). */
export function refundableCents(detail: RegistrationDetail): number {
  const given = detail.refunds.reduce((sum, f) => sum + f.amount_cents, 0) + (detail.registration.by_hand_refunded_cents ?? 0);
  return Math.max(0, detail.registration.amount - given);
}

/**
 * Cancels the booking and refunds an amount the admin chooses, prefilled with what the
 * cancellation policy would give; or, with "Keep the booking", gives that amount back as goodwill
 * and the booking goes on. The server checks it against what is left of the payment.
 */
export function RefundDialog({ detail, open, onClose, onDone }: { detail: RegistrationDetail; open: boolean; onClose: () => void; onDone: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const [keep, setKeep] = useState(false);
  // One id per opening: a second click (or a retry after a lost answer) is the same goodwill decision, never a second one.
  const requestId = useMemo(() => (open ? newIdempotencyKey() : undefined), [open]);
  const r = detail.registration;
  // Paid outside the site: the admin gives it back by hand and records it here; no provider is asked, and there is no goodwill refund to make.
  const byHand = r.by_hand_payment === 'offline';
  const policy = detail.policy_refund;
  const left = refundableCents(detail);
  const initial: Values = { dollars: (policy ? policy.refund_cents : left) / 100, reason: '' };

  async function submit() {
    const v = form.getFieldsValue(true) as Values;
    const parsed = adminRefundInputSchema.safeParse({ amount_cents: v.dollars === null || v.dollars === undefined ? Number.NaN : Math.round(v.dollars * 100), reason: v.reason ?? '', keep_booking: keep, ...(keep && requestId ? { request_id: requestId } : {}) });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] === 'amount_cents' ? 'dollars' : 'reason', errors: [i.message] })));
      return;
    }
    setBusy(true);
    setRefused(undefined);
    try {
      const { refundCents } = await api.admin.registration.refund(r.id, parsed.data);
      if (byHand) message.success(`Refund of ${formatCents(refundCents)} recorded; the booking is cancelled and ${r.name} is emailed.`);
      else message.success(keep ? `Goodwill refund of ${formatCents(refundCents)} started; the booking stays and ${r.name} is emailed.` : `Refund of ${formatCents(refundCents)} started; ${r.name} is emailed when it goes through.`);
      onDone();
      onClose();
    } catch (err) {
      setRefused(err instanceof Error ? err.message : 'The refund could not be started.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={`Refund ${r.name}`}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={byHand ? 'Record refund and cancel booking' : keep ? 'Refund and keep booking' : 'Refund and cancel booking'}
      okButtonProps={{ danger: !keep, 'data-testid': 'refund-submit' }}
      confirmLoading={busy}
      destroyOnHidden
      // The form mounts afresh on each opening (destroyOnHidden) with the policy's amount as its initial value;
      // setting it again after the opening animation would wipe what the admin typed meanwhile.
      afterOpenChange={(visible) => {
        if (visible) return;
        setRefused(undefined);
        setKeep(false);
      }}
      data-testid="refund-dialog"
    >
      <Typography.Paragraph type="secondary" data-testid="refund-explained">
        {byHand ? (
          <>
            Paid outside the site ({formatCents(r.amount)}{r.by_hand_payer_name ? ` by ${r.by_hand_payer_name}` : ''}): give the amount below back by hand (bank transfer, cash) and record it here. The seat is freed at once; no card or PayPal refund is made. Up to {formatCents(left)} can be
            recorded.
          </>
        ) : (
          <>
        {keep ? 'The booking stays, with its seats, join details and reminders; the amount below goes back' : 'The seat is freed at once and the amount below goes back'} to the buyer&apos;s {r.payment_method === 'razorpay' ? 'card' : 'PayPal account'}. Paid{' '}
        {formatCents(r.amount)}; up to {formatCents(left)} can be refunded.
          </>
        )}
      </Typography.Paragraph>
      {/* The policy prices a cancel; a goodwill refund is the admin's own figure. */}
      {policy && !keep && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={<span data-testid="policy-suggestion">{`Policy suggests ${formatCents(policy.refund_cents)} (${BANDS[policy.band] ?? policy.band.replace(/_/g, ' ')})`}</span>}
        />
      )}
      {refused && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refused} data-testid="refund-error" />}
      <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={initial} preserve={false}>
        <Form.Item label={byHand ? 'Amount given back by hand (USD)' : 'Amount to refund (USD)'} name="dollars">
          <InputNumber prefix="$" precision={2} step={1} style={{ width: '100%', maxWidth: 240 }} data-testid="refund-amount-input" />
        </Form.Item>
        <Form.Item label="Reason" name="reason">
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="refund-reason" />
        </Form.Item>
        {!byHand && (
        <Checkbox checked={keep} onChange={(e) => setKeep(e.target.checked)} data-testid="refund-keep-booking">
          Keep the booking (a goodwill refund: nothing else changes)
        </Checkbox>
        )}
      </Form>
    </Modal>
  );
}
