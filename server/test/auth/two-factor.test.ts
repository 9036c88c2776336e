import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from '@workshop/shared';
import { Secret, TOTP, URI } from 'otpauth';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * Two-factor sign-in with an authenticator app (issue 24, point 6): codes computed here from the
 * secret the server answered, as the admin's phone would; a code works once; recovery codes once;
 * the challenge between password and code lasts five minutes and five tries.
 */
const h = useTestServer({ admin: true });
const ADMIN = { email: 'tess.totp@workshop.test', password: 'first long password 1' };
/** The "how you sign in changed" emails the admin got, as they read them. */
const signInNotices = async () =>
  (await sandboxEmails(h.server, ADMIN.email)).filter((m) => m.subject === 'How you sign in to the admin changed').map((m) => (m.text_body ?? '').split('\n')[0].replace(/ on [A-Z][a-z]{2} \d+, \d{4}.*$/, ''));
const codeAt = (secret: string, offsetMs = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetMs });

async function desktopLogin(): Promise<{ status: number; body: Record<string, unknown>; cookie: string | null }> {
  const res = await h.api('POST', '/api/auth/login', { body: { ...ADMIN, client: 'desktop' } });
  return { status: res.status, body: res.body, cookie: res.headers.get('set-cookie') };
}
const second = (challenge: unknown, code: string) => h.api('POST', '/api/auth/login/two-factor', { body: { challenge, code, client: 'desktop' } });

let secret = '';
let recovery: string[] = [];

