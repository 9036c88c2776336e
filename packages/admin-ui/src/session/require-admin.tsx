import { ApiError } from '@workshop/api-client';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useApi } from '../app/api-context';
import { useAdminPath } from '../app/admin-paths';
import { FullScreenLoading } from '../components/full-screen-loading';
import { onSignOutElsewhere } from './session-broadcast';
import { useSession } from './session.store';

const SESSION_CHECK_MS = 60_000;

/**
 * The guard: 'Loading admin portal...' while the server confirms the session, the login
 * screen without one. A session lost later (expired, revoked, signed out in another tab)
 * is noticed on focus, every minute, by any 401, and by the sign-out broadcast.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const api = useApi();
  const path = useAdminPath();
  const location = useLocation();
  const { status, signIn, signOut } = useSession();

  useEffect(() => {
    if (status !== 'checking') return;
    let cancelled = false;
    api.auth
      .session()
      .then(({ user }) => !cancelled && signIn(user))
      .catch((err: unknown) => {
        if (cancelled) return;
        // Unreachable server: let the screens show their cached copy or their load error.
        if (err instanceof ApiError && err.isNetworkError) signIn(null);
        else signOut();
      });
    return () => {
      cancelled = true;
    };
  }, [status, api, signIn, signOut]);

  useEffect(() => {
    if (status !== 'signed-in') return;
    const check = () =>
      api.auth.session().then(
        ({ user }) => signIn(user),
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 401) signOut();
        },
      );
    const onVisible = () => document.visibilityState === 'visible' && void check();
    const timer = setInterval(check, SESSION_CHECK_MS);
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    const stopListening = onSignOutElsewhere(() => void check());
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
      stopListening();
    };
  }, [status, api, signIn, signOut]);

  if (status === 'checking') return <FullScreenLoading text="Loading admin portal..." />;
  if (status === 'signed-out') return <Navigate to={path('login')} replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}
