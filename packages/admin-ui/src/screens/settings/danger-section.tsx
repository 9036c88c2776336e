import { DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useLive } from '../../queries/live.store';
import { useAppApi } from '../../app/app-api';

/** Clear all registration data (kept in the archive on the server), after the SPEC's confirmation. */
export function DangerSection({ disabled, onBusy }: { disabled: boolean; onBusy: (busy: boolean) => void }) {
  const api = useApi();
  const { message, modal } = useAppApi();
  const bump = useLive((s) => s.bump);
  const [busy, setBusy] = useState(false);

  const confirm = () =>
    modal.confirm({
      title: 'Clear all registration data',
      content: 'Are you sure you want to clear all registration data? This action cannot be undone.',
      okText: 'Clear All Data',
      okButtonProps: { danger: true },
      onOk: async () => {
        setBusy(true);
        onBusy(true);
        try {
          const { kept } = await api.admin.registrations.clearAll();
          message.success('All registration data cleared');
          // Money still moving is never cleared: say how much stayed, and why.
          if (kept) message.info(`${kept} ${kept === 1 ? 'registration was' : 'registrations were'} kept: seats being paid for right now, or refunds still on their way.`);
          bump();
        } catch {
          message.error('Failed to clear data');
        } finally {
          setBusy(false);
          onBusy(false);
        }
      },
    });

  return (
    <Card title="Dangerous Actions" style={{ borderColor: '#ffccc7' }} data-testid="section-danger">
      <Flex justify="space-between" align="center" gap={16} wrap>
        <div>
          <Typography.Text strong>Clear All Registration Data</Typography.Text>
          <br />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            Removes every registration from the admin. Payment records stay in the archive.
          </Typography.Text>
        </div>
        <Button danger icon={<DeleteOutlined />} onClick={confirm} loading={busy} disabled={disabled} data-testid="clear-registrations">
          Clear All Registration Data
        </Button>
      </Flex>
    </Card>
  );
}
