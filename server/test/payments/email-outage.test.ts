import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from './payments-helpers';

const h = useTestServer();

describe('SendGrid down for a while, then back', () => {
  it('delivers every confirmation exactly once, none lost', async () => {
    const outage = await h.api('POST', '/sandbox/sendgrid/outage', { body: { seconds: 2 } });
    expect(outage.status).toBe(204);
    const w = await createWorkshop(h.db);
    const people = [1, 2, 3, 4, 5].map((i) => buyer(`outage${i}`));
    for (const who of people) {
      const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
      const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
      expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
    }
    // While SendGrid answers 503, nothing arrives and the failures are recorded.
    await waitFor(async () => (await h.db('email_messages').whereNotNull('last_error')).length > 0, 5000);
    await waitFor(async () => {
      const sent = await h.db('email_messages').where({ status: 'sent' });
      return sent.length === people.length;
    }, 30_000, 250);

    for (const who of people) expect(await sandboxEmails(h.server, who.email)).toHaveLength(1);
    const rows = await h.db('email_messages');
    expect(rows).toHaveLength(people.length);
    expect(rows.some((r) => r.attempts >= 2)).toBe(true);
    expect(rows.every((r) => r.provider_message_id)).toBe(true);
  }, 60_000);

  it('gives up on an email the provider refuses on every attempt: recorded as failed, the admins are told', async () => {
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: 'ops-mail@example.com' }) }).onConflict('setting_key').merge();
    const w = await createWorkshop(h.db, { title: 'Refused Mail Workshop' });
    const who = buyer('refused-mail');
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, ...who } });
    await h.api('POST', '/sandbox/sendgrid/outage', { body: { seconds: 60 } });
    const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();
    const email = await waitFor(async () => {
      const m = await h.db('email_messages').where({ registration_id: reg.id, kind: 'confirmation' }).first();
      return m?.last_error ? m : undefined;
    });
    // Its next attempt is its last, and SendGrid is still down.
    await h.db.raw(`UPDATE graphile_worker._private_jobs SET max_attempts = attempts + 1, run_at = now() WHERE key = ?`, [`email:${email.id}`]);
    await waitFor(async () => (await h.db('email_messages').where({ id: email.id }).first()).status === 'failed', 15_000);
    await h.api('POST', '/sandbox/sendgrid/outage', { body: { seconds: 0 } });
    const [alert] = await waitFor(async () => {
      const m = await sandboxEmails(h.server, 'ops-mail@example.com');
      return m.length ? m : undefined;
    });
    expect(alert.subject).toBe(`Action needed: an email to ${who.email} could not be sent`);
    expect(alert.text_body).toContain('Email kind: confirmation');
    expect((await h.db('email_messages').where({ id: email.id }).first()).data.bookingUrl).toBeUndefined();
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ status: 'completed' });
  }, 60_000);
});
