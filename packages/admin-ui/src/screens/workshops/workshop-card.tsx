import { CheckSquareOutlined, DeleteOutlined, EditOutlined, OrderedListOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { attendanceRate, formatCents, formatEventDate, MODIFICATION_NOTICE_HOURS, type AdminWorkshop, type Workshop, type WorkshopUpdateInput } from '@workshop/shared';
import { Button, Card, Descriptions, Flex, Form, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { usePhone } from '../../components/use-phone';
import { useOffline } from '../../queries/connectivity.store';
import { useOwnerWrites } from '../../session/owner-writes';
import { AttendeeMessageDialog } from './attendee-message-dialog';
import { WorkshopCancelDialog } from './workshop-cancel-dialog';
import WaitlistDrawer from './waitlist-drawer';
import AttendanceDrawer from './attendance-drawer';
import { readWorkshopForm, recheckChanged, toFormValues, WorkshopFields, type WorkshopFormValues } from './workshop-form';
import { useAppApi } from '../../app/app-api';

interface Props {
  workshop: AdminWorkshop;
  onChanged: (w: Workshop) => void;
  onDeleted: (id: string) => void;
}

const notSet = <Typography.Text type="secondary">Not set</Typography.Text>;
const link = (url: string | null | undefined, testId: string) =>
  url ? (
    <Typography.Link href={url} target="_blank" rel="noreferrer" ellipsis style={{ maxWidth: 280 }} data-testid={testId}>
      {url}
    </Typography.Link>
  ) : (
    notSet
  );

/** One workshop: its figures and badges, the two toggles, where it happens, inline edit, delete and a message to its attendees. */
export function WorkshopCard({ workshop: w, onChanged, onDeleted }: Props) {
  const api = useApi();
  const { message, notification, modal } = useAppApi();
  const { blocked: offline, reason } = useOwnerWrites();
  // Messaging attendees is staff's too: only being offline stops it.
  const connectivity = useOffline();
  const phone = usePhone();
  const [form] = Form.useForm<WorkshopFormValues>();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [messaging, setMessaging] = useState(false);
  const [waitlist, setWaitlist] = useState(false);
  const [register, setRegister] = useState(false);
  const [calling, setCalling] = useState(false);
  const cancelled = w.status === 'cancelled';
  const started = new Date(w.date).getTime() <= Date.now();

  async function toggle(field: 'is_active' | 'registration_open', value: boolean) {
    setBusy(field);
    try {
      onChanged(await api.admin.workshops.update(w.id, { [field]: value }));
      message.success(field === 'is_active' ? 'Workshop status updated' : 'Workshop registration updated');
    } catch {
      message.error('Failed to update workshop');
    } finally {
      setBusy(null);
    }
  }

  async function save() {
    const input = readWorkshopForm(form, form.getFieldsValue(true));
    if (!input) return;
    // The terms promise 48 hours' notice of a change (SPEC §9): a later one is asked twice.
    const announced = (input.date !== undefined && new Date(input.date).getTime() !== new Date(w.date).getTime()) || (input.join_url !== undefined && input.join_url !== w.join_url);
    if (announced && new Date(w.date).getTime() - Date.now() < MODIFICATION_NOTICE_HOURS * 3_600_000 && w.completed_count > 0) {
      modal.confirm({
        title: 'Less than 48 hours before the start',
        content: `Our terms promise 48 hours' notice of a change of date or join link. Everyone who booked is emailed about it at once. Save the change anyway?`,
        okText: 'Save anyway',
        onOk: () => store(input),
      });
      return;
    }
    await store(input);
  }

  async function store(input: WorkshopUpdateInput) {
    setBusy('save');
    try {
      onChanged(await api.admin.workshops.update(w.id, input));
      message.success('Workshop updated successfully');
      setEditing(false);
    } catch {
      message.error('Failed to update workshop');
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('delete');
    try {
      await api.admin.workshops.remove(w.id);
      message.success('Workshop deleted successfully');
      onDeleted(w.id);
    } catch (err) {
      // 409: it has registrations; the server says what to do instead.
      notification.error({ title: 'Failed to delete workshop', description: err instanceof Error ? err.message : undefined });
    } finally {
      setBusy(null);
    }
  }

  const count = w.registrations_count ?? 0;
  const kept = count > 0 ? `This workshop has ${count} ${count === 1 ? 'registration' : 'registrations'} and cannot be deleted. Mark it inactive instead.` : null;

  const actions = (
    <Space wrap>
      {!cancelled && (
        <Tooltip title={reason}>
          <Button icon={<EditOutlined />} disabled={offline} onClick={() => (form.setFieldsValue(toFormValues(w)), setEditing(true))}>
            Edit
          </Button>
        </Tooltip>
      )}
      {(cancelled || !started) && (
        <Tooltip title={reason}>
          <Button danger={!cancelled} icon={<StopOutlined />} disabled={offline} onClick={() => setCalling(true)} data-testid="workshop-cancel">
            {cancelled ? 'Refunds' : 'Cancel workshop'}
          </Button>
        </Tooltip>
      )}
      {kept ? (
        // People paid for it: say why Delete is not offered, rather than let the server refuse.
        <>
          <Tooltip title={kept}>
            <span>
              <Button danger icon={<DeleteOutlined />} disabled aria-describedby={`kept-${w.id}`} data-testid="workshop-delete">
                Delete
              </Button>
            </span>
          </Tooltip>
          <span id={`kept-${w.id}`} hidden>
            {kept}
          </span>
        </>
      ) : (
        <Popconfirm title="Are you sure you want to delete this workshop?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={remove} disabled={offline}>
          <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'} disabled={offline} title={reason} data-testid="workshop-delete">
            Delete
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  const badges = (
    <Space size={4}>
      <Tag color={w.is_active ? 'success' : 'default'} data-testid="badge-active">
        {w.is_active ? 'Active' : 'Inactive'}
      </Tag>
      {cancelled ? (
        <Tag color="error" data-testid="badge-cancelled">
          Cancelled
        </Tag>
      ) : (
        <Tag color={w.registration_open ? 'processing' : 'error'} data-testid="badge-registration">
          {w.registration_open ? 'Open' : 'Closed'}
        </Tag>
      )}
    </Space>
  );

  return (
    <Card
      data-testid="workshop-card"
      title={
        <Flex align="center" gap={10} wrap>
          <span>{w.title}</span>
          {badges}
        </Flex>
      }
      extra={!editing && !phone && actions}
      styles={{ header: { paddingBlock: 12 }, title: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {/* On a phone the buttons sit under the title, which then wraps whole instead of being cut. */}
      {phone && !editing && <div style={{ marginBottom: 12 }}>{actions}</div>}
      {editing ? (
        <Form<WorkshopFormValues> form={form} layout="vertical" requiredMark={false} initialValues={toFormValues(w)} onValuesChange={(changed) => recheckChanged(form, changed)}>
          <WorkshopFields form={form} />
          <Space>
            <Button type="primary" loading={busy === 'save'} onClick={save}>
              Save Changes
            </Button>
            <Button onClick={() => setEditing(false)}>Cancel</Button>
          </Space>
        </Form>
      ) : (
        <>
          {cancelled && (
            <Typography.Paragraph type="danger" data-testid="cancel-reason-shown">
              Cancelled{w.cancelled_at ? ` ${formatEventDate(w.cancelled_at)}` : ''}: {w.cancel_reason}
            </Typography.Paragraph>
          )}
          {w.description && (
            <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }}>
              {w.description}
            </Typography.Paragraph>
          )}
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
            <Descriptions.Item label="Date">{formatEventDate(w.date)}</Descriptions.Item>
            <Descriptions.Item label="Duration">{w.duration_hours} hours</Descriptions.Item>
            <Descriptions.Item label="Price">{formatCents(w.price_usd_cents)}</Descriptions.Item>
            <Descriptions.Item label="Seats">
              {w.seats_taken} / {w.max_participants ?? 'Unlimited'}
            </Descriptions.Item>
            {w.attendance && (
              <Descriptions.Item label="Attendance">
                <span data-testid="attendance-rate">{attendanceRate(w.attendance)}</span>
              </Descriptions.Item>
            )}
          </Descriptions>
          <Descriptions size="small" column={{ xs: 1, sm: 1, lg: 2 }} style={{ marginTop: 4 }} data-testid="workshop-join">
            <Descriptions.Item label="Join link">{link(w.join_url, 'join-url')}</Descriptions.Item>
            <Descriptions.Item label="Passcode">{w.join_passcode ? <Typography.Text copyable data-testid="join-passcode">{w.join_passcode}</Typography.Text> : notSet}</Descriptions.Item>
            <Descriptions.Item label="Materials">{link(w.materials_url, 'materials-url')}</Descriptions.Item>
            <Descriptions.Item label="Recording">{link(w.recording_url, 'recording-url')}</Descriptions.Item>
          </Descriptions>
          <Flex gap={24} wrap style={{ marginTop: 12 }}>
            <Flex align="center" gap={8}>
              <Switch checked={w.is_active} loading={busy === 'is_active'} disabled={offline} onChange={(v) => toggle('is_active', v)} aria-label="Active" data-testid="toggle-active" />
              <Typography.Text>Active</Typography.Text>
            </Flex>
            <Flex align="center" gap={8}>
              <Switch checked={w.registration_open} loading={busy === 'registration_open'} disabled={offline || cancelled} onChange={(v) => toggle('registration_open', v)} aria-label="Registration Open" data-testid="toggle-registration" />
              <Typography.Text>Registration Open</Typography.Text>
            </Flex>
            <Button icon={<CheckSquareOutlined />} onClick={() => setRegister(true)} style={{ marginInlineStart: 'auto' }} data-testid="open-attendance">
              Attendance
            </Button>
            <Button icon={<OrderedListOutlined />} onClick={() => setWaitlist(true)} data-testid="open-waitlist">
              Waitlist
            </Button>
            <Tooltip title={connectivity.reason}>
              <Button icon={<SendOutlined />} disabled={connectivity.offline} onClick={() => setMessaging(true)} data-testid="message-attendees">
                Message attendees
              </Button>
            </Tooltip>
          </Flex>
          <AttendeeMessageDialog workshop={w} open={messaging} onClose={() => setMessaging(false)} />
          {calling && <WorkshopCancelDialog workshop={w} open={calling} onClose={() => setCalling(false)} onCancelled={() => onChanged({ ...w, status: 'cancelled', registration_open: false })} />}
          {register && <AttendanceDrawer workshop={w} open={register} onClose={() => setRegister(false)} onMarked={() => onChanged(w)} />}
          {waitlist && <WaitlistDrawer workshop={w} open={waitlist} onClose={() => setWaitlist(false)} onOffered={() => onChanged(w)} />}
        </>
      )}
    </Card>
  );
}
