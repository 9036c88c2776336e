import { TWO_FACTOR_MESSAGES } from '@workshop/shared';
import { Alert, Button, Flex, Input, QRCode, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * Two-factor sign-in with an authenticator app (issue 24): turn it on by scanning the QR code (or
 * typing the secret) and entering a code; the 10 recovery codes are shown once. Turning it off asks
 * for the password.
 */
export function TwoFactorCard({ disabled, onEnabled }: { disabled: boolean; onEnabled?: () => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [status, setStatus] = useState<{ enabled: boolean; recovery_codes_left: number }>();
  const [enrol, setEnrol] = useState<{ secret: string; otpauth_url: string }>();
  const [codes, setCodes] = useState<string[]>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const load = () => api.auth.twoFactor().then(setStatus, () => undefined);
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    try {
      await fn();
    } catch (err) {
      setError(errorText(err, 'That did not work'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="two-factor">
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Two-factor sign-in {status && (status.enabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>)}
      </Typography.Title>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error} data-testid="two-factor-error" />}
      {codes ? (
        <>
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="Keep these recovery codes somewhere safe: each signs you in once without your phone. They are not shown again." />
          <Typography.Paragraph copyable={{ text: codes.join('\n') }}>
            <code data-testid="recovery-codes" style={{ whiteSpace: 'pre-wrap' }}>
              {codes.join('\n')}
            </code>
          </Typography.Paragraph>
          <Button onClick={() => (setCodes(undefined), onEnabled?.())}>I have saved them</Button>
        </>
      ) : status?.enabled ? (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{`Signing in asks for a code from your authenticator app. ${status.recovery_codes_left} recovery codes left.`}</Typography.Text>
          <Input.Password placeholder="Your password, to turn it off" value={password} onChange={(e) => setPassword(e.target.value)} style={{ maxWidth: 320 }} data-testid="two-factor-password" />
          <Button danger disabled={disabled} loading={busy} style={{ alignSelf: 'flex-start' }} onClick={() => void run(async () => (await api.auth.disableTwoFactor(password), setPassword(''), message.success('Two-factor sign-in is off'), await load()))} data-testid="two-factor-off">
            Turn off
          </Button>
        </Flex>
      ) : enrol ? (
        <Flex vertical gap={8}>
          <Typography.Text>Scan this with your authenticator app, or type the secret in, then enter the code it shows.</Typography.Text>
          <QRCode value={enrol.otpauth_url} size={180} data-testid="two-factor-qr" />
          <Typography.Text code copyable data-testid="two-factor-secret">
            {enrol.secret}
          </Typography.Text>
          <Input placeholder="123456" inputMode="numeric" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} style={{ maxWidth: 160 }} data-testid="two-factor-code" />
          <Button
            type="primary"
            loading={busy}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => (/^\d{6}$/.test(code) ? void run(async () => (setCodes((await api.auth.confirmTotp(code)).recovery_codes), setEnrol(undefined), setCode(''), await load())) : setError(TWO_FACTOR_MESSAGES.code))}
            data-testid="two-factor-confirm"
          >
            Turn on
          </Button>
        </Flex>
      ) : (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">A code from an authenticator app on your phone, on top of your password, keeps a stolen password from opening the admin.</Typography.Text>
          <Input.Password placeholder="Your password" value={password} onChange={(e) => setPassword(e.target.value)} style={{ maxWidth: 320 }} data-testid="two-factor-start-password" />
          <Button disabled={disabled || !status} loading={busy} style={{ alignSelf: 'flex-start' }} onClick={() => void run(async () => (setEnrol(await api.auth.startTotp(password)), setPassword('')))} data-testid="two-factor-start">
            Set up two-factor sign-in
          </Button>
        </Flex>
      )}
    </div>
  );
}
