import { PASSKEY_MESSAGES } from '@workshop/shared';
import { Alert } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { AuthCard } from '../../components/auth-card';
import { secretFromHash } from '../../session/passkey-ceremonies';
import { NewPasskeyForm, RecoveryCodes } from './passkey-parts';

/**
 * Adding a passkey in the system browser, for the desktop app (whose window cannot make one): the
 * set-up the app started with the admin's password is in the link; the passkey is made on the
 * site's own address, where it will be used.
 */
export function AddPasskeyScreen() {
  const ceremony = secretFromHash(useLocation().hash);
  const [done, setDone] = useState<{ recovery_codes: string[] | null }>();
  return (
    <AuthCard title="Add a passkey" subtitle="For signing in to the NoCode Workshop admin">
      {!ceremony ? (
        <Alert type="error" showIcon title={PASSKEY_MESSAGES.ceremonyGone} />
      ) : done ? (
        <>
          <Alert type="success" showIcon style={{ marginBottom: 12 }} title={PASSKEY_MESSAGES.added} data-testid="passkey-added" />
          {done.recovery_codes && <RecoveryCodes codes={done.recovery_codes} />}
        </>
      ) : (
        <NewPasskeyForm ceremony={ceremony} onAdded={setDone} />
      )}
    </AuthCard>
  );
}
