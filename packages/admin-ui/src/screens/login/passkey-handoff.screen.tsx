import { formatDateTime, type LoginPasskeyOptions, PASSKEY_MESSAGES } from '@workshop/shared';
import { Alert, Button, Descriptions, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useApi } from '../../app/api-context';
import { AuthCard } from '../../components/auth-card';
import { secretFromHash, signWithPasskey } from '../../session/passkey-ceremonies';

const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : PASSKEY_MESSAGES.refused);
const CLIENTS = { desktop: 'the desktop app', web: 'a web browser' } as const;

/**
 * The desktop app's passkey step, in the system browser on the site's own address (where the
 * admin's passkeys work): the passkey signs the sign-in the app started, and this page shows the
 * one-time code to type into the app. It first shows where and when that sign-in began, so a
 * sign-in someone else started (with a stolen password, sending this link) can be told apart.
 * No session is made here.
 */
export function PasskeyHandoffScreen() {
  const api = useApi();
  const challenge = secretFromHash(useLocation().hash);
  const [asked, setAsked] = useState<LoginPasskeyOptions>();
  const [code, setCode] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (challenge) api.auth.loginPasskeyOptions(challenge).then(setAsked, (err: unknown) => setError(errorText(err)));
  }, [api, challenge]);

  async function confirm() {
    setBusy(true);
    setError(undefined);
    try {
      setCode((await api.auth.handoffPasskey(challenge, await signWithPasskey(api, challenge, asked))).code);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign in to the desktop app" subtitle="Confirm it is you with your passkey">
      {!challenge ? (
        <Alert type="error" showIcon title="This link is incomplete. Start signing in from the desktop app again." />
      ) : code ? (
        <div data-testid="passkey-handoff-code" style={{ textAlign: 'center' }}>
          <Typography.Paragraph>{PASSKEY_MESSAGES.handoff}</Typography.Paragraph>
          <Typography.Title level={2} copyable={{ text: code }} style={{ letterSpacing: 4, fontFamily: 'monospace' }}>
            <span data-testid="handoff-code">{`${code.slice(0, 4)} ${code.slice(4)}`}</span>
          </Typography.Title>
        </div>
      ) : (
        <>
          {error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={error} data-testid="passkey-error" />}
          {asked && (
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }} data-testid="sign-in-details">
              <Descriptions.Item label="Started">{formatDateTime(asked.sign_in.started_at)}</Descriptions.Item>
              <Descriptions.Item label="From">{asked.sign_in.ip ?? 'unknown address'}</Descriptions.Item>
              <Descriptions.Item label="In">{asked.sign_in.client ? CLIENTS[asked.sign_in.client] : 'unknown'}</Descriptions.Item>
            </Descriptions>
          )}
          <Typography.Paragraph>Only continue if this is you, signing in to the NoCode Workshop desktop app on your own computer right now.</Typography.Paragraph>
          <Button type="primary" block loading={busy} disabled={!asked} onClick={() => void confirm()} data-testid="confirm-passkey">
            Use my passkey
          </Button>
        </>
      )}
    </AuthCard>
  );
}
