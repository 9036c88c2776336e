import { ApiError } from '@workshop/api-client';
import { AUTH_MESSAGES, type SessionUser } from '@workshop/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useApi } from '../../app/api-context';
import { useAdminPath } from '../../app/admin-paths';
import { AuthCard } from '../../components/auth-card';
import { ICONS, PlainIcon, Spinner } from '../../components/plain-styles';
import { leaveNotice, takeNotice } from '../../session/notice';
import { useSession } from '../../session/session.store';
import { TwoFactorStep, type SecondStep } from './two-factor-step';

interface LoginValues {
  email: string;
  password: string;
}

const REQUIRED: Record<keyof LoginValues, string> = { email: 'Email is required', password: 'Password is required' };

/**
 * Sign-in, in plain elements styled like the rest of the admin: the first screen of the admin
 * loads no antd (the signed-in screens fetch it while the session starts).
 */
export function LoginScreen() {
  const api = useApi();
  const path = useAdminPath();
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [missing, setMissing] = useState<Partial<Record<keyof LoginValues, boolean>>>({});
  const [reveal, setReveal] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<SecondStep | null>(null);
  const signedIn = (user: SessionUser) => {
    signIn(user);
    leaveNotice('Welcome to the admin portal!');
    navigate(path(''), { replace: true });
  };
  // 'Logged out successfully', left by the screen the admin signed out from.
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    const text = takeNotice();
    if (!text) return;
    setNotice(text);
    const timer = setTimeout(() => setNotice(null), 3000);
    return () => clearTimeout(timer);
  }, []);

  const edit = (key: keyof LoginValues) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [key]: value }));
    setMissing((m) => ({ ...m, [key]: !value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const empty = { email: !values.email, password: !values.password };
    setMissing(empty);
    if (empty.email || empty.password) return;
    setBusy(true);
    setError(null);
    // The signed-in screens' code starts loading now, while the server checks the password.
    void import('../../app/admin-shell');
    try {
      // The session is the httpOnly cookie (web) or held by the desktop's main process: no token here.
      const answer = await api.auth.login(values);
      // Two-factor on: the password was right; the code comes next.
      if ('two_factor_required' in answer) {
        setChallenge({ challenge: answer.challenge, methods: answer.methods, passkeyUrl: answer.passkey_url });
        setBusy(false);
        return;
      }
      signedIn(answer.user);
    } catch (err) {
      // The server answers 403 with the SPEC's refusal for a non-admin (and opens no session).
      const text = err instanceof ApiError && err.status === 403 ? AUTH_MESSAGES.accessDenied : err instanceof Error ? err.message : '';
      setError(text || 'Login failed');
      setBusy(false);
    }
  }

  const field = (key: keyof LoginValues, label: string, input: React.ReactNode) => (
    <div className={`wk-field ${missing[key] ? 'wk-field-invalid' : ''}`}>
      <label className="wk-label" htmlFor={`login-${key}`}>
        {label}
      </label>
      {input}
      {missing[key] && (
        <div className="wk-error" role="alert" id={`login-${key}-error`}>
          {REQUIRED[key]}
        </div>
      )}
    </div>
  );

  return (
    <AuthCard title="Admin Login" subtitle="Sign in to manage workshops and registrations">
      {notice && (
        <div className="wk-notice" role="status">
          <PlainIcon d={ICONS.checkCircle} />
          {notice}
        </div>
      )}
      {error && (
        <div className="wk-alert" role="alert">
          <PlainIcon d={ICONS.closeCircle} />
          <span data-testid="login-error">{error}</span>
        </div>
      )}
      {challenge ? (
        <TwoFactorStep step={challenge} onSignedIn={signedIn} onRestart={() => (setChallenge(null), setValues((v) => ({ ...v, password: '' })))} />
      ) : (
      <form onSubmit={submit} noValidate>
        {field(
          'email',
          'Email',
          <span className={`wk-input ${missing.email ? 'wk-input-error' : ''}`}>
            <PlainIcon d={ICONS.mail} size={16} />
            <input
              id="login-email"
              type="email"
              placeholder="admin@example.com"
              autoComplete="username"
              value={values.email}
              onChange={edit('email')}
              disabled={busy}
              aria-invalid={missing.email || undefined}
              aria-describedby={missing.email ? 'login-email-error' : undefined}
            />
          </span>,
        )}
        {field(
          'password',
          'Password',
          <span className={`wk-input ${missing.password ? 'wk-input-error' : ''}`}>
            <PlainIcon d={ICONS.lock} size={16} />
            <input
              id="login-password"
              type={reveal ? 'text' : 'password'}
              placeholder="Your password"
              autoComplete="current-password"
              value={values.password}
              onChange={edit('password')}
              disabled={busy}
              aria-invalid={missing.password || undefined}
              aria-describedby={missing.password ? 'login-password-error' : undefined}
            />
            <button type="button" className="wk-reveal" aria-pressed={reveal} aria-label="Show the characters typed" onClick={() => setReveal((r) => !r)} disabled={busy}>
              <PlainIcon d={reveal ? ICONS.eye : ICONS.eyeInvisible} size={16} />
            </button>
          </span>,
        )}
        <button type="submit" className="wk-button" disabled={busy}>
          {busy && <Spinner />}
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      )}
      <p style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to={path('reset-password')} data-testid="forgot-password">
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
