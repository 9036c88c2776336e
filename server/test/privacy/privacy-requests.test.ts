import { PRIVACY_MESSAGES, privacyConfirmResultSchema } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { bookByCard } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { insertInterest } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

/**
 * A person's request for a copy of their data (issue 27, point 2): the same answer whether or not
 * the address is known, a single-use confirmation link sent to that address only, then everything
 * held about it (and nothing about anyone else).
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });

const ask = (email: string) => h.api('POST', '/api/privacy/requests', { body: { email, kind: 'export' } });
const confirm = (token: string) => h.api('POST', '/api/privacy/requests/confirm', { body: { token } });
/** The confirmation link's token from the newest confirmation email to `to`. */
async function linkSentTo(to: string): Promise<string> {
  const mail = await waitFor(async () => (await sandboxEmails(h.server, to)).find((m) => m.subject === 'Confirm your data request'));
  const token = mail.text_body?.match(/\/privacy\/confirm\?token=([A-Za-z0-9_-]{43})/)?.[1];
  expect(token, mail.text_body ?? '').toBeTruthy();
  return token!;
}

describe('a request for a copy of your data', () => {
  it('answers the same for a known and an unknown address, and sends each a confirmation link', async () => {
    const w = await createWorkshop(h.db, { title: 'Exported Workshop' });
    await bookByCard(h, w.id, 'exported');
    const known = await ask('buyerexported@example.com');
    const unknown = await ask('nobody.here@example.com');
    expect([known.status, known.body]).toEqual([202, { message: PRIVACY_MESSAGES.sent }]);
    expect([unknown.status, unknown.body]).toEqual([202, { message: PRIVACY_MESSAGES.sent }]);
    await linkSentTo('buyerexported@example.com');
    await linkSentTo('nobody.here@example.com');
    const bad = await h.api('POST', '/api/privacy/requests', { body: { email: 'not-an-email', kind: 'export' } });
    expect(bad.status).toBe(422);
  });

  it('once confirmed from the inbox, answers everything held about the address, once; never another person', async () => {
    const w = await createWorkshop(h.db, { title: 'Team Export Workshop' });
    const team = await bookByCard(h, w.id, 'exporter', { seats: 2, attendees: [{ name: 'Buyer exporter', email: 'buyerexporter@example.com' }, { name: 'Colleague Private', email: 'colleague.private@example.com' }] });
    await insertInterest(h.db, { name: 'Buyer exporter', email: 'BuyerExporter@example.com', message: 'Is there a recording?' });
    await waitFor(async () => (await sandboxEmails(h.server, team.email)).length > 0);
    expect((await ask('buyerexporter@example.com')).status).toBe(202);
    const token = await linkSentTo('buyerexporter@example.com');

    const res = await confirm(token);
    expect(res.status, res.text).toBe(200);
    const answer = privacyConfirmResultSchema.parse(res.body);
    if (answer.kind !== 'export') throw new Error(`an export was asked for: ${res.text}`);
    const data = answer.export;
    expect(data.held).toBe(true);
    expect(data.bookings).toMatchObject([{ workshop: 'Team Export Workshop', seats: 2, amount_cents: 19800, status: 'completed', phone: '9876543210' }]);
    expect(data.seats).toMatchObject([{ workshop: 'Team Export Workshop', position: 1, name: 'Buyer exporter', status: 'active' }]);
    expect(data.payments).toMatchObject([{ provider: 'razorpay', payment_id: team.paymentId, amount_cents: 19800 }]);
    expect(data.emails.map((m) => m.kind)).toEqual(expect.arrayContaining(['confirmation', 'privacy_confirm']));
    expect(data.interests).toMatchObject([{ message: 'Is there a recording?' }]);
    expect(JSON.stringify(data)).not.toContain('colleague.private@example.com');
    expect(JSON.stringify(data)).not.toContain('Colleague Private');
    expect(await h.db('privacy_requests').where({ email: 'buyerexporter@example.com' }).first('confirmed_at', 'completed_at', 'found')).toMatchObject({ found: true });

    // The link works once.
    const again = await confirm(token);
    expect([again.status, again.body.error.message]).toEqual([400, PRIVACY_MESSAGES.invalid]);
  });

  it('says that nothing is held only after confirmation from the address; an altered or expired link changes nothing', async () => {
    expect((await ask('stranger.export@example.com')).status).toBe(202);
    const token = await linkSentTo('stranger.export@example.com');
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await confirm(altered)).status).toBe(400);
    expect((await confirm('short')).status).toBe(400);
    await h.db('privacy_requests').where({ email: 'stranger.export@example.com' }).update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await confirm(token);
    expect([expired.status, expired.body.error.message]).toEqual([400, PRIVACY_MESSAGES.invalid]);
    expect(await h.db('privacy_requests').where({ email: 'stranger.export@example.com' }).first('confirmed_at')).toEqual({ confirmed_at: null });

    expect((await ask('stranger.export@example.com')).status).toBe(202);
    const fresh = await waitFor(async () => {
      const mails = (await sandboxEmails(h.server, 'stranger.export@example.com')).filter((m) => m.subject === 'Confirm your data request');
      return mails.length === 2 && mails;
    });
    const tokens = fresh.map((m) => m.text_body?.match(/token=([A-Za-z0-9_-]{43})/)?.[1]);
    const newest = tokens.find((t) => t !== token)!;
    const res = await confirm(newest);
    expect(res.status).toBe(200);
    expect(res.body.export.held).toBe(false);
  });

  it('limits how many confirmation emails one address can be sent in an hour', async () => {
    for (let i = 0; i < 3; i++) expect((await ask('flooded@example.com')).status).toBe(202);
    expect((await ask('flooded@example.com')).status).toBe(429);
  });
});
