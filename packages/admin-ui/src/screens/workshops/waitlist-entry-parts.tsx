import { formatEventDate, type AdminWaitlistEntry } from '@workshop/shared';
import { Button, Flex, Popconfirm, Tag, Typography } from 'antd';

const STATUS: Record<AdminWaitlistEntry['status'], { color: string; label: string }> = {
  waiting: { color: 'processing', label: 'Waiting' },
  offered: { color: 'gold', label: 'Offered' },
  booked: { color: 'success', label: 'Booked' },
  expired: { color: 'default', label: 'Offer expired' },
  left: { color: 'default', label: 'Left' },
  cancelled: { color: 'default', label: 'Workshop cancelled' },
};

export function EntryPerson({ e }: { e: AdminWaitlistEntry }) {
  return (
    <Flex vertical style={{ minWidth: 0 }}>
      <Typography.Text strong>{e.name}</Typography.Text>
      <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {e.email}
      </Typography.Text>
      <Typography.Text type="secondary">{e.phone}</Typography.Text>
    </Flex>
  );
}

export function EntryStatus({ e }: { e: AdminWaitlistEntry }) {
  return (
    <Tag color={STATUS[e.status].color} data-testid="waitlist-status">
      {STATUS[e.status].label}
    </Tag>
  );
}

export function EntryOffer({ e }: { e: AdminWaitlistEntry }) {
  if (e.offer_count === 0) return <Typography.Text type="secondary">None yet</Typography.Text>;
  return (
    <Flex vertical data-testid="waitlist-offer">
      <span>
        {e.offer_live ? 'Held until' : 'Held until (ended)'} {e.offer_expires_at ? formatEventDate(e.offer_expires_at) : ''}
      </span>
      <Typography.Text type="secondary">
        {e.offer_count === 1 ? '1 offer' : `${e.offer_count} offers`}, last {e.offered_by === 'admin' ? 'by an admin' : 'automatic'}
      </Typography.Text>
    </Flex>
  );
}

/** "Offer seat", for someone waiting or whose offer ran out; the server refuses it past capacity. */
export function OfferSeat({ e, busy, offline, reason, onOffer }: { e: AdminWaitlistEntry; busy: boolean; offline: boolean; reason?: string; onOffer: (e: AdminWaitlistEntry) => void }) {
  if (e.status !== 'waiting' && e.status !== 'expired') return null;
  return (
    <Popconfirm title={`Offer a seat to ${e.name}?`} description="They get an email with a link that holds the seat for them." okText="Offer seat" onConfirm={() => onOffer(e)} disabled={offline}>
      <Button size="small" loading={busy} disabled={offline} title={reason} data-testid="waitlist-offer-seat">
        Offer seat
      </Button>
    </Popconfirm>
  );
}
