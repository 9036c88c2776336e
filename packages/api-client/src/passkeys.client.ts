import type { AdminPasskey, LoginPasskeyOptions, PasskeyFinishInput } from '@workshop/shared';
import type { Http } from './http';

/**
 * A WebAuthn options object as the server's library writes it, for the browser library to read
 * (neither library is this client's to depend on).
 */
export type WebAuthnOptionsJSON = Record<string, unknown> & { challenge: string };
type PasskeyAnswer = PasskeyFinishInput['passkey'];

/** The admin's passkeys (issue 24): add (password, then the two WebAuthn steps), list, remove, sign in. */
export function passkeysClient(http: Http) {
  return {
    passkeys: () => http.json<{ items: AdminPasskey[] }>('GET', '/api/auth/passkeys'),
    startPasskey: (password: string) => http.json<{ ceremony: string; browser_url: string }>('POST', '/api/auth/passkeys/start', { password }),
    passkeyOptions: (ceremony: string) => http.json<WebAuthnOptionsJSON>('POST', '/api/auth/passkeys/options', { ceremony }),
    addPasskey: (input: PasskeyFinishInput) => http.json<{ passkey: AdminPasskey; recovery_codes: string[] | null }>('POST', '/api/auth/passkeys', input),
    removePasskey: (id: string, password: string) => http.json<{ items: AdminPasskey[] }>('DELETE', `/api/auth/passkeys/${encodeURIComponent(id)}`, { password }),
    loginPasskeyOptions: (challenge: string) => http.json<{ options: WebAuthnOptionsJSON; sign_in: LoginPasskeyOptions['sign_in'] }>('POST', '/api/auth/login/passkey/options', { challenge }),
    /** The desktop app's passkey step, in a browser: answers the code to type into the app. */
    handoffPasskey: (challenge: string, passkey: PasskeyAnswer) => http.json<{ code: string }>('POST', '/api/auth/login/passkey/handoff', { challenge, passkey }),
  };
}
