import { TWO_FACTOR_MESSAGES, type TwoFactorStatus } from '@workshop/shared';
import { Alert, Button, Flex, Input, QRCode, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';
import { useBusyRun } from './use-busy-run';

/**
 * The authenticator app (TOTP): turned on by scanning the QR code (or typing the secret) and
 * entering a code, off with the password. `onCodes` shows the recovery codes turning it on brings.
 */
export function TotpBlock({ status, disabled, onChanged, onCodes }: { status?: TwoFactorStatus; disabled: boolean; onChanged: () => void; onCodes: (codes: string[]) => void }) {
  const api = useApi();
  const { message } = useAppApi();
  const [enrol, setEnrol] = useState<{ secret: string; otpauth_url: string }>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, setError, run } = useBusyRun();

  const confirm = () =>
    /^\d{6}$/.test(code)
      ? void run(async () => {
          const { recovery_codes } = await api.auth.confirmTotp(code);
          setEnrol(undefined);
          setCode('');
          onCodes(recovery_codes);
        })
      : setError(TWO_FACTOR_MESSAGES.code);

  return (
    <div data-testid="totp">
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        Authenticator app
      </Typography.Title>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error} data-testid="two-factor-error" />}
      {status?.totp ? (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">Signing in can ask for a code from your authenticator app.</Typography.Text>
          <Input.Password placeholder="Your password, to turn it off" value={password} onChange={(e) => setPassword(e.target.value)} style={{ maxWidth: 320 }} data-testid="two-factor-password" />
          <Button danger disabled={disabled} loading={busy} style={{ alignSelf: 'flex-start' }} onClick={() => void run(async () => (await api.auth.disableTwoFactor(password), setPassword(''), message.success('The authenticator app is off'), onChanged()))} data-testid="two-factor-off">
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
          <Button type="primary" loading={busy} style={{ alignSelf: 'flex-start' }} onClick={confirm} data-testid="two-factor-confirm">
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
