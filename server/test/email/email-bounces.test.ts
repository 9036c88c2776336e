import { describe, expect, it } from 'vitest';
import { signSendgridEvents } from '../../src/sandbox/sandbox.credentials';
import { insertWorkshop } from '../support/fixtures';
import { startTestServer, client, useTestServer } from '../support/test-server';
import { bookByCard } from '../payments/booking-flows';
import { sandboxEmails, waitFor } from '../payments/payments-helpers';

const ADMIN = 'owner@bounces.test';
const NO_MAILBOX = '550 5.1.1 The email account that you tried to reach does not exist.';

/**
 * SendGrid's signed Event Webhook: an email it accepted that bounced or was dropped is marked in
 * the registration's history with the reason, the admins are told once (replays change nothing),
 * and /metrics counts it for the WorkshopEmailsBouncing rule. Signed here with the sandbox's key
 * exactly as SendGrid signs (ECDSA P-256 over timestamp + body); checked by SendGrid's own library.
 */
describe('email bounces from SendGrid', () => {
  const h = useTestServer({ admin: true });

  async function sentConfirmation(name: string) {
    const w = await insertWorkshop(h.db, { title: `Bounce ${name}`, max_participants: 5 });
    const booked = await bookByCard(h, w.id, name);
    const reg = await h.db('workshop_registrations').where({ payment_id: booked.paymentId }).first('id');
    const msg = await waitFor(() => h.db('email_messages').where({ registration_id: reg.id, kind: 'confirmation', status: 'sent' }).first());
    expect(msg.provider_message_id).toMatch(/^sg_/);
    return { reg, msg, email: booked.email };
  }

  const post = (raw: string, headers: Record<string, string> = signSendgridEvents(raw)) =>
    h.api('POST', '/api/webhooks/sendgrid', { body: raw, headers: { 'content-type': 'application/json', ...headers } });

  it('marks a bounced confirmation, tells the admins once, and counts it', async () => {
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: ADMIN }) }).onConflict('setting_key').merge();
    const a = await sentConfirmation('Asha');
    const b = await sentConfirmation('Ben');
    const raw = JSON.stringify([
      { email: a.email, event: 'processed', sg_message_id: `${a.msg.provider_message_id}.filter0001`, email_message_id: a.msg.id, timestamp: 1 },
      { email: a.email, event: 'bounce', type: 'bounce', reason: NO_MAILBOX, sg_message_id: 'not-this-one.filter0001', email_message_id: a.msg.id, timestamp: 2 },
      { email: b.email, event: 'delivered', sg_message_id: `${b.msg.provider_message_id}.filter0002`, timestamp: 3 },
      // Sent before our id travelled with each email: found by SendGrid's message id alone.
      { email: b.email, event: 'dropped', reason: 'Bounced Address', sg_message_id: `${b.msg.provider_message_id}.filter0002`, timestamp: 4 },
      // Another app on the same SendGrid account.
      { email: 'x@elsewhere.test', event: 'bounce', reason: 'no', sg_message_id: 'someone-else.filter', email_message_id: 'not-ours' },
    ]);
    const res = await post(raw);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ received: true, recorded: 3, undelivered: 2 });

    const rows = await h.db('email_messages').whereIn('id', [a.msg.id, b.msg.id]).select('id', 'status', 'bounced_at', 'bounce_reason');
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[a.msg.id]).toMatchObject({ status: 'sent', bounce_reason: `Bounced by the receiving server: ${NO_MAILBOX}` });
    expect(byId[b.msg.id]).toMatchObject({ status: 'sent', bounce_reason: 'Dropped by SendGrid: Bounced Address' });
    expect(byId[a.msg.id].bounced_at).not.toBeNull();

    // The admins hear about each, as for an email the provider refused: someone must reach these buyers another way.
    const alerts = await waitFor(async () => {
      const sent = (await sandboxEmails(h.server, ADMIN)).filter((m) => m.text_body?.includes('Bounced by the receiving server') || m.text_body?.includes('Dropped by SendGrid'));
      return sent.length === 2 ? sent : undefined;
    });
    expect(alerts.map((m) => m.text_body).join('\n')).toContain(NO_MAILBOX);

    // SendGrid delivers a batch again when it got no answer: nothing changes, nobody is told twice.
    const again = await post(raw);
    expect(again.body).toEqual({ received: true, recorded: 0, undelivered: 0 });
    expect(await h.db('email_messages').where({ kind: 'admin_email_failed', to_email: ADMIN }).count('* as n').first()).toEqual({ n: 2 });

    // The registration's history in the admin shows it.
    const detail = await h.api('GET', `/api/admin/registrations/${a.reg.id}`, { token: h.token });
    const confirmation = detail.body.emails.find((m: { kind: string }) => m.kind === 'confirmation');
    expect(confirmation).toMatchObject({ status: 'sent', bounce_reason: `Bounced by the receiving server: ${NO_MAILBOX}` });
    expect(confirmation.bounced_at).toEqual(expect.any(String));

    const metrics = await h.api('GET', '/metrics');
    expect(metrics.text).toMatch(/^workshop_emails_bounced_total\{kind="confirmation"\} 2$/m);
  });

  it('believes nothing unsigned, re-signed or malformed, and changes nothing', async () => {
    const { msg } = await sentConfirmation('Cara');
    const raw = JSON.stringify([{ event: 'bounce', reason: 'forged', email_message_id: msg.id }]);
    const signed = signSendgridEvents(raw);
    const forgedBody = raw.replace('forged', 'forgeD');
    // Signed by someone else's key, a body changed after signing, no signature at all, a later timestamp.
    const otherKey = 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgnJUExaH8kCHo6ZKt3BeS1c+ualRPIbOD4gfY92ASTMqhRANCAAQO0bOU6XUr2dBoFRKlbS/1DZFc0eV4nb3aReyRDny7NZEQ5Zb6fRHhVVXbM1iVX9NOxeIe3dLXLbz6HVd3a2f4';
    for (const [body, headers] of [
      [raw, signSendgridEvents(raw, undefined, otherKey)],
      [forgedBody, signed],
      [raw, {}],
      [raw, { ...signed, 'x-twilio-email-event-webhook-timestamp': String(Number(signed['x-twilio-email-event-webhook-timestamp']) + 1) }],
      [raw, { ...signed, 'x-twilio-email-event-webhook-signature': 'not base64 at all' }],
    ] as const) {
      const res = await post(body, headers);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('Invalid webhook signature');
    }
    const notAList = JSON.stringify({ event: 'bounce', email_message_id: msg.id });
    const bad = await post(notAList);
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Invalid webhook body');
    // Over 1 MB (issue 26, point 8): refused before anything is read, signed or not.
    const huge = JSON.stringify([{ event: 'bounce', reason: 'x'.repeat(1_100_000), email_message_id: msg.id }]);
    expect((await post(huge)).status).toBe(413);
    // Nothing refused was believed (the sandbox's own signed "delivered" may have arrived meanwhile: that one is real).
    expect((await h.db('email_messages').where({ id: msg.id }).first('bounced_at')).bounced_at).toBeNull();
    expect(await h.db('email_delivery_events').where({ email_message_id: msg.id }).whereNot({ event: 'delivered' })).toHaveLength(0);
  });

  it('keeps every delivery event of an email once, with its time and reason, and the state they add up to', async () => {
    const { msg, email } = await sentConfirmation('Dev');
    // The sandbox's own Event Webhook says it was delivered first (sandbox-email-events.test.ts); these come after it.
    await waitFor(async () => (await h.db('email_messages').where({ id: msg.id }).first('delivery')).delivery === 'delivered');
    const base = Math.floor(Date.now() / 1000) + 3600;
    const at = (s: number) => base + s;
    const event = (id: string, event: string, s: number, extra: Record<string, unknown> = {}) => ({ email, event, sg_event_id: id, sg_message_id: `${msg.provider_message_id}.filter0009`, email_message_id: msg.id, timestamp: at(s), ...extra });
    // Out of order, as SendGrid may send them: the delivery, then the earlier deferral, then a spam report.
    const first = JSON.stringify([event('ev-2', 'delivered', 20, { response: '250 2.0.0 OK' }), event('ev-1', 'deferred', 10, { response: '421 Try again later' }), event('ev-x', 'open', 30)]);
    expect((await post(first)).body).toEqual({ received: true, recorded: 2, undelivered: 0 });
    expect(await h.db('email_messages').where({ id: msg.id }).first('delivery', 'delivery_at', 'bounced_at')).toEqual({ delivery: 'delivered', delivery_at: new Date(at(20) * 1000), bounced_at: null });
    const second = JSON.stringify([event('ev-3', 'spamreport', 40)]);
    expect((await post(second)).body).toEqual({ received: true, recorded: 1, undelivered: 0 });
    // Delivered again by SendGrid (no answer the first time): nothing new.
    expect((await post(first)).body).toEqual({ received: true, recorded: 0, undelivered: 0 });
    const kept = await h.db('email_delivery_events').where({ email_message_id: msg.id }).where('sg_event_id', 'like', 'ev-%').orderBy('occurred_at').select('event', 'reason', 'occurred_at');
    expect(kept).toEqual([
      { event: 'deferred', reason: '421 Try again later', occurred_at: new Date(at(10) * 1000) },
      { event: 'delivered', reason: '250 2.0.0 OK', occurred_at: new Date(at(20) * 1000) },
      { event: 'spam_report', reason: 'The recipient marked it as spam', occurred_at: new Date(at(40) * 1000) },
    ]);
    expect(await h.db('email_messages').where({ id: msg.id }).first('delivery')).toEqual({ delivery: 'spam_report' });
  });

  it('does not exist with a real SendGrid account and no verification key', async () => {
    const server = await startTestServer({ SENDGRID_API_KEY: 'SG.real-account-key-without-webhook' });
    try {
      const raw = JSON.stringify([{ event: 'bounce' }]);
      const res = await client(server.url)('POST', '/api/webhooks/sendgrid', { body: raw, headers: { 'content-type': 'application/json', ...signSendgridEvents(raw) } });
      expect(res.status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
