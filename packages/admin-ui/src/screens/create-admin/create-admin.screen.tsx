import { ApiError } from '@workshop/api-client';
import { AUTH_MESSAGES } from '@workshop/shared';
import { Alert, Button, Flex, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useApi } from '../../app/api-context';
import { useAdminPath } from '../../app/admin-paths';
import { AuthCard } from '../../components/auth-card';
import { useSession } from '../../session/session.store';
import { CreateAdminForm } from './create-admin-form';

/** /create: only a signed-in admin may create another (the server checks it too). */
export function CreateAdminScreen() {
  const api = useApi();
  const path = useAdminPath();
  const signIn = useSession((s) => s.signIn);
  const [state, setState] = useState<'checking' | 'allowed' | 'refused'>('checking');

  useEffect(() => {
    api.auth.session().then(
      ({ user }) => {
        signIn(user);
        setState('allowed');
      },
      (err: unknown) => setState(err instanceof ApiError && err.isNetworkError ? 'allowed' : 'refused'),
    );
  }, [api, signIn]);

  return (
    <AuthCard title="Create Admin User" subtitle="Give another person access to the admin portal">
      {state === 'checking' && (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      )}
      {state === 'refused' && (
        <Alert
          type="error"
          showIcon
          title={AUTH_MESSAGES.mustBeLoggedIn}
          action={
            <Link to={path('login')}>
              <Button size="small">Sign In</Button>
            </Link>
          }
        />
      )}
      {state === 'allowed' && (
        <>
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="Admin users have full access to every admin screen and setting." />
          <CreateAdminForm />
          <Flex justify="center" style={{ marginTop: 16 }}>
            <Link to={path('')}>Back to dashboard</Link>
          </Flex>
        </>
      )}
    </AuthCard>
  );
}
