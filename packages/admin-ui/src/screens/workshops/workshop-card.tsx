import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { formatCents, formatEventDate, type AdminWorkshop, type Workshop } from '@workshop/shared';
import { App, Button, Card, Descriptions, Flex, Form, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useOffline } from '../../queries/connectivity.store';
import { readWorkshopForm, toFormValues, WorkshopFields, type WorkshopFormValues } from './workshop-form';

interface Props {
  workshop: AdminWorkshop;
  onChanged: (w: Workshop) => void;
  onDeleted: (id: string) => void;
}

/** One workshop: its figures and badges, the two toggles, inline edit and delete. */
export function WorkshopCard({ workshop: w, onChanged, onDeleted }: Props) {
  const api = useApi();
  const { message, notification } = App.useApp();
  const { offline, reason } = useOffline();
  const [form] = Form.useForm<WorkshopFormValues>();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

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

  const badges = (
    <Space size={4}>
      <Tag color={w.is_active ? 'success' : 'default'} data-testid="badge-active">
        {w.is_active ? 'Active' : 'Inactive'}
      </Tag>
      <Tag color={w.registration_open ? 'processing' : 'error'} data-testid="badge-registration">
        {w.registration_open ? 'Open' : 'Closed'}
      </Tag>
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
      extra={
        !editing && (
          <Space>
            <Tooltip title={reason}>
              <Button icon={<EditOutlined />} disabled={offline} onClick={() => (form.setFieldsValue(toFormValues(w)), setEditing(true))}>
                Edit
              </Button>
            </Tooltip>
            <Popconfirm title="Are you sure you want to delete this workshop?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={remove} disabled={offline}>
              <Button danger icon={<DeleteOutlined />} loading={busy === 'delete'} disabled={offline} title={reason}>
                Delete
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      {editing ? (
        <Form<WorkshopFormValues> form={form} layout="vertical" requiredMark={false} initialValues={toFormValues(w)}>
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
          </Descriptions>
          <Flex gap={24} wrap style={{ marginTop: 12 }}>
            <Flex align="center" gap={8}>
              <Switch checked={w.is_active} loading={busy === 'is_active'} disabled={offline} onChange={(v) => toggle('is_active', v)} aria-label="Active" data-testid="toggle-active" />
              <Typography.Text>Active</Typography.Text>
            </Flex>
            <Flex align="center" gap={8}>
              <Switch checked={w.registration_open} loading={busy === 'registration_open'} disabled={offline} onChange={(v) => toggle('registration_open', v)} aria-label="Registration Open" data-testid="toggle-registration" />
              <Typography.Text>Registration Open</Typography.Text>
            </Flex>
          </Flex>
        </>
      )}
    </Card>
  );
}
