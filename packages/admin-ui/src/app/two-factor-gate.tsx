import { TWO_FACTOR_MESSAGES } from '@workshop/shared';
import { Alert, Button, Card, Flex } from 'antd';
import type { ReactNode } from 'react';
import { TwoFactorCard } from '../screens/settings/two-factor-card';
import { useSession } from '../session/session.store';
import { useApi } from './api-context';

/**
 * When the owners require two-factor sign-in and this admin has not set it up, nothing else opens
 * (the server refuses everything else too): set it up here, then the admin opens as usual.
 */
export function TwoFactorGate({ children }: { children: ReactNode }) {
  const api = useApi();
  const { user, signIn, signOut } = useSession();
  if (!user?.must_set_up_two_factor) return <>{children}</>;
  const recheck = () => void api.auth.session().then(({ user: fresh }) => signIn(fresh), () => signOut());
  return (
    <Flex justify="center" style={{ padding: '48px 16px', minHeight: '100vh', background: '#f5f5ff' }}>
      <Card title="Set up two-factor sign-in" style={{ maxWidth: 520, width: '100%', height: 'fit-content' }} data-testid="two-factor-gate">
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={TWO_FACTOR_MESSAGES.setUpFirst} />
        <TwoFactorCard disabled={false} onEnabled={recheck} />
        <Button type="link" style={{ marginTop: 16, paddingInline: 0 }} onClick={() => void api.auth.logout().finally(signOut)}>
          Sign out
        </Button>
      </Card>
    </Flex>
  );
}
