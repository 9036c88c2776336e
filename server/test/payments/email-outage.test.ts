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
});
