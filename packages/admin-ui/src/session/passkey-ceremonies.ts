import type { ApiClient } from '@workshop/api-client';
import { PASSKEY_MESSAGES, type PasskeyFinishInput } from '@workshop/shared';

type Passkey = PasskeyFinishInput['passkey'];

/**
 * The browser's side of a passkey, through @simplewebauthn/browser (loaded only when a passkey is
 * used: the login screen stays small). A cancelled or timed-out prompt reads as such, not as a
 * failure of the server.
 */
async function browserPasskeys() {
  return import('@simplewebauthn/browser');
}

function readable(err: unknown): Error {
  const name = (err as { name?: string; cause?: { name?: string } }).cause?.name ?? (err as { name?: string }).name;
  if (name === 'NotAllowedError' || name === 'AbortError') return new Error('The passkey prompt was closed or timed out. Try again.');
  if (name === 'InvalidStateError') return new Error('This passkey is on your account already.');
  if (name === 'SecurityError' || name === 'NotSupportedError') return new Error(PASSKEY_MESSAGES.unsupported);
  return err instanceof Error ? err : new Error(PASSKEY_MESSAGES.refused);
}

/** Asks one of the admin's passkeys to sign the sign-in named by `challenge` (with the options already asked, if any); answers what to send the server. */
export async function signWithPasskey(api: ApiClient, challenge: string, asked?: { options: unknown }): Promise<Passkey> {
  const { options } = asked ?? (await api.auth.loginPasskeyOptions(challenge));
  const { startAuthentication } = await browserPasskeys();
  try {
    return (await startAuthentication({ optionsJSON: options as never })) as unknown as Passkey;
  } catch (err) {
    throw readable(err);
  }
}

/** Creates a passkey for the set-up named by `ceremony` and adds it to the account. */
export async function createPasskey(api: ApiClient, ceremony: string, name: string): Promise<{ recovery_codes: string[] | null }> {
  const options = await api.auth.passkeyOptions(ceremony);
  const { startRegistration } = await browserPasskeys();
  let passkey: Passkey;
  try {
    passkey = (await startRegistration({ optionsJSON: options as never })) as unknown as Passkey;
  } catch (err) {
    throw readable(err);
  }
  return api.auth.addPasskey({ ceremony, name, passkey });
}

/** A set-up token or a sign-in challenge from the page's fragment (never sent to a server, never in a Referer). */
export const secretFromHash = (hash: string) => decodeURIComponent(hash.replace(/^#/, '')).trim();
