import { formatCents, formatDateTime, formatEventDate, type RegistrationDetail } from '@workshop/shared';
import { Card, Collapse, Descriptions, Typography } from 'antd';
import type { DescriptionsProps } from 'antd';
import { Link } from 'react-router-dom';
import { useRegistrationPath } from '../../app/admin-paths';
import { campaignText } from '../../components/campaign-text';
import { describeReason } from '../../components/status-reason';
import { StatusTag } from '../../components/status-tag';

const PROVIDERS: Record<string, string> = { paypal: 'PayPal', razorpay: 'Razorpay' };

const none = <Typography.Text type="secondary">—</Typography.Text>;
const mono = (text: string | null) =>
  text ? (
    <Typography.Text code copyable={{ text }} style={{ wordBreak: 'break-all' }}>
      {text}
    </Typography.Text>
  ) : (
    none
  );
const when = (iso: string | null) => (iso ? formatDateTime(iso) : none);

/** The fields shown above; anything else the server stores on the row is listed as it is. */
const SHOWN = new Set([
  'id', 'name', 'email', 'phone', 'workshop_id', 'workshop_title', 'workshop_date', 'access_id', 'amount', 'currency', 'payment_method', 'payment_id', 'provider_order_id', 'status', 'status_reason',
  'created_at', 'completed_at', 'cancelled_at', 'promo_code', 'promo_code_id', 'discount_cents', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content',
  'paid_with_payment_id', 'split_from_registration_id', 'by_hand_payment', 'by_hand_note', 'by_hand_refunded_cents', 'by_hand_payer_name', 'by_hand_payer_email',
]);
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d/;
const raw = (v: unknown) => {
  if (v === null || v === undefined || v === '') return none;
  if (typeof v === 'string' && ISO_TIME.test(v)) return formatDateTime(v);
  return <Typography.Text style={{ wordBreak: 'break-all' }}>{typeof v === 'object' ? JSON.stringify(v) : String(v)}</Typography.Text>;
};

/** Everything stored about one booking, and the workshop it is for. */
export function RegistrationFacts({ detail }: { detail: RegistrationDetail }) {
  const r = detail.registration;
  const path = useRegistrationPath();
  const paidWith = typeof r.paid_with_payment_id === 'string' ? r.paid_with_payment_id : null;
  const reason = r.status_reason ? describeReason(r.status_reason) : null;
  const items: DescriptionsProps['items'] = [
    {
      key: 'status',
      label: 'Status',
      span: 'filled',
      children: (
        <span data-testid="detail-status">
          <StatusTag status={r.status} />
          {reason && (
            <span data-testid="detail-status-reason">
              <Typography.Text strong>{reason[0]}</Typography.Text>
              {reason[1] && <Typography.Text type="secondary">{` — ${reason[1]}`}</Typography.Text>}
            </span>
          )}
        </span>
      ),
    },
    { key: 'name', label: 'Name', children: r.name },
    { key: 'email', label: 'Email', children: <Typography.Text copyable={{ text: r.email }} style={{ wordBreak: 'break-all' }}>{r.email}</Typography.Text> },
    { key: 'phone', label: 'Phone', children: r.phone || none },
    { key: 'access', label: 'Access ID', children: mono(r.access_id) },
    { key: 'amount', label: 'Amount', children: <span data-testid="detail-amount">{r.currency === 'USD' ? formatCents(r.amount) : `${(r.amount / 100).toFixed(2)} ${r.currency}`}</span> },
    ...(detail.money
      ? [
          {
            key: 'money',
            label: 'Payment',
            span: 'filled' as const,
            children: (
              <span data-testid="detail-money">
                {`Paid ${formatCents(detail.money.captured_cents)} · refunded ${formatCents(detail.money.refunded_cents)}`}
                {detail.money.refunded_by_hand_cents > 0 && ` · refunded by hand at the provider ${formatCents(detail.money.refunded_by_hand_cents)}`}
                {` · net ${formatCents(detail.money.kept_cents)}`}
              </span>
            ),
          },
        ]
      : []),
    ...(r.by_hand_payment
      ? [
          {
            key: 'by-hand',
            label: 'Added by hand',
            span: 'filled' as const,
            children: (
              <span data-testid="detail-by-hand">
                {r.by_hand_payment === 'offline' ? `Paid outside the site ${formatCents(r.amount)}` : 'Complimentary'}
                {r.by_hand_payment === 'offline' && r.by_hand_payer_email && r.by_hand_payer_email.toLowerCase() !== r.email.toLowerCase() && ` by ${r.by_hand_payer_name} (${r.by_hand_payer_email})`}
                {(r.by_hand_refunded_cents ?? 0) > 0 && ` · given back by hand ${formatCents(r.by_hand_refunded_cents ?? 0)}`}
                {r.by_hand_payment === 'offline' && ` · net ${formatCents(r.amount - (r.by_hand_refunded_cents ?? 0))}`}
                {r.by_hand_note && ` · ${r.by_hand_note}`}
              </span>
            ),
          },
        ]
      : []),
    {
      key: 'promo',
      label: 'Promo code',
      children: r.promo_code ? <span data-testid="detail-promo">{`${r.promo_code} (${formatCents(r.discount_cents)} off)`}</span> : none,
    },
    { key: 'method', label: 'Payment method', children: r.payment_method ? (PROVIDERS[r.payment_method] ?? r.payment_method) : none },
    { key: 'payment', label: 'Payment ID', children: mono(r.payment_id ?? paidWith) },
    ...(r.split_from_registration_id
      ? [
          {
            key: 'moved-from',
            label: 'Moved from',
            children: (
              <Link to={path(r.split_from_registration_id)} data-testid="detail-moved-from">
                the team booking that paid for this seat
              </Link>
            ),
          },
        ]
      : []),
    { key: 'order', label: 'Order ID', children: mono(r.provider_order_id) },
    { key: 'created', label: 'Registered', children: when(r.created_at) },
    { key: 'completed', label: 'Completed', children: when(r.completed_at) },
    ...(r.cancelled_at ? [{ key: 'cancelled', label: 'Cancelled', children: when(r.cancelled_at) }] : []),
    { key: 'source', label: 'Source', children: <span data-testid="detail-source">{[campaignText(r), r.utm_term, r.utm_content].filter(Boolean).join(' / ') || 'Direct (no campaign)'}</span> },
  ];
  const others = Object.entries(r).filter(([k]) => !SHOWN.has(k));
  return (
    <>
      <Card title="Booking" size="small" data-testid="detail-booking">
        <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }} items={items} />
        {others.length > 0 && (
          <Collapse
            ghost
            size="small"
            style={{ marginInline: -12, marginTop: 4 }}
            data-testid="detail-more-fields"
            items={[
              {
                key: 'more',
                label: `More fields (${others.length})`,
                children: <Descriptions size="small" column={{ xs: 1, sm: 1, md: 2 }} items={others.map(([k, v]) => ({ key: k, label: k, children: raw(v) }))} />,
              },
            ]}
          />
        )}
      </Card>
      <Card title="Workshop" size="small" data-testid="detail-workshop">
        <Typography.Text strong data-testid="detail-workshop-title">
          {r.workshop_title}
        </Typography.Text>
        <br />
        <Typography.Text type="secondary">{formatEventDate(r.workshop_date)}</Typography.Text>
      </Card>
    </>
  );
}
