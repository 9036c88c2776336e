import { PASSKEY_MESSAGES, passkeyFinishSchema } from '@workshop/shared';
import { Alert, Button, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useApi } from '../../app/api-context';
import { createPasskey } from '../../session/passkey-ceremonies';

const errorText = (err: unknown) => (err instanceof Error && err.message ? err.message : PASSKEY_MESSAGES.refused);

/** The recovery codes, shown once: each signs the admin in once without their phone or passkey. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved?: () => void }) {
  return (
    <>
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="Keep these recovery codes somewhere safe: each signs you in once without your phone or passkey. They are not shown again." />
      <Typography.Paragraph copyable={{ text: codes.join('\n') }}>
        <code data-testid="recovery-codes" style={{ whiteSpace: 'pre-wrap' }}>
          {codes.join('\n')}
        </code>
      </Typography.Paragraph>
      {onSaved && <Button onClick={onSaved}>I have saved them</Button>}
    </>
  );
}

/** Names the new passkey and asks this browser to make it, for the set-up `ceremony`. */
export function NewPasskeyForm({ ceremony, onAdded }: { ceremony: string; onAdded: (added: { recovery_codes: string[] | null }) => void }) {
  const api = useApi();
  const [name, setName] = useState('Passkey');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function create() {
    const checked = passkeyFinishSchema.shape.name.safeParse(name);
    if (!checked.success) return setError(PASSKEY_MESSAGES.name);
    setBusy(true);
    setError(undefined);
    try {
      onAdded(await createPasskey(api, ceremony, checked.data));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex vertical gap={8}>
      {error && <Alert type="error" showIcon title={error} data-testid="passkey-error" />}
      <label htmlFor="passkey-name">Name it, so you can tell your passkeys apart</label>
      <Input id="passkey-name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} style={{ maxWidth: 320 }} data-testid="passkey-name" />
      <Button type="primary" loading={busy} style={{ alignSelf: 'flex-start' }} onClick={() => void create()} data-testid="passkey-create">
        Create passkey
      </Button>
    </Flex>
  );
}
