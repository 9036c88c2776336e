import { isoCBOR } from '@simplewebauthn/server/helpers';
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey for HTTP tests: what a platform authenticator and the browser together answer
 * (WebAuthn level 2, "none" attestation, an ES256 key). Only the network edge is made up here: the
 * server checks every byte of it with its real WebAuthn library. Browser tests use Chromium's
 * virtual authenticator instead.
 */
export interface SoftPasskey {
  credentialId: Buffer;
  privateKey: KeyObject;
  counter: number;
}

const b64url = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** A new passkey's answer to registration options (`navigator.credentials.create` then `toJSON()`). */
export function createPasskey(options: { challenge: string; rp: { id?: string } }, origin: string): { passkey: SoftPasskey; response: Record<string, unknown> } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  const credentialId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  // Flags: user present, user verified, attested credential data.
  const authData = Buffer.concat([sha256(options.rp.id ?? 'localhost'), Buffer.from([0x01 | 0x04 | 0x40]), u32(0), Buffer.alloc(16), idLength, credentialId, Buffer.from(cose)]);
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
  return {
    passkey: { credentialId, privateKey, counter: 0 },
    response: {
      id: b64url(credentialId),
      rawId: b64url(credentialId),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    },
  };
}

/** The passkey's answer to authentication options (`navigator.credentials.get`); its counter moves on unless `counter` says otherwise. */
export function signWith(passkey: SoftPasskey, options: { challenge: string; rpId?: string }, origin: string, counter = passkey.counter + 1): Record<string, unknown> {
  passkey.counter = counter;
  const authData = Buffer.concat([sha256(options.rpId ?? 'localhost'), Buffer.from([0x01 | 0x04]), u32(counter)]);
  const data = clientData('webauthn.get', options.challenge, origin);
  const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), passkey.privateKey);
  return {
    id: b64url(passkey.credentialId),
    rawId: b64url(passkey.credentialId),
    type: 'public-key',
    response: { clientDataJSON: b64url(data), authenticatorData: b64url(authData), signature: b64url(signature) },
    clientExtensionResults: {},
  };
}
