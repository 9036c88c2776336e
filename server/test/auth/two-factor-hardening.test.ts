import { PASSKEY_MESSAGES, TWO_FACTOR_MESSAGES } from '@workshop/shared';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { createPasskey } from './soft-authenticator';

/**
 * What a security review of two-factor sign-in found, each kept fixed: guesses sent at once, a
 * pending authenticator app guessed from a stolen session, an owner's reset that left the
 * thief's password working, set-ups outliving "sign out everywhere else", codes in the log.
 */
const h = useTestServer({ admin: true });
let n = 0;
async function newAdmin() {
  const who = { email: `hard${++n}@workshop.test`, password: `hardening phrase number ${n}` };
  expect((await h.api('POST', '/api/admin/users', { token: h.token, body: who })).status).toBe(201);
  const token = (await h.api('POST', '/api/auth/login', { body: { ...who, client: 'desktop' } })).body.token as string;
  const id = (await h.db('users').where({ email: who.email }).first('id')).id as string;
  return { ...who, token, id };
}
async function withTotp() {
  const a = await newAdmin();
  const { secret } = (await h.api('POST', '/api/auth/two-factor/totp', { token: a.token, body: { password: a.password } })).body;
  expect((await h.api('POST', '/api/auth/two-factor/totp/confirm', { token: a.token, body: { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() } })).status).toBe(200);
  return { ...a, secret };
}
const login = async (a: { email: string; password: string }) => (await h.api('POST', '/api/auth/login', { body: { email: a.email, password: a.password, client: 'desktop' } })).body;

