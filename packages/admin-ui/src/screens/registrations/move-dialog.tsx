import { formatEventDate, type AdminWorkshop, type RegistrationDetail } from '@workshop/shared';
import { Alert, Flex, Modal, Select, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';

const seatsLeft = (w: AdminWorkshop) => (w.max_participants === null ? null : Math.max(0, w.max_participants - w.seats_taken));

type Seat = RegistrationDetail['registration']['attendees'][number];

/**
 * Moves a paid booking to another workshop, or (`seat`) one seat of a team booking, which becomes
 * a booking of its own there; the server holds the seat there or says it is full.
 */
export function MoveDialog({ detail, seat, open, onClose, onDone }: { detail: RegistrationDetail; seat?: Seat | null; open: boolean; onClose: () => void; onDone: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const r = detail.registration;
  const [workshops, setWorkshops] = useState<AdminWorkshop[]>();
  const [loadError, setLoadError] = useState<string>();
  const [target, setTarget] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string>();
  const who = seat?.name ?? r.name;

  useEffect(() => {
    if (!open) return;
    let gone = false;
    setTarget(undefined);
    setRefused(undefined);
    setLoadError(undefined);
    api.admin.workshops.list().then(
      (list) => !gone && setWorkshops(list.filter((w) => w.id !== r.workshop_id).sort((a, b) => a.date.localeCompare(b.date))),
      (err: unknown) => !gone && setLoadError(err instanceof Error ? err.message : 'Failed to load workshops'),
    );
    return () => {
      gone = true;
    };
  }, [open, api, r.workshop_id]);

  async function submit() {
    if (!target) {
      setRefused('Choose the workshop to move to');
      return;
    }
    setBusy(true);
    setRefused(undefined);
    try {
      if (seat) {
        await api.admin.registration.moveSeat(r.id, seat.id, target);
        message.success(`Seat ${seat.position} (${who}) moved to ${workshops?.find((w) => w.id === target)?.title ?? 'the workshop chosen'}`);
      } else {
        const moved = await api.admin.registration.move(r.id, target);
        message.success(`${r.name} moved to ${moved.registration.workshop_title}`);
      }
      onDone();
      onClose();
    } catch (err) {
      setRefused(err instanceof Error ? err.message : 'The booking could not be moved.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={seat ? `Move seat ${seat.position} (${who}) to another workshop` : `Move ${r.name} to another workshop`}
      open={open}
      onCancel={onClose}
      onOk={submit}
      okText={seat ? 'Move seat' : 'Move booking'}
      okButtonProps={{ disabled: !target, 'data-testid': 'move-submit' }}
      confirmLoading={busy}
      destroyOnHidden
      data-testid="move-dialog"
    >
      <Typography.Paragraph type="secondary">
        Now booked on <Typography.Text strong>{r.workshop_title}</Typography.Text> ({formatEventDate(r.workshop_date)}).{' '}
        {seat
          ? 'The seat becomes a booking of its own there, paid by this booking’s payment; its attendee gets a new confirmation and link, and the seat here is freed.'
          : 'The payment stays as it is; the seat here is freed.'}
      </Typography.Paragraph>
      {loadError && <Alert type="error" showIcon style={{ marginBottom: 16 }} title="Failed to load workshops" description={loadError} />}
      {refused && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={refused} data-testid="move-error" />}
      <Select
        style={{ width: '100%' }}
        placeholder="Choose a workshop"
        loading={!workshops && !loadError}
        value={target}
        onChange={setTarget}
        aria-label="Workshop to move to"
        data-testid="move-target"
        optionLabelProp="title"
        options={(workshops ?? []).map((w) => {
          const left = seatsLeft(w);
          return {
            value: w.id,
            title: w.title,
            // A full workshop is shown, not hidden, so the admin sees why it is not offered.
            disabled: left === 0,
            label: (
              <Flex justify="space-between" gap={8} data-testid="move-option">
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {w.title}
                  <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                    {formatEventDate(w.date)}
                  </Typography.Text>
                </span>
                <Tag color={left === 0 ? 'error' : 'default'} style={{ alignSelf: 'center', marginInlineEnd: 0 }}>
                  {left === null ? 'Unlimited' : left === 0 ? 'Full' : `${left} left`}
                </Tag>
              </Flex>
            ),
          };
        })}
      />
    </Modal>
  );
}
