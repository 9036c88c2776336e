import { ReloadOutlined } from '@ant-design/icons';
import { formatEventDate, type AdminWaitlist, type AdminWaitlistEntry, type AdminWorkshop } from '@workshop/shared';
import { usePhone } from '../../components/use-phone';
import { EntryOffer, EntryPerson, EntryStatus, OfferSeat } from './waitlist-entry-parts';
import { Alert, Button, Drawer, Flex, List, Table, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useOwnerWrites } from '../../session/owner-writes';
import { useAppApi } from '../../app/app-api';

interface Props {
  workshop: AdminWorkshop;
  open: boolean;
  onClose: () => void;
  /** An offer takes a seat: the workshop's counts change. */
  onOffered: () => void;
}

/**
 * One workshop's waitlist in order of joining: each person's place in line, their offers, and
 * "Offer seat" to choose someone by hand (the server refuses it past capacity).
 */
export default function WaitlistDrawer({ workshop, open, onClose, onOffered }: Props) {
  const api = useApi();
  const { message, notification } = useAppApi();
  const { blocked: offline, reason } = useOwnerWrites();
  const [list, setList] = useState<AdminWaitlist | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const phone = usePhone();

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
      {phone ? (
        // A phone: one card per person, nothing to scroll sideways.
        <List<AdminWaitlistEntry>
          loading={!list && !error}
          dataSource={list?.items ?? []}
          locale={{ emptyText: 'Nobody is on the waitlist' }}
          data-testid="waitlist-cards"
          renderItem={(e) => (
            <List.Item data-testid="waitlist-card" style={{ display: 'block' }}>
              <Flex justify="space-between" align="start" gap={8}>
                <Flex gap={8} style={{ minWidth: 0 }}>
                  <Typography.Text strong data-testid="waitlist-position">
                    {e.position ?? '–'}
                  </Typography.Text>
                  <EntryPerson e={e} />
                </Flex>
                <EntryStatus e={e} />
              </Flex>
              <Flex vertical gap={4} style={{ marginTop: 8 }}>
                <Typography.Text type="secondary">Joined {formatEventDate(e.created_at)}</Typography.Text>
                <EntryOffer e={e} />
                <div>
                  <OfferSeat e={e} busy={busy === e.id} offline={offline} reason={reason} onOffer={(x) => void offer(x)} />
                </div>
              </Flex>
            </List.Item>
          )}
        />
      ) : (
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
            { title: 'Person', key: 'person', render: (_, e) => <EntryPerson e={e} /> },
            { title: 'Joined', dataIndex: 'created_at', render: (d: string) => formatEventDate(d) },
            { title: 'Status', key: 'status', render: (_, e) => <EntryStatus e={e} /> },
            { title: 'Offer', key: 'offer', render: (_, e) => <EntryOffer e={e} /> },
            { title: '', key: 'actions', render: (_, e) => <OfferSeat e={e} busy={busy === e.id} offline={offline} reason={reason} onOffer={(x) => void offer(x)} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
