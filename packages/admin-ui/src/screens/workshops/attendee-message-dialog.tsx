import { attendeeMessageInputSchema, formatDateTime, type AdminWorkshop, type AttendeeMessage } from '@workshop/shared';
import { Alert, Button, Collapse, Divider, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { newIdempotencyKey } from '../../queries/new-idempotency-key';
import { MessageRecipients, recipientCounts } from './message-recipients';
import { useAppApi } from '../../app/app-api';

interface Values {
  subject: string;
  body: string;
}

/** How often the dialog looks again while some of the emails are still queued. */
const QUEUED_POLL_MS = 2_000;

/**
 * Writes to everyone with a paid booking on the workshop, and shows the earlier messages. One
 * idempotency key per opening: pressing Send again after a lost answer sends nothing new.
 */
export function AttendeeMessageDialog({ workshop, open, onClose }: { workshop: AdminWorkshop; open: boolean; onClose: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [form] = Form.useForm<Values>();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string>();
  const [sent, setSent] = useState<AttendeeMessage>();
  const [history, setHistory] = useState<AttendeeMessage[]>();
  const [historyError, setHistoryError] = useState<string>();
  const [tick, setTick] = useState(0);

  useEffect(() => {
    if (!open) return;
    setKey(newIdempotencyKey());
    setSent(undefined);
    setFailed(undefined);
    setHistory(undefined);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let gone = false;
    api.admin.messages.list(workshop.id).then(
      (list) => !gone && (setHistory(list), setHistoryError(undefined)),
      (err: unknown) => !gone && setHistoryError(err instanceof Error ? err.message : 'Failed to load earlier messages'),
    );
    return () => {
      gone = true;
    };
  }, [open, api, workshop.id, tick]);

  // The emails go out in the background: follow them while any is still queued.
  const queued = history?.some((m) => m.recipients.some((r) => r.status === 'queued'));
  useEffect(() => {
    if (!open || !queued) return;
    const t = setTimeout(() => setTick((n) => n + 1), QUEUED_POLL_MS);
    return () => clearTimeout(t);
  }, [open, queued, history]);

  async function send() {
    const parsed = attendeeMessageInputSchema.safeParse({ ...form.getFieldsValue(true), idempotency_key: key });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.filter((i) => i.path[0] !== 'idempotency_key').map((i) => ({ name: i.path[0] as keyof Values, errors: [i.message] })));
      return;
    }
    setBusy(true);
    setFailed(undefined);
    try {
      const result = await api.admin.messages.send(workshop.id, parsed.data);
      setSent(result);
      message.success(result.recipients.length === 1 ? 'Message sent to 1 attendee' : `Message sent to ${result.recipients.length} attendees`);
      setTick((n) => n + 1);
    } catch (err) {
      setFailed(err instanceof Error ? err.message : 'The message could not be sent');
    } finally {
      setBusy(false);
    }
  }

  // The sent message as the latest list knows it (its emails' states move on).
  const current = sent && (history?.find((m) => m.id === sent.id) ?? sent);
  const earlier = (history ?? []).filter((m) => m.id !== sent?.id);
  const attendees = workshop.completed_count === 1 ? '1 person' : `${workshop.completed_count} people`;

  return (
    <Modal
      title={`Message attendees — ${workshop.title}`}
      open={open}
      onCancel={onClose}
      width={720}
      destroyOnHidden
      data-testid="message-dialog"
      footer={
        current ? (
          <Button type="primary" onClick={onClose} data-testid="message-close">
            Done
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" loading={busy} onClick={send} data-testid="message-send">
              Send message
            </Button>
          </>
        )
      }
    >
      {current ? (
        <div data-testid="message-result">
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 12 }}
            title={current.recipients.length === 1 ? 'Sent to 1 attendee' : `Sent to ${current.recipients.length} attendees`}
            description={recipientCounts(current)}
          />
          <Typography.Text strong>{current.subject}</Typography.Text>
          <MessageRecipients message={current} />
        </div>
      ) : (
        <>
          <Typography.Paragraph type="secondary">
            Emailed to each of the {attendees} with a paid booking on this workshop.
          </Typography.Paragraph>
          {failed && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={failed} description="Send again: a message that already went out is not sent twice." data-testid="message-error" />}
          <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={{ subject: '', body: '' }} preserve={false}>
            <Form.Item label="Subject" name="subject">
              <Input maxLength={200} data-testid="message-subject" />
            </Form.Item>
            <Form.Item label="Message" name="body">
              <Input.TextArea rows={6} maxLength={10_000} showCount data-testid="message-body" />
            </Form.Item>
          </Form>
        </>
      )}
      <Divider titlePlacement="start" style={{ marginBlock: 16 }}>
        Earlier messages
      </Divider>
      {historyError && <Alert type="error" showIcon title="Failed to load earlier messages" description={historyError} />}
      {!historyError && history && earlier.length === 0 && <Typography.Text type="secondary">No earlier messages for this workshop.</Typography.Text>}
      {earlier.length > 0 && (
        <Collapse
          size="small"
          data-testid="message-history"
          items={earlier.map((m) => ({
            key: m.id,
            label: (
              <span data-testid="history-item">
                <Typography.Text strong>{m.subject}</Typography.Text>
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {formatDateTime(m.created_at)}
                  {m.sent_by && ` · ${m.sent_by}`} · {recipientCounts(m)}
                </Typography.Text>
              </span>
            ),
            children: (
              <>
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{m.body}</Typography.Paragraph>
                <MessageRecipients message={m} />
              </>
            ),
          }))}
        />
      )}
    </Modal>
  );
}
