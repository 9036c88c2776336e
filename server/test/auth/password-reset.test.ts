import { PASSWORD_MESSAGES, RESET_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/**
 * A forgotten admin password (issue 24, point 5): the same answer whether or not the address is an
 * admin's, a single-use link for an hour by email, every session ended, nobody signed in.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const OWNER = { email: 'rhea.reset@workshop.test', password: 'first long password 1' };
const NEW = 'orchid lantern quietly folding';
const linkIn = (text: string | null | undefined) => text?.match(/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1];

async function resetMail(email: string, after = 0) {
  return waitFor(async () => (await sandboxEmails(h.server, email)).filter((m) => m.subject === 'Reset your admin password').at(after), 20_000);
}

describe('a forgotten admin password', () => {
  it('answers the same, at about the same time, for an admin’s address and any other; only the admin is emailed', async () => {
    expect((await h.api('POST', '/api/admin/users', { token: h.token, body: OWNER })).status).toBe(201);
    const ask = async (email: string) => {
      const t = performance.now();
      const res = await h.api('POST', '/api/auth/password-reset', { body: { email } });
      return { status: res.status, body: res.body, ms: performance.now() - t };
    };
    // Warm both paths once, then compare.
    await ask('warm.up@example.com');
    const known = await ask(OWNER.email.toUpperCase());
    const unknown = await ask('nobody.at.all@example.com');
    expect([known.status, known.body]).toEqual([202, { message: RESET_MESSAGES.sent }]);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);
    await resetMail(OWNER.email);
    await new Promise((r) => setTimeout(r, 500));
    expect(await sandboxEmails(h.server, 'nobody.at.all@example.com')).toHaveLength(0);
    const stored = await h.db('password_resets').join('users', 'users.id', 'password_resets.user_id').where('users.email', OWNER.email).first('token_hash');
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sets the password once, ends every session, signs nobody in; used, altered or expired links are refused', async () => {
    const session = (await h.api('POST', '/api/auth/login', { body: { ...OWNER, client: 'desktop' } })).body.token as string;
    const token = linkIn((await resetMail(OWNER.email)).text_body)!;
    const confirm = (body: Record<string, unknown>) => h.api('POST', '/api/auth/password-reset/confirm', { body });

    const weak = await confirm({ token, new_password: 'rhea.reset2026' });
    expect([weak.status, weak.body.error.fields?.new_password]).toEqual([400, PASSWORD_MESSAGES.weak]);
    const altered = await confirm({ token: `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`, new_password: NEW });
    expect([altered.status, altered.body.error.message]).toEqual([400, RESET_MESSAGES.invalid]);

    const ok = await confirm({ token, new_password: NEW });
    expect(ok.status, ok.text).toBe(204);
    expect(ok.headers.get('set-cookie')).toBeNull();
    expect((await h.api('GET', '/api/admin/registrations', { token: session })).status).toBe(401);
    expect((await h.api('POST', '/api/auth/login', { body: { email: OWNER.email, password: NEW } })).status).toBe(200);
    const again = await confirm({ token, new_password: 'another lovely long phrase 9' });
    expect([again.status, again.body.error.message]).toEqual([400, RESET_MESSAGES.invalid]);
    await waitFor(async () => (await sandboxEmails(h.server, OWNER.email)).find((m) => m.subject === 'Your admin password was changed'), 20_000);
    const logged = await h.db('admin_activity').where({ action: 'POST /api/auth/password-reset/confirm', actor_email: OWNER.email });
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toContain(token);

    // A link over an hour old works no more.
    expect((await h.api('POST', '/api/auth/password-reset', { body: { email: OWNER.email } })).status).toBe(202);
    const late = linkIn((await resetMail(OWNER.email, 1)).text_body)!;
    await h.db('password_resets').whereNull('used_at').update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await confirm({ token: late, new_password: 'another lovely long phrase 9' });
    expect([expired.status, expired.body.error.message]).toEqual([400, RESET_MESSAGES.invalid]);
    // Nothing kept the link itself once the email went.
    const sent = await h.db('email_messages').where({ kind: 'admin_password_reset', status: 'sent' });
    expect(sent.length).toBeGreaterThan(0);
    expect(JSON.stringify(sent.map((m) => m.data))).not.toContain('reset-password?token=');
  });

  it('limits requests per address asked about, across the whole cluster, without telling which addresses exist', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await h.api('POST', '/api/auth/password-reset', { body: { email: 'flooded@example.com' } })).status);
    expect(answers).toEqual([202, 202, 202, 429]);
    const bad = await h.api('POST', '/api/auth/password-reset', { body: { email: 'not-an-email' } });
    expect([bad.status, bad.body.error.fields?.email]).toEqual([400, 'Invalid email address']);
  });
});
