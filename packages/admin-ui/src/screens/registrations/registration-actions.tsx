import { DollarOutlined, EditOutlined, MailOutlined, StopOutlined, SwapOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { RegistrationDetail } from '@workshop/shared';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useOffline } from '../../queries/connectivity.store';
import { useOwnerWrites } from '../../session/owner-writes';
import { EditBookingDialog } from './edit-booking-dialog';
import { MoveDialog } from './move-dialog';
import { RefundDialog } from './refund-dialog';
import { TransferDialog } from './transfer-dialog';
import { useAppApi } from '../../app/app-api';

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/** What an admin can do to an active (completed) booking; nothing is offered for any other status. */
export function RegistrationActions({ detail, onChanged }: { detail: RegistrationDetail; onChanged: () => void }) {
  const api = useApi();
  const { message, modal } = useAppApi();
  const { offline, reason } = useOffline();
  const owner = useOwnerWrites();
  const [busy, setBusy] = useState<'resend' | 'cancel' | null>(null);
  const [dialog, setDialog] = useState<'refund' | 'move' | 'transfer' | 'edit' | null>(null);
  const r = detail.registration;
  if (r.status !== 'completed') return null;

  async function resend() {
    setBusy('resend');
    try {
      const { queued } = await api.admin.registration.resend(r.id);
      if (queued) message.success('Confirmation queued');
      else message.info('A confirmation is already on its way');
      onChanged();
    } catch (err) {
      message.error(errorText(err, 'The confirmation could not be sent again'));
    } finally {
      setBusy(null);
    }
  }

  const cancel = () =>
    modal.confirm({
      title: 'Cancel without a refund?',
      content: `${r.name}'s seat on ${r.workshop_title} is freed and no money goes back. They are emailed that the booking was cancelled.`,
      okText: 'Cancel booking',
      okButtonProps: { danger: true },
      cancelText: 'Keep booking',
      onOk: async () => {
        setBusy('cancel');
        try {
          await api.admin.registration.cancel(r.id);
          message.success('Booking cancelled without a refund');
          onChanged();
        } catch (err) {
          message.error(errorText(err, 'The booking could not be cancelled'));
        } finally {
          setBusy(null);
        }
      },
    });

  // Resending a confirmation is staff's too; every other action is an owner's (issue 24).
  const action = (label: string, icon: React.ReactNode, onClick: () => void, testId: string, extra: { danger?: boolean; loading?: boolean; staff?: boolean } = {}) => (
    <Tooltip title={extra.staff ? reason : owner.reason}>
      <Button icon={icon} onClick={onClick} disabled={extra.staff ? offline : owner.blocked} data-testid={testId} danger={extra.danger} loading={extra.loading}>
        {label}
      </Button>
    </Tooltip>
  );

  return (
    <>
      {action('Edit details', <EditOutlined />, () => setDialog('edit'), 'action-edit')}
      {action('Resend confirmation', <MailOutlined />, resend, 'action-resend', { loading: busy === 'resend', staff: true })}
      {action('Move', <SwapOutlined />, () => setDialog('move'), 'action-move')}
      {r.seats === 1 && action('Transfer', <UserSwitchOutlined />, () => setDialog('transfer'), 'action-transfer')}
      {/* A complimentary seat has nothing to give back: it is only cancelled. */}
      {r.by_hand_payment !== 'complimentary' && action('Refund', <DollarOutlined />, () => setDialog('refund'), 'action-refund', { danger: true })}
      {action('Cancel without refund', <StopOutlined />, cancel, 'action-cancel', { danger: true, loading: busy === 'cancel' })}
      <RefundDialog detail={detail} open={dialog === 'refund'} onClose={() => setDialog(null)} onDone={onChanged} />
      <MoveDialog detail={detail} open={dialog === 'move'} onClose={() => setDialog(null)} onDone={onChanged} />
      {dialog === 'edit' && <EditBookingDialog detail={detail} open onClose={() => setDialog(null)} onDone={onChanged} />}
      {dialog === 'transfer' && <TransferDialog detail={detail} open onClose={() => setDialog(null)} onDone={onChanged} />}
    </>
  );
}