describe('two-factor sign-in, hardened', () => {
  it('checks at most ten wrong codes for one account, however many arrive at once over many challenges', async () => {
    const a = await withTotp();
    const challenges = await Promise.all(Array.from({ length: 12 }, () => login(a)));
    const answers = await Promise.all(challenges.flatMap((c, i) => Array.from({ length: 5 }, (_, j) => h.api('POST', '/api/auth/login/two-factor', { body: { challenge: c.challenge, code: `9${i}${j}`.padEnd(6, '7') } }))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
  });

  it('a pending authenticator app cannot be guessed from a session: wrong confirm codes are limited, and a password change forgets it', async () => {
    const a = await newAdmin();
    await h.api('POST', '/api/auth/two-factor/totp', { token: a.token, body: { password: a.password } });
    const tries = [];
    for (let i = 0; i < 11; i++) tries.push((await h.api('POST', '/api/auth/two-factor/totp/confirm', { token: a.token, body: { code: String(100000 + i) } })).status);
    expect(tries.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(tries[10]).toBe(429);

    const b = await newAdmin();
    const { secret } = (await h.api('POST', '/api/auth/two-factor/totp', { token: b.token, body: { password: b.password } })).body;
    expect((await h.api('POST', '/api/auth/password', { token: b.token, body: { current_password: b.password, new_password: 'a brand new phrase for bee' } })).status).toBe(204);
    const late = await h.api('POST', '/api/auth/two-factor/totp/confirm', { token: b.token, body: { code: new TOTP({ secret: Secret.fromBase32(secret) }).generate() } });
    expect([late.status, late.body.error.message]).toEqual([409, TWO_FACTOR_MESSAGES.notStarted]);
  });

  it("an owner's reset also stops the password (whoever bound a thief's factor knew it) and emails a reset link; never the owner's own", async () => {
    const a = await withTotp();
    expect((await h.api('DELETE', `/api/admin/users/${a.id}/two-factor`, { token: h.token })).status).toBe(200);
    expect((await h.api('POST', '/api/auth/login', { body: { email: a.email, password: a.password } })).status).toBe(401);
    const mail = await h.db('email_messages').where({ kind: 'admin_password_reset', to_email: a.email }).first();
    expect(mail).toBeDefined();
    expect(JSON.stringify(mail.payload ?? mail)).toContain('two_factor_reset');
    expect(await h.db('password_resets').where({ user_id: a.id }).whereNull('used_at')).toHaveLength(1);
    const me = (await h.api('GET', '/api/auth/session', { token: h.token })).body.user.id;
    const own = await h.api('DELETE', `/api/admin/users/${me}/two-factor`, { token: h.token });
    expect([own.status, own.body.error.message]).toEqual([409, TWO_FACTOR_MESSAGES.notYourOwn]);
  });

  it('"sign out everywhere else" ends a passkey set-up another session started; the sign-in page is told where a sign-in came from', async () => {
    const a = await newAdmin();
    const started = (await h.api('POST', '/api/auth/passkeys/start', { token: a.token, body: { password: a.password } })).body;
    const other = (await h.api('POST', '/api/auth/login', { body: { email: a.email, password: a.password, client: 'desktop' } })).body.token;
    expect((await h.api('DELETE', '/api/auth/sessions', { token: other })).status).toBe(200);
    const gone = await h.api('POST', '/api/auth/passkeys/options', { body: { ceremony: started.ceremony } });
    expect([gone.status, gone.body.error.message]).toEqual([400, PASSKEY_MESSAGES.ceremonyGone]);

    const fresh = (await h.api('POST', '/api/auth/passkeys/start', { token: other, body: { password: a.password } })).body;
    const options = (await h.api('POST', '/api/auth/passkeys/options', { body: { ceremony: fresh.ceremony } })).body;
    const made = createPasskey(options, 'http://localhost:5173');
    (made.response.response as Record<string, unknown>).transports = ['internal', 'x'.repeat(5000)];
    expect((await h.api('POST', '/api/auth/passkeys', { body: { ceremony: fresh.ceremony, name: 'Key', passkey: made.response } })).status).toBe(201);
    expect((await h.db('admin_passkeys').where({ user_id: a.id }).first('transports')).transports).toEqual(['internal']);
    const step = await login(a);
    const asked = (await h.api('POST', '/api/auth/login/passkey/options', { body: { challenge: step.challenge } })).body;
    expect(asked.sign_in).toEqual({ client: 'desktop', ip: '127.0.0.1', started_at: expect.any(String) });
  });

  it('one credential set up by two admins at once is added once; the other is refused, not a 500', async () => {
    const [a, b] = [await newAdmin(), await newAdmin()];
    const ceremonies = await Promise.all([a, b].map(async (x) => (await h.api('POST', '/api/auth/passkeys/start', { token: x.token, body: { password: x.password } })).body.ceremony as string));
    const optionsA = (await h.api('POST', '/api/auth/passkeys/options', { body: { ceremony: ceremonies[0] } })).body;
    const optionsB = (await h.api('POST', '/api/auth/passkeys/options', { body: { ceremony: ceremonies[1] } })).body;
    const made = createPasskey(optionsA, 'http://localhost:5173');
    const forB = JSON.parse(JSON.stringify(made.response));
    const data = JSON.parse(Buffer.from(forB.response.clientDataJSON, 'base64url').toString());
    forB.response.clientDataJSON = Buffer.from(JSON.stringify({ ...data, challenge: optionsB.challenge })).toString('base64url');
    const answers = await Promise.all([
      h.api('POST', '/api/auth/passkeys', { body: { ceremony: ceremonies[0], name: 'Shared', passkey: made.response } }),
      h.api('POST', '/api/auth/passkeys', { body: { ceremony: ceremonies[1], name: 'Shared', passkey: forB } }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 400]);
  });

  it('keeps no one-time code in the activity log, and an admin held at the set-up gate may still change their password', async () => {
    const a = await withTotp();
    // The log is written once the answer has gone out.
    const logged = () => h.db('admin_activity').where({ actor_email: a.email, action: 'POST /api/auth/two-factor/totp/confirm' });
    await expect.poll(async () => (await logged()).length, { timeout: 10_000 }).toBe(1);
    const rows = await logged();
    expect(rows[0].after.request).toEqual({ code: '[redacted]' });

    const b = await newAdmin();
    await h.db('admin_settings').insert({ setting_key: 'admin_security', setting_value: JSON.stringify({ enabled: true, idle_hours: 12 }) }).onConflict('setting_key').merge();
    try {
      expect((await h.api('GET', '/api/admin/registrations', { token: b.token })).status).toBe(403);
      expect((await h.api('POST', '/api/auth/password', { token: b.token, body: { current_password: b.password, new_password: 'gate held but changed phrase' } })).status).toBe(204);
      expect((await h.api('GET', '/api/auth/sessions', { token: b.token })).status).toBe(200);
    } finally {
      await h.db('admin_settings').where({ setting_key: 'admin_security' }).delete();
    }
  });
});
