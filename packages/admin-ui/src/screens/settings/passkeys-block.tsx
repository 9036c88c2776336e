import { formatDateTime, type AdminPasskey } from '@workshop/shared';
import { Alert, Button, Flex, Input, List, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/api-context';
import { useAppApi } from '../../app/app-api';
import { useBusyRun } from './use-busy-run';
import { usePlatform } from '../../platform/platform';
import { NewPasskeyForm } from './passkey-parts';

/**
 * The admin's passkeys (issue 24): list, add (the password first), remove (the password too). In
 * the desktop app the passkey is made in the browser, on the site's own address, where it works.
 * `onChanged` hears of a passkey added or removed, with the recovery codes a first factor brings.
 */
export function PasskeysBlock({ disabled, onChanged }: { disabled: boolean; onChanged: (codes?: string[]) => void }) {
  const api = useApi();
  const platform = usePlatform();
  const { message } = useAppApi();
  const [items, setItems] = useState<AdminPasskey[]>();
  const [password, setPassword] = useState('');
  const [ceremony, setCeremony] = useState<string>();
  const [inBrowser, setInBrowser] = useState(false);
  const { busy, error, run } = useBusyRun();

  const load = () => api.auth.passkeys().then(({ items: list }) => setItems(list), () => undefined);
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const start = () =>
    run(async () => {
      const started = await api.auth.startPasskey(password);
      setPassword('');
      setCeremony(started.ceremony);
      if (!platform.passkeysInPage) {
        window.open(started.browser_url, '_blank', 'noopener');
        setInBrowser(true);
      }
    });
  const remove = (id: string) =>
    run(async () => {
      setItems((await api.auth.removePasskey(id, password)).items);
      setPassword('');
      message.success('Passkey removed');
      onChanged();
    });
  const finished = (codes: string[] | null) => {
    setCeremony(undefined);
    setInBrowser(false);
    void load();
    onChanged(codes ?? undefined);
  };

  return (
    <div data-testid="passkeys">
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Passkeys
      </Typography.Title>
      <Typography.Paragraph type="secondary">A passkey (your fingerprint, face or screen lock, or a security key) confirms it is you with no code to type, and never works on a fake site.</Typography.Paragraph>
      {error && <Alert type="error" showIcon style={{ marginBottom: 12 }} title={error} data-testid="passkeys-error" />}
      {items && items.length > 0 && (
        <List<AdminPasskey>
          size="small"
          dataSource={items}
          data-testid="passkey-list"
          renderItem={(p) => (
            <List.Item
              actions={[
                <Button key="remove" danger size="small" disabled={disabled || busy || !password} title={password ? undefined : 'Enter your password first'} onClick={() => void remove(p.id)} data-testid={`remove-passkey-${p.name}`}>
                  Remove
                </Button>,
              ]}
            >
              <List.Item.Meta title={p.name} description={`Added ${formatDateTime(p.created_at)} · ${p.last_used_at ? `last used ${formatDateTime(p.last_used_at)}` : 'not used yet'}`} />
            </List.Item>
          )}
        />
      )}
      {ceremony && inBrowser ? (
        <Flex vertical gap={8}>
          <Alert type="info" showIcon title="Your browser opened a page to make the passkey. Finish there, then come back here." />
          <Button style={{ alignSelf: 'flex-start' }} onClick={() => finished(null)} data-testid="passkey-browser-done">
            I have finished in the browser
          </Button>
        </Flex>
      ) : ceremony ? (
        <NewPasskeyForm ceremony={ceremony} onAdded={(added) => (message.success('Passkey added'), finished(added.recovery_codes))} />
      ) : (
        <Flex vertical gap={8}>
          <Input.Password placeholder="Your password, to add or remove a passkey" value={password} onChange={(e) => setPassword(e.target.value)} style={{ maxWidth: 320 }} data-testid="passkey-password" />
          <Button disabled={disabled || !items} loading={busy} style={{ alignSelf: 'flex-start' }} onClick={() => void start()} data-testid="passkey-add">
            Add a passkey
          </Button>
        </Flex>
      )}
    </div>
  );
}
