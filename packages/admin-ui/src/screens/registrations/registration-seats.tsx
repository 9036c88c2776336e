import { MailOutlined, StopOutlined } from '@ant-design/icons';
import { adminSeatCancelInputSchema, formatCents, type RegistrationDetail } from '@workshop/shared';
import { Button, Card, Flex, List, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';
import { useOffline } from '../../queries/connectivity.store';
import { SeatCancelDialog } from './seat-cancel-dialog';

type Seat = RegistrationDetail['registration']['attendees'][number];
const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * A team booking's seats: who sits in each, and per seat what an admin can do while the booking
 * is active: send its attendee their confirmation again, or cancel it (with what of its price goes back).
 */
export function RegistrationSeats({ detail, onChanged }: { detail: RegistrationDetail; onChanged: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const { offline, reason } = useOffline();
  const [busy, setBusy] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Seat | null>(null);
  const r = detail.registration;
  if (r.seats_bought < 2) return null;
  const active = r.status === 'completed';
  const buyers = (s: Seat) => !s.email || s.email.toLowerCase() === r.email.toLowerCase();

  async function resend(seat: Seat) {
    setBusy(seat.id);
    try {
      await api.admin.registration.resendSeat(r.id, seat.id);
      message.success(`Confirmation queued for ${seat.name}, with a new link`);
      onChanged();
    } catch (err) {
      message.error(errorText(err, 'The confirmation could not be sent again'));
    } finally {
      setBusy(null);
    }
  }

  async function cancel(seat: Seat, refundCents: number) {
    const input = adminSeatCancelInputSchema.parse({ refund_cents: refundCents });
    await api.admin.registration.cancelSeat(r.id, seat.id, input);
    message.success(refundCents ? `Seat ${seat.position} cancelled; ${formatCents(refundCents)} is being refunded` : `Seat ${seat.position} cancelled without a refund`);
    onChanged();
  }

  return (
    <Card title={`Seats (${r.seats} of ${r.seats_bought} held)`} size="small" data-testid="detail-seats">
      <List<Seat>
        size="small"
        dataSource={r.attendees}
        renderItem={(seat) => (
          <List.Item
            data-testid={`detail-seat-${seat.position}`}
            actions={
              active && seat.status === 'active'
                ? [
                    <Tooltip key="resend" title={reason ?? (buyers(seat) ? "The buyer's seat: use Resend confirmation above" : undefined)}>
                      <Button size="small" icon={<MailOutlined />} disabled={offline || buyers(seat)} loading={busy === seat.id} onClick={() => void resend(seat)}>
                        Resend
                      </Button>
                    </Tooltip>,
                    <Tooltip key="cancel" title={reason}>
                      <Button size="small" danger icon={<StopOutlined />} disabled={offline} onClick={() => setCancelling(seat)}>
                        Cancel seat
                      </Button>
                    </Tooltip>,
                  ]
                : []
            }
          >
            <Flex vertical gap={2} style={{ minWidth: 0 }}>
              <span>
                <Typography.Text strong>{`Seat ${seat.position}`}</Typography.Text>
                {' · '}
                {seat.name ?? <Typography.Text type="secondary">not named yet</Typography.Text>}
                {seat.status === 'cancelled' && <Tag style={{ marginLeft: 8 }}>Cancelled</Tag>}
              </span>
              {seat.email && (
                <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere', fontSize: 13 }}>
                  {seat.email}
                </Typography.Text>
              )}
            </Flex>
          </List.Item>
        )}
      />
      <SeatCancelDialog key={cancelling?.id ?? 'none'} detail={detail} seat={cancelling} onClose={() => setCancelling(null)} onConfirm={cancel} />
    </Card>
  );
}
