import { TWO_FACTOR_MESSAGES } from '@workshop/shared';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../app/api-context';
import { ICONS, PlainIcon, Spinner } from '../../components/plain-styles';
import type { SessionUser } from '@workshop/shared';

/**
 * The code step of a sign-in with two-factor on (issue 24): the 6-digit code from the authenticator
 * app, or one of the recovery codes, for the challenge the password step answered. Plain elements,
 * like the rest of sign-in.
 */
export function TwoFactorStep({ challenge, onSignedIn, onRestart }: { challenge: string; onSignedIn: (user: SessionUser) => void; onRestart: () => void }) {
  const api = useApi();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (code.trim().length < 6) return setError(TWO_FACTOR_MESSAGES.code);
    setBusy(true);
    setError(null);
    try {
      const { user } = await api.auth.loginTwoFactor({ challenge, code: code.trim() });
      onSignedIn(user);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : TWO_FACTOR_MESSAGES.wrongCode);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="two-factor-step">
      {error && (
        <div className="wk-alert" role="alert">
          <PlainIcon d={ICONS.closeCircle} />
          <span data-testid="two-factor-error">{error}</span>
        </div>
      )}
      <div className="wk-field">
        <label className="wk-label" htmlFor="login-code">
          Authentication code
        </label>
        <span className="wk-input">
          <PlainIcon d={ICONS.lock} size={16} />
          <input id="login-code" inputMode="text" autoComplete="one-time-code" placeholder="123456 or a recovery code" value={code} onChange={(e) => setCode(e.target.value)} disabled={busy} autoFocus />
        </span>
      </div>
      <button type="submit" className="wk-button" disabled={busy}>
        {busy && <Spinner />}
        {busy ? 'Checking...' : 'Verify'}
      </button>
      <p style={{ textAlign: 'center', marginTop: 16 }}>
        <button type="button" className="wk-link-button" onClick={onRestart} disabled={busy}>
          Start again
        </button>
      </p>
    </form>
  );
}
