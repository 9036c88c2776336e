import { CopyOutlined, MailOutlined } from '@ant-design/icons';
import { bulkMailto, MAILTO_MAX_LENGTH, type EmailList } from '@workshop/shared';
import { Button, Modal, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useAppApi } from '../app/app-api';

interface Props {
  /** Rows in the current filter; 0 disables the button. */
  total: number;
  /** The distinct addresses of the whole filter, from the server. */
  load: () => Promise<EmailList>;
  body: string;
}

const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'address' : 'addresses'}`;

/**
 * Email All over every row of the current filter, not only the page on screen. The addresses
 * come from the server; when they do not fit in a mail link, the dialog says so and offers to
 * copy them instead of opening a link that would silently reach only some people.
 */
export function EmailAllButton({ total, load, body }: Props) {
  const { message } = useAppApi();
  const [emails, setEmails] = useState<string[] | null>(null);
  const [loading, setLoading] = useState(false);
  const href = emails ? bulkMailto(emails, body) : '';
  const fits = href.length <= MAILTO_MAX_LENGTH;
  const close = () => setEmails(null);

  async function open() {
    setLoading(true);
    try {
      setEmails((await load()).emails);
    } catch {
      message.error('Failed to load email addresses');
    } finally {
      setLoading(false);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(emails!.join(', '));
      message.success(`Copied ${plural(emails!.length)}`);
    } catch {
      message.error('Could not copy the addresses. Export CSV instead.');
    }
  }

  const copyButton = (
    <Button key="copy" icon={<CopyOutlined />} onClick={copy} data-testid="email-all-copy">
      Copy {emails ? plural(emails.length) : 'addresses'}
    </Button>
  );
  return (
    <>
      <Tooltip title={total === 0 ? 'No email addresses in the list' : undefined}>
        <Button icon={<MailOutlined />} onClick={open} loading={loading} disabled={total === 0} data-testid="email-all">
          Email All
        </Button>
      </Tooltip>
      <Modal
        open={!!emails}
        onCancel={close}
        title={fits ? `Email all ${plural(emails?.length ?? 0)}` : 'Too many addresses for one email link'}
        footer={
          fits
            ? [
                copyButton,
                <Button key="open" type="primary" icon={<MailOutlined />} href={href} onClick={close} data-testid="email-all-link">
                  Open in mail app
                </Button>,
              ]
            : [
                copyButton,
                <Button key="close" type="primary" onClick={close}>
                  Close
                </Button>,
              ]
        }
        data-testid="email-all-dialog"
      >
        {fits ? (
          <Typography.Paragraph>
            Your mail app opens a message to every address in the current filter, in Bcc, with the subject &lsquo;Workshop Update&rsquo;.
          </Typography.Paragraph>
        ) : (
          <Typography.Paragraph data-testid="email-all-too-many">
            The current filter has {plural(emails?.length ?? 0)}. Mail apps cut links after about {MAILTO_MAX_LENGTH.toLocaleString('en-US')} characters, so
            an email link would reach only some of them. Copy the addresses into your mail tool&rsquo;s Bcc field, export CSV, or narrow the filter.
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
