import { PASSKEY_MESSAGES, RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { createPasskey, signWith, type SoftPasskey } from './soft-authenticator';

/**
 * Passkeys as a second factor (issue 24, point 6), over HTTP with a software authenticator whose
 * answers the server checks with its real WebAuthn library: set up with the password, sign in on
 * the web, and the desktop app's step done in a browser that shows a code to type into the app.
 */
const h = useTestServer({ admin: true });
const ORIGIN = 'http://localhost:5173';
const ADMIN = { email: 'pia.passkey@workshop.test', password: 'passkey person long phrase' };
const OTHER = { email: 'otto.other@workshop.test', password: 'another person long phrase' };

async function login(who: { email: string; password: string }, client: 'web' | 'desktop' = 'desktop') {
  return (await h.api('POST', '/api/auth/login', { body: { ...who, client } })).body;
}
const second = (body: Record<string, unknown>) => h.api('POST', '/api/auth/login/two-factor', { body: { client: 'desktop', ...body } });
const loginOptions = async (challenge: string) => (await h.api('POST', '/api/auth/login/passkey/options', { body: { challenge } })).body.options;

async function addPasskey(token: string, password: string, origin = ORIGIN) {
  const started = await h.api('POST', '/api/auth/passkeys/start', { token, body: { password } });
  expect(started.status, started.text).toBe(200);
  const options = (await h.api('POST', '/api/auth/passkeys/options', { body: { ceremony: started.body.ceremony } })).body;
  const made = createPasskey(options, origin);
  const added = await h.api('POST', '/api/auth/passkeys', { body: { ceremony: started.body.ceremony, name: 'Work laptop', passkey: made.response } });
  return { started, options, added, passkey: made.passkey };
}

/** The "how you sign in changed" emails the admin got: their first lines. */
const signInNotices = async () =>
  (await sandboxEmails(h.server, ADMIN.email)).filter((m) => m.subject === 'How you sign in to the admin changed').map((m) => (m.text_body ?? '').split('\n')[0].replace(/ on [A-Z][a-z]{2} \d+, \d{4}.*$/, ''));

let passkey: SoftPasskey;

describe('passkeys', () => {
  it('are set up with the password; a passkey signed for another site is refused and spends the set-up; the first one turns two-factor on with recovery codes', async () => {
    expect((await h.api('POST', '/api/admin/users', { token: h.token, body: ADMIN })).status).toBe(201);
    const token = (await login(ADMIN)).token as string;
    const bare = await h.api('POST', '/api/auth/passkeys/start', { token, body: { password: 'not my password at all' } });
    expect([bare.status, bare.body.error.fields?.password]).toEqual([400, 'Your password is not right.']);

    const phished = await addPasskey(token, ADMIN.password, 'https://workshops.evil.example');
    expect(phished.started.body.browser_url).toBe(`http://localhost:0/admin/add-passkey#${phished.started.body.ceremony}`);
    expect(phished.options).toMatchObject({ rp: { id: 'localhost' }, user: { name: ADMIN.email }, attestation: 'none', excludeCredentials: [] });
    expect([phished.added.status, phished.added.body.error.message]).toEqual([400, PASSKEY_MESSAGES.refused]);
    const retried = await h.api('POST', '/api/auth/passkeys', { body: { ceremony: phished.started.body.ceremony, name: 'Again', passkey: createPasskey(phished.options, ORIGIN).response } });
    expect([retried.status, retried.body.error.message]).toEqual([400, PASSKEY_MESSAGES.ceremonyGone]);
    expect(await h.db('admin_passkeys')).toHaveLength(0);

    const ok = await addPasskey(token, ADMIN.password);
    expect(ok.added.status, ok.added.text).toBe(201);
    expect(ok.added.body.passkey).toMatchObject({ name: 'Work laptop', last_used_at: null });
    expect(ok.added.body.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    passkey = ok.passkey;
    expect((await h.api('GET', '/api/auth/two-factor', { token })).body).toEqual({ enabled: true, totp: false, passkeys: 1, recovery_codes_left: RECOVERY_CODE_COUNT });
    expect((await h.api('GET', '/api/auth/passkeys', { token })).body.items.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    const admins = (await h.api('GET', '/api/admin/users', { token: h.token })).body.items;
    expect(admins.find((u: { email: string }) => u.email === ADMIN.email).two_factor).toBe(true);
    const logged = await h.db('admin_activity').where({ action: 'POST /api/auth/passkeys', actor_email: ADMIN.email });
    expect(logged.map((r) => r.after)).toEqual([{ outcome: 'passkey_added', name: 'Work laptop' }]);
    // The refused set-ups added nothing and told nobody; the one added is told to the admin.
    await waitFor(async () => (await signInNotices()).length === 1, 20_000);
    expect(await signInNotices()).toEqual([`A passkey ("Work laptop") was added on your admin account ${ADMIN.email}`]);
    // The same authenticator again is excluded by the browser; a second one is welcome, with no new codes.
    const spare = await addPasskey(token, ADMIN.password);
    expect([spare.options.excludeCredentials.length, spare.added.status, spare.added.body.recovery_codes]).toEqual([1, 201, null]);
  });

  it('a right password then asks for the passkey; its answer signs in once, and never for another sign-in or with a counter going back', async () => {
    const first = await login(ADMIN, 'web');
    expect(first).toEqual({ two_factor_required: true, challenge: expect.any(String), methods: ['passkey'], passkey_url: `http://localhost:0/admin/passkey#${first.challenge}` });
    const options = await loginOptions(first.challenge);
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toContain(passkey.credentialId.toString('base64url'));
    const answer = signWith(passkey, options, ORIGIN);
    const web = await h.api('POST', '/api/auth/login/two-factor', { body: { challenge: first.challenge, passkey: answer, client: 'web' } });
    expect(web.status, web.text).toBe(200);
    expect(web.headers.get('set-cookie')).toMatch(/wk_session=.+HttpOnly/i);
    expect((await h.db('admin_passkeys').where({ credential_id: passkey.credentialId.toString('base64url') }).first()).last_used_at).not.toBeNull();
    // Replayed: on the same sign-in (spent) and on a new one (its challenge differs).
    expect((await second({ challenge: first.challenge, passkey: answer })).status).toBe(401);
    const next = await login(ADMIN);
    await loginOptions(next.challenge);
    const replayed = await second({ challenge: next.challenge, passkey: answer });
    expect([replayed.status, replayed.body.error.message]).toEqual([401, TWO_FACTOR_MESSAGES.wrongCode]);
    // A cloned authenticator still counting where the original was: refused.
    const cloned = await second({ challenge: next.challenge, passkey: signWith(passkey, await loginOptions(next.challenge), ORIGIN, passkey.counter) });
    expect(cloned.status).toBe(401);
    // Options asked again give a new WebAuthn challenge: the one before cannot be answered after it.
    const stale = await loginOptions(next.challenge);
    await loginOptions(next.challenge);
    expect((await second({ challenge: next.challenge, passkey: signWith(passkey, stale, ORIGIN) })).status).toBe(401);
    const tries = await h.db('login_challenges').whereNull('used_at').orderBy('created_at', 'desc').first('attempts');
    expect(tries.attempts).toBe(3);
  });

  it('for the desktop app, a browser signs with the passkey and shows a code that completes that sign-in once', async () => {
    const desk = await login(ADMIN);
    const noOptions = await h.api('POST', '/api/auth/login/passkey/handoff', { body: { challenge: desk.challenge, passkey: signWith(passkey, { challenge: 'bm90LWFza2Vk' }, ORIGIN) } });
    expect([noOptions.status, noOptions.body.error.message]).toEqual([401, PASSKEY_MESSAGES.refused]);
    const handed = await h.api('POST', '/api/auth/login/passkey/handoff', { body: { challenge: desk.challenge, passkey: signWith(passkey, await loginOptions(desk.challenge), ORIGIN) } });
    expect(handed.status, handed.text).toBe(200);
    expect(handed.body.code).toMatch(/^\d{8}$/);
    expect(JSON.stringify(await h.db('login_challenges').select('handoff_code_hash'))).not.toContain(handed.body.code);
    // Another sign-in (someone else's password step) cannot use it.
    const other = await login(ADMIN);
    expect((await second({ challenge: other.challenge, code: handed.body.code })).status).toBe(401);
    const done = await second({ challenge: desk.challenge, code: handed.body.code });
    expect(done.status, done.text).toBe(200);
    expect(done.body.token).toEqual(expect.any(String));
    expect((await h.api('GET', '/api/admin/registrations', { token: done.body.token })).status).toBe(200);
    expect((await second({ challenge: desk.challenge, code: handed.body.code })).status).toBe(401);
  });

  it("one admin's passkey never answers for another admin", async () => {
    expect((await h.api('POST', '/api/admin/users', { token: h.token, body: OTHER })).status).toBe(201);
    const token = (await login(OTHER)).token as string;
    expect((await addPasskey(token, OTHER.password)).added.status).toBe(201);
    const theirs = await login(OTHER);
    const refused = await second({ challenge: theirs.challenge, passkey: signWith(passkey, await loginOptions(theirs.challenge), ORIGIN) });
    expect(refused.status).toBe(401);
  });

  it('bad bodies get a clear message and change nothing', async () => {
    const token = (await second({ challenge: (await login(ADMIN)).challenge, code: '' })).body;
    expect(token.error.fields?.code).toBe(TWO_FACTOR_MESSAGES.code);
    const neither = await second({ challenge: (await login(ADMIN)).challenge });
    expect([neither.status, neither.body.error.fields?.code]).toEqual([400, TWO_FACTOR_MESSAGES.code]);
    const noName = await h.api('POST', '/api/auth/passkeys', { body: { ceremony: 'x', passkey: { id: 'a', rawId: 'a', type: 'public-key', response: {} } } });
    expect([noName.status, noName.body.error.fields?.name]).toEqual([400, PASSKEY_MESSAGES.name]);
    const junk = await h.api('POST', '/api/auth/passkeys', { body: { ceremony: 'x', name: 'Key', passkey: 'junk' } });
    expect([junk.status, junk.body.error.fields?.passkey]).toEqual([400, PASSKEY_MESSAGES.refused]);
    const gone = await h.api('POST', '/api/auth/passkeys/options', { body: { ceremony: 'not-a-ceremony' } });
    expect([gone.status, gone.body.error.message]).toEqual([400, PASSKEY_MESSAGES.ceremonyGone]);
  });

  it('removing the last passkey (with the password) turns two-factor off and its recovery codes go', async () => {
    const signed = await second({ challenge: (await login(ADMIN)).challenge, passkey: null as never });
    expect(signed.status).toBe(400);
    const desk = await login(ADMIN);
    const token = (await second({ challenge: desk.challenge, passkey: signWith(passkey, await loginOptions(desk.challenge), ORIGIN) })).body.token as string;
    const items = (await h.api('GET', '/api/auth/passkeys', { token })).body.items as { id: string }[];
    const wrong = await h.api('DELETE', `/api/auth/passkeys/${items[0].id}`, { token, body: { password: 'not my password at all' } });
    expect(wrong.status).toBe(400);
    const before = (await signInNotices()).length;
    for (const p of items) expect((await h.api('DELETE', `/api/auth/passkeys/${p.id}`, { token, body: { password: ADMIN.password } })).status).toBe(200);
    await waitFor(async () => (await signInNotices()).length === before + items.length, 20_000);
    expect((await signInNotices()).slice(before)).toEqual(items.map(() => `A passkey ("Work laptop") was removed on your admin account ${ADMIN.email}`));
    expect((await h.api('GET', '/api/auth/two-factor', { token })).body).toEqual({ enabled: false, totp: false, passkeys: 0, recovery_codes_left: 0 });
    expect((await login(ADMIN)).token).toEqual(expect.any(String));
    const missing = await h.api('DELETE', `/api/auth/passkeys/${items[0].id}`, { token, body: { password: ADMIN.password } });
    expect([missing.status, missing.body.error.message]).toEqual([404, PASSKEY_MESSAGES.notFound]);
  });

  it('when the owners require two-factor, a passkey can be set up from the gate; an owner reset removes passkeys', async () => {
    await h.db('admin_settings').insert({ setting_key: 'admin_security', setting_value: JSON.stringify({ enabled: true, idle_hours: 12 }) }).onConflict('setting_key').merge();
    try {
      const signed = await h.api('POST', '/api/auth/login', { body: { ...ADMIN, client: 'desktop' } });
      expect(signed.body.user.must_set_up_two_factor).toBe(true);
      const token = signed.body.token as string;
      expect((await h.api('GET', '/api/admin/registrations', { token })).status).toBe(403);
      expect((await addPasskey(token, ADMIN.password)).added.status).toBe(201);
      expect((await h.api('GET', '/api/admin/registrations', { token })).status).toBe(200);
      // (The owner signed in before the rule has no second factor either: the rule is lifted for the reset.)
      await h.db('admin_settings').where({ setting_key: 'admin_security' }).delete();
      const me = await h.db('users').where({ email: ADMIN.email }).first('id');
      expect((await h.api('DELETE', `/api/admin/users/${me.id}/two-factor`, { token: h.token })).status).toBe(200);
      expect(await h.db('admin_passkeys').where({ user_id: me.id })).toHaveLength(0);
      expect((await h.api('GET', '/api/admin/registrations', { token })).status).toBe(401);
    } finally {
      await h.db('admin_settings').where({ setting_key: 'admin_security' }).delete();
    }
  });
});