describe('two-factor sign-in', () => {
  it('turns on with a code from the secret it answered, and answers the recovery codes once', async () => {
    expect((await h.api('POST', '/api/admin/users', { token: h.token, body: ADMIN })).status).toBe(201);
    const token = (await desktopLogin()).body.token as string;
    // A session alone cannot bind a phone to the account: the password too.
    const bare = await h.api('POST', '/api/auth/two-factor/totp', { token, body: { password: 'not my password 1' } });
    expect([bare.status, bare.body.error.fields?.password]).toEqual([400, 'Your password is not right.']);
    const started = await h.api('POST', '/api/auth/two-factor/totp', { token, body: { password: ADMIN.password } });
    expect(started.status).toBe(200);
    secret = started.body.secret;
    const uri = URI.parse(started.body.otpauth_url) as TOTP;
    expect([uri.label, uri.secret.base32, uri.digits, uri.period]).toEqual([ADMIN.email, secret, 6, 30]);

    const wrong = await h.api('POST', '/api/auth/two-factor/totp/confirm', { token, body: { code: codeAt(secret, 10 * 60_000) } });
    expect([wrong.status, wrong.body.error.fields?.code]).toEqual([400, TWO_FACTOR_MESSAGES.wrongCode]);
    const on = await h.api('POST', '/api/auth/two-factor/totp/confirm', { token, body: { code: codeAt(secret) } });
    expect(on.status, on.text).toBe(200);
    recovery = on.body.recovery_codes;
    expect(recovery).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recovery).size).toBe(RECOVERY_CODE_COUNT);
    expect(JSON.stringify(await h.db('recovery_codes').select('code_hash'))).not.toContain(recovery[0].replace('-', ''));
    expect((await h.api('GET', '/api/auth/two-factor', { token })).body).toEqual({ enabled: true, totp: true, passkeys: 0, recovery_codes_left: RECOVERY_CODE_COUNT });
    const list = await h.api('GET', '/api/admin/users', { token: h.token });
    expect(list.body.items.find((u: { email: string }) => u.email === ADMIN.email).two_factor).toBe(true);
    // Told at their own address, as every change of how they sign in (a wrong code changed nothing).
    await waitFor(async () => (await signInNotices()).length === 1, 20_000);
    expect(await signInNotices()).toEqual([`An authenticator app was set up for two-factor sign-in on your admin account ${ADMIN.email}`]);
  });

  it('a right password opens no session until a code; a code works once; a recovery code once', async () => {
    const first = await desktopLogin();
    expect(first.body).toEqual({ two_factor_required: true, challenge: expect.stringMatching(/^[\w-]{43}$/), methods: ['totp'], passkey_url: null });
    expect(first.cookie).toBeNull();
    const wrong = await second(first.body.challenge, '000000');
    expect([wrong.status, wrong.body.error.message]).toEqual([401, TWO_FACTOR_MESSAGES.wrongCode]);
    // The next step's code (the clock a little ahead on the phone): the confirm used this step's.
    const code = codeAt(secret, 30_000);
    const ok = await second(first.body.challenge, code);
    expect(ok.status, ok.text).toBe(200);
    expect((await h.api('GET', '/api/admin/registrations', { token: ok.body.token })).status).toBe(200);
    // Spent: the same challenge, or the same code on a new one, opens nothing.
    expect((await second(first.body.challenge, codeAt(secret, 30_000))).status).toBe(401);
    const again = await desktopLogin();
    expect((await second(again.body.challenge, code)).status).toBe(401);
    const byRecovery = await second(again.body.challenge, recovery[0].toUpperCase());
    expect(byRecovery.status, byRecovery.text).toBe(200);
    const third = await desktopLogin();
    expect((await second(third.body.challenge, recovery[0])).status).toBe(401);
    const refused = await h.db('admin_activity').where({ action: 'POST /api/auth/login (refused)', actor_email: ADMIN.email });
    expect(refused.some((r) => r.after.reason === 'wrong_code')).toBe(true);
  });

  it('a challenge ends after five minutes or five wrong codes', async () => {
    const late = await desktopLogin();
    await h.db('login_challenges').whereNull('used_at').update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await second(late.body.challenge, recovery[1]);
    expect([expired.status, expired.body.error.message]).toEqual([401, TWO_FACTOR_MESSAGES.challengeGone]);
    const guessed = await desktopLogin();
    for (let i = 0; i < 5; i++) expect((await second(guessed.body.challenge, `00000${i}`)).status).toBe(401);
    const spent = await second(guessed.body.challenge, recovery[1]);
    expect([spent.status, spent.body.error.message]).toEqual([401, TWO_FACTOR_MESSAGES.challengeGone]);
    // The recovery code was not used up by the refused tries.
    expect(Number((await h.db('recovery_codes').whereNull('used_at').count('* as n').first())?.n)).toBe(RECOVERY_CODE_COUNT - 1);
  });

  it('turns off only with the password; then the password alone signs in', async () => {
    const fresh = await desktopLogin();
    const token = (await second(fresh.body.challenge, recovery[2])).body.token as string;
    const bad = await h.api('DELETE', '/api/auth/two-factor', { token, body: { password: 'not my password 1' } });
    expect(bad.status).toBe(400);
    expect((await h.api('DELETE', '/api/auth/two-factor', { token, body: { password: ADMIN.password } })).status).toBe(204);
    const plain = await desktopLogin();
    expect(plain.body.token).toEqual(expect.any(String));
    expect(await h.db('recovery_codes').join('users', 'users.id', 'recovery_codes.user_id').where('users.email', ADMIN.email)).toHaveLength(0);
    await waitFor(async () => (await signInNotices()).length === 2, 20_000);
    expect((await signInNotices())[1]).toBe(`Two-factor sign-in with an authenticator app was turned off on your admin account ${ADMIN.email}`);
  });

  it('when the owners require it, an admin without it can do nothing but set it up; the unused-session hours come from the same setting', async () => {
    const newcomer = { email: 'nina.new@workshop.test', password: 'first long password 2' };
    expect((await h.api('POST', '/api/admin/users', { token: h.token, body: { ...newcomer, role: 'staff' } })).status).toBe(201);
    const rules = await h.api('PUT', '/api/admin/settings/admin_security', { token: h.token, body: { setting_value: { enabled: true, idle_hours: 2 } } });
    expect(rules.status, rules.text).toBe(200);
    const login = await h.api('POST', '/api/auth/login', { body: { ...newcomer, client: 'desktop' } });
    expect(login.body.user).toMatchObject({ must_set_up_two_factor: true });
    const token = login.body.token as string;
    expect((await h.db('sessions').orderBy('created_at', 'desc').first('idle_hours')).idle_hours).toBe(2);
    const blocked = await h.api('GET', '/api/admin/registrations', { token });
    expect([blocked.status, blocked.body.error.message]).toEqual([403, TWO_FACTOR_MESSAGES.setUpFirst]);
    expect((await h.api('GET', '/api/auth/session', { token })).body.user.must_set_up_two_factor).toBe(true);
    const started = await h.api('POST', '/api/auth/two-factor/totp', { token, body: { password: newcomer.password } });
    expect((await h.api('POST', '/api/auth/two-factor/totp/confirm', { token, body: { code: codeAt(started.body.secret) } })).status).toBe(200);
    expect((await h.api('GET', '/api/admin/registrations', { token })).status).toBe(200);
    expect((await h.api('GET', '/api/auth/session', { token })).body.user.must_set_up_two_factor).toBe(false);
    // The owner who set it has no two-factor either: they too can only set it up now (the rule binds everyone).
    expect((await h.api('GET', '/api/admin/registrations', { token: h.token })).status).toBe(403);
    await h.db('admin_settings').where({ setting_key: 'admin_security' }).update({ setting_value: JSON.stringify({ enabled: false, idle_hours: 12 }) });
  });

  it('ten wrong codes for one account, over any number of challenges, lock it for 15 minutes; an owner can reset it', async () => {
    const who = { email: 'lou.lock@workshop.test', password: 'first long password 3' };
    expect((await h.api('POST', '/api/admin/users', { token: h.token, body: { ...who, role: 'staff' } })).status).toBe(201);
    const login = () => h.api('POST', '/api/auth/login', { body: { ...who, client: 'desktop' } });
    const token = (await login()).body.token as string;
    const own = (await h.api('POST', '/api/auth/two-factor/totp', { token, body: { password: who.password } })).body.secret as string;
    expect((await h.api('POST', '/api/auth/two-factor/totp/confirm', { token, body: { code: codeAt(own) } })).status).toBe(200);
    for (let round = 0; round < 2; round++) {
      const { challenge } = (await login()).body;
      for (let i = 0; i < 5; i++) expect((await second(challenge, `11111${i}`)).status).toBe(401);
    }
    const locked = await second((await login()).body.challenge, codeAt(own, 30_000));
    expect([locked.status, locked.body.error.message]).toEqual([429, TWO_FACTOR_MESSAGES.locked]);

    const id = (await h.db('users').where({ email: who.email }).first('id')).id;
    const reset = await h.api('DELETE', `/api/admin/users/${id}/two-factor`, { token: h.token });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body.items.find((u: { email: string }) => u.email === who.email).two_factor).toBe(false);
    expect((await h.api('GET', '/api/admin/registrations', { token })).status).toBe(401);
    // The old password goes too: the admin sets a new one from the emailed link, then signs in without a second step.
    expect((await login()).status).toBe(401);
    const token2 = 'x'.repeat(43);
    await h.db('password_resets').where({ user_id: id }).whereNull('used_at').update({ token_hash: createHash('sha256').update(token2).digest('hex') });
    expect((await h.api('POST', '/api/auth/password-reset/confirm', { body: { token: token2, new_password: 'after the reset long phrase' } })).status).toBe(204);
    expect((await h.api('POST', '/api/auth/login', { body: { email: who.email, password: 'after the reset long phrase', client: 'desktop' } })).body.token).toEqual(expect.any(String));
  });
});
