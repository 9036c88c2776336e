import { TWO_FACTOR_MESSAGES } from '@workshop/shared';
import { useState, type FormEvent } from 'react';
import { useApi } from '../../app/api-context';
import { ICONS, PlainIcon, Spinner } from '../../components/plain-styles';
import { usePlatform } from '../../platform/platform';
import { signWithPasskey } from '../../session/passkey-ceremonies';
import type { SessionUser } from '@workshop/shared';

/** What the password step answered: the challenge, what can answer it, and the site's passkey page for a browser. */
export interface SecondStep {
  challenge: string;
  methods: ('totp' | 'passkey')[];
  passkeyUrl: string | null;
}

/**
 * The second step of a sign-in with two-factor on (issue 24): a passkey, the 6-digit code from the
 * authenticator app, or one of the recovery codes. Where this page cannot use a passkey (the
 * desktop app), the site's passkey page opens in the browser and shows a code to type here.
 * Plain elements, like the rest of sign-in.
 */
export function TwoFactorStep({ step, onSignedIn, onRestart }: { step: SecondStep; onSignedIn: (user: SessionUser) => void; onRestart: () => void }) {
  const api = useApi();
  const platform = usePlatform();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [handedOff, setHandedOff] = useState(false);
  const passkeys = step.methods.includes('passkey');

  async function attempt(send: () => Promise<{ user: SessionUser }>) {
    setBusy(true);
    setError(null);
    try {
      onSignedIn((await send()).user);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : TWO_FACTOR_MESSAGES.wrongCode);
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (code.trim().length < 6) return setError(TWO_FACTOR_MESSAGES.code);
    void attempt(() => api.auth.loginTwoFactor({ challenge: step.challenge, code: code.trim() }));
  }

  function passkeyStep() {
    if (platform.passkeysInPage) return void attempt(async () => api.auth.loginTwoFactor({ challenge: step.challenge, passkey: await signWithPasskey(api, step.challenge) }));
    // The desktop app: the site's page does the passkey in the browser, and shows the code for here.
    if (step.passkeyUrl) window.open(step.passkeyUrl, '_blank', 'noopener');
    setHandedOff(true);
  }

  const placeholder = handedOff ? 'The 8-digit code from your browser' : step.methods.includes('totp') ? '123456 or a recovery code' : 'A recovery code';
  return (
    <form onSubmit={submit} noValidate data-testid="two-factor-step">
      {error && (
        <div className="wk-alert" role="alert">
          <PlainIcon d={ICONS.closeCircle} />
          <span data-testid="two-factor-error">{error}</span>
        </div>
      )}
      {passkeys && (
        <>
          <button type="button" className="wk-button" onClick={passkeyStep} disabled={busy} data-testid="use-passkey">
            {platform.passkeysInPage ? 'Use a passkey' : 'Use a passkey in your browser'}
          </button>
          {handedOff && (
            <p className="wk-hint" data-testid="passkey-handoff-hint">
              Your browser opened the sign-in page. Use your passkey there, then type the 8-digit code it shows below.
            </p>
          )}
          <p style={{ textAlign: 'center', margin: '12px 0' }}>or enter a code</p>
        </>
      )}
      <div className="wk-field">
        <label className="wk-label" htmlFor="login-code">
          Authentication code
        </label>
        <span className="wk-input">
          <PlainIcon d={ICONS.lock} size={16} />
          <input id="login-code" inputMode="text" autoComplete="one-time-code" placeholder={placeholder} value={code} onChange={(e) => setCode(e.target.value)} disabled={busy} autoFocus={!passkeys} />
        </span>
      </div>
      <button type="submit" className={passkeys ? 'wk-button wk-button-secondary' : 'wk-button'} disabled={busy}>
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
