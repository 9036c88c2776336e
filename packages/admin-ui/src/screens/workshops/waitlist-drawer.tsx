import { ReloadOutlined } from '@ant-design/icons';
import { formatEventDate, type AdminWaitlist, type AdminWaitlistEntry, type AdminWorkshop } from '@workshop/shared';
import { Alert, Button, Drawer, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useOffline } from '../../queries/connectivity.store';
import { useAppApi } from '../../app/app-api';

interface Props {
  workshop: AdminWorkshop;
  open: boolean;
  onClose: () => void;
  /** An offer takes a seat: the workshop's counts change. */
  onOffered: () => void;
}

const STATUS: Record<AdminWaitlistEntry['status'], { color: string; label: string }> = {
  waiting: { color: 'processing', label: 'Waiting' },
  offered: { color: 'gold', label: 'Offered' },
  booked: { color: 'success', label: 'Booked' },
  expired: { color: 'default', label: 'Offer expired' },
  left: { color: 'default', label: 'Left' },
};

/**
 * One workshop's waitlist in order of joining: each person's place in line, their offers, and
 * "Offer seat" to choose someone by hand (the server refuses it past capacity).
 */
export default function WaitlistDrawer({ workshop, open, onClose, onOffered }: Props) {
  const api = useApi();
  const { message, notification } = useAppApi();
  const { offline, reason } = useOffline();
  const [list, setList] = useState<AdminWaitlist | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    setError(undefined);
    try {
      setList(await api.admin.waitlist.list(workshop.id));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Failed to load the waitlist');
    }
  }, [api, workshop.id]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  async function offer(entry: AdminWaitlistEntry) {
    setBusy(entry.id);
    try {
      setList(await api.admin.waitlist.offer(workshop.id, entry.id));
      message.success(`Seat offered to ${entry.name}`);
      onOffered();
    } catch (err) {
      notification.error({ title: 'Could not offer a seat', description: err instanceof Error ? err.message : undefined });
      void load();
    } finally {
      setBusy(null);
    }
  }

  const waiting = list?.items.filter((e) => e.status === 'waiting').length ?? 0;
  return (
    <Drawer
      title={`Waitlist: ${workshop.title}`}
      open={open}
      onClose={onClose}
      size="large"
      data-testid="waitlist-drawer"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void load()} aria-label="Refresh waitlist">
          Refresh
        </Button>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {list && (
        <Typography.Paragraph data-testid="waitlist-summary">
          {waiting} waiting · {list.free_seats === null ? 'no seat limit' : `${list.free_seats} ${list.free_seats === 1 ? 'seat' : 'seats'} free to offer`}
        </Typography.Paragraph>
      )}
      <Table<AdminWaitlistEntry>
        rowKey="id"
        size="small"
        loading={!list && !error}
        dataSource={list?.items ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: 'Nobody is on the waitlist' }}
        data-testid="waitlist-table"
        columns={[
          { title: '#', dataIndex: 'position', width: 48, render: (p: number | null) => p ?? '–' },
          {
            title: 'Person',
            key: 'person',
            render: (_, e) => (
              <Flex vertical>
                <Typography.Text strong>{e.name}</Typography.Text>
                <Typography.Text type="secondary">{e.email}</Typography.Text>
                <Typography.Text type="secondary">{e.phone}</Typography.Text>
              </Flex>
            ),
          },
          { title: 'Joined', dataIndex: 'created_at', render: (d: string) => formatEventDate(d) },
          {
            title: 'Status',
            key: 'status',
            render: (_, e) => (
              <Tag color={STATUS[e.status].color} data-testid="waitlist-status">
                {STATUS[e.status].label}
              </Tag>
            ),
          },
          {
            title: 'Offer',
            key: 'offer',
            render: (_, e) =>
              e.offer_count === 0 ? (
                <Typography.Text type="secondary">None yet</Typography.Text>
              ) : (
                <Flex vertical data-testid="waitlist-offer">
                  <span>
                    {e.offer_live ? 'Held until' : 'Held until (ended)'} {e.offer_expires_at ? formatEventDate(e.offer_expires_at) : ''}
                  </span>
                  <Typography.Text type="secondary">
                    {e.offer_count === 1 ? '1 offer' : `${e.offer_count} offers`}, last {e.offered_by === 'admin' ? 'by an admin' : 'automatic'}
                  </Typography.Text>
                </Flex>
              ),
          },
          {
            title: '',
            key: 'actions',
            render: (_, e) =>
              e.status === 'waiting' || e.status === 'expired' ? (
                <Popconfirm
                  title={`Offer a seat to ${e.name}?`}
                  description="They get an email with a link that holds the seat for them."
                  okText="Offer seat"
                  onConfirm={() => void offer(e)}
                  disabled={offline}
                >
                  <Button size="small" loading={busy === e.id} disabled={offline} title={reason} data-testid="waitlist-offer-seat">
                    Offer seat
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
