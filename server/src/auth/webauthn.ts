import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

/**
 * The relying party of the admin's passkeys: the site's own address (PUBLIC_BASE_URL). A passkey is
 * bound to that domain, so it works on the web admin there and in any browser the desktop app hands
 * a step to; never on another site, which is what makes it phishing-proof.
 */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(publicBaseUrl: string): RelyingParty {
  const url = new URL(publicBaseUrl);
  return { id: url.hostname, name: 'NoCode Workshop admin', origin: url.origin };
}

/**
 * The origin the browser says it signed for, when the relying party accepts it: the site's own, or
 * on a developer's machine (the relying party is `localhost`) any port of http://localhost, as
 * browsers themselves treat localhost as one secure site. Anything else is answered with the
 * site's origin, which the library then refuses.
 */
export function expectedOrigin(rp: RelyingParty, response: RegistrationResponseJSON | AuthenticationResponseJSON): string {
  if (rp.id !== 'localhost') return rp.origin;
  try {
    const client = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { origin?: unknown };
    if (typeof client.origin === 'string' && /^http:\/\/localhost(:\d{1,5})?$/.test(client.origin)) return client.origin;
  } catch {
    // Not JSON: the library refuses it in its own words.
  }
  return rp.origin;
}
