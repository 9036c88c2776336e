import type { TwoFactorStatus } from '@workshop/shared';
import { Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { RecoveryCodes } from './passkey-parts';
import { PasskeysBlock } from './passkeys-block';
import { TotpBlock } from './totp-block';

/**
 * Two-factor sign-in (issue 24): an authenticator app and passkeys, either or both. The 10 recovery
 * codes come with the first of them and are shown once; `onEnabled` runs once two-factor is on and
 * any codes were seen (the owners' gate then opens the admin).
 */
export function TwoFactorCard({ disabled, onEnabled }: { disabled: boolean; onEnabled?: () => void }) {
  const api = useApi();
  const [status, setStatus] = useState<TwoFactorStatus>();
  const [codes, setCodes] = useState<string[]>();

  const load = () => api.auth.twoFactor().then((s) => (setStatus(s), s), () => undefined);
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /** A factor came or went: with codes to show, they come first; else, on is on. */
  const changed = (newCodes?: string[]) => {
    if (newCodes) setCodes(newCodes);
    void load().then((s) => !newCodes && s?.enabled && onEnabled?.());
  };

  return (
    <div data-testid="two-factor">
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Two-factor sign-in {status && (status.enabled ? <Tag color="green">On</Tag> : <Tag>Off</Tag>)}
      </Typography.Title>
      {codes ? (
        <RecoveryCodes codes={codes} onSaved={() => (setCodes(undefined), onEnabled?.())} />
      ) : (
        <>
          {status?.enabled && <Typography.Paragraph type="secondary" data-testid="recovery-left">{`${status.recovery_codes_left} recovery codes left.`}</Typography.Paragraph>}
          <TotpBlock status={status} disabled={disabled} onChanged={() => changed()} onCodes={changed} />
          <PasskeysBlock disabled={disabled} onChanged={changed} />
        </>
      )}
    </div>
  );
}
