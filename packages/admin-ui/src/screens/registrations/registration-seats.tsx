import { MailOutlined, StopOutlined, SwapOutlined } from '@ant-design/icons';
import { adminSeatCancelInputSchema, formatCents, formatEventDate, type RegistrationDetail } from '@workshop/shared';
import { Button, Card, Flex, List, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useRegistrationPath } from '../../app/admin-paths';
import { useAppApi } from '../../app/app-api';
import { useOffline } from '../../queries/connectivity.store';
import { useOwnerWrites } from '../../session/owner-writes';
import { Link } from 'react-router-dom';
import { MoveDialog } from './move-dialog';
import { SeatCancelDialog } from './seat-cancel-dialog';

type Seat = RegistrationDetail['registration']['attendees'][number];
const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * A team booking's seats: who sits in each, and per seat what an admin can do while the booking
 * is active: send its attendee their confirmation again, move it to another workshop (a booking of
 * its own there), or cancel it (with what of its price goes back). Seats moved out are listed below.
 */
export function RegistrationSeats({ detail, onChanged }: { detail: RegistrationDetail; onChanged: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const { offline, reason } = useOffline();
  const owner = useOwnerWrites();
  const [busy, setBusy] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<Seat | null>(null);
  const [moving, setMoving] = useState<Seat | null>(null);
  const path = useRegistrationPath();
  const r = detail.registration;
  if (r.seats_bought < 2 && !detail.seat_moves.length) return null;
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
            // On a phone the seat's buttons go under its attendee rather than past the screen's edge.
            style={{ flexWrap: 'wrap', rowGap: 8 }}
            styles={{ actions: { marginInlineStart: 'auto', flexWrap: 'wrap', rowGap: 4 } }}
            actions={
              active && seat.status === 'active'
                ? [
                    <Tooltip key="resend" title={reason ?? (buyers(seat) ? "The buyer's seat: use Resend confirmation above" : undefined)}>
                      <Button size="small" icon={<MailOutlined />} disabled={offline || buyers(seat)} loading={busy === seat.id} onClick={() => void resend(seat)}>
                        Resend
                      </Button>
                    </Tooltip>,
                    <Tooltip key="move" title={owner.reason ?? (r.seats < 2 ? "The booking's only seat: use Move above" : undefined)}>
                      <Button size="small" icon={<SwapOutlined />} disabled={owner.blocked || r.seats < 2} onClick={() => setMoving(seat)} data-testid={`seat-move-${seat.position}`}>
                        Move
                      </Button>
                    </Tooltip>,
                    <Tooltip key="cancel" title={owner.reason}>
                      <Button size="small" danger icon={<StopOutlined />} disabled={owner.blocked} onClick={() => setCancelling(seat)}>
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
      {detail.seat_moves.length > 0 && (
        <Flex vertical gap={4} style={{ marginTop: 12 }} data-testid="detail-seat-moves">
          <Typography.Text type="secondary">Seats moved to other workshops (each now a booking of its own, paid by this booking):</Typography.Text>
          {detail.seat_moves.map((m) => (
            <span key={m.id}>
              <Link to={path(m.id)}>{m.name}</Link>
              {` · ${m.workshop_title}, ${formatEventDate(m.workshop_date)}`}
              {m.status !== 'completed' && <Tag style={{ marginLeft: 8 }}>{m.status}</Tag>}
            </span>
          ))}
        </Flex>
      )}
      <MoveDialog detail={detail} seat={moving} open={moving !== null} onClose={() => setMoving(null)} onDone={onChanged} />
      <SeatCancelDialog key={cancelling?.id ?? 'none'} detail={detail} seat={cancelling} onClose={() => setCancelling(null)} onConfirm={cancel} />
    </Card>
  );
}
