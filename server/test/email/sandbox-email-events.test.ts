import { describe, expect, it } from 'vitest';
import { SANDBOX_BOUNCE_REASON } from '../../src/sandbox/sendgrid.events';
import { insertWorkshop } from '../support/fixtures';
import { useTestServer } from '../support/test-server';
import { bookByCard } from '../payments/booking-flows';
import { sandboxEmails, waitFor } from '../payments/payments-helpers';

/**
 * The built-in SendGrid sandbox posts its Event Webhook to the server, signed with its key like
 * SendGrid (issue 26, point 1): every message delivered, except to an address told to bounce.
 */
const h = useTestServer({ admin: true });
const ADMIN = 'owner@sandbox-events.test';

async function confirmationOf(name: string) {
  const w = await insertWorkshop(h.db, { title: `Events ${name}`, max_participants: 5 });
  const booked = await bookByCard(h, w.id, name);
  const reg = await h.db('workshop_registrations').where({ payment_id: booked.paymentId }).first('id');
  const msg = await waitFor<{ id: string }>(() => h.db('email_messages').where({ registration_id: reg.id, kind: 'confirmation', status: 'sent' }).first('id'));
  return { booked, reg, msg };
}

describe("the sandbox's SendGrid events", () => {
  it('say each message was delivered, signed as SendGrid signs, kept once', async () => {
    const { msg } = await confirmationOf('eve');
    const row = await waitFor(async () => {
      const m = await h.db('email_messages').where({ id: msg.id }).first('delivery', 'delivery_at', 'bounced_at');
      return m.delivery ? m : undefined;
    });
    expect(row).toMatchObject({ delivery: 'delivered', bounced_at: null });
    const events = await h.db('email_delivery_events').where({ email_message_id: msg.id }).select('event', 'reason', 'sg_event_id');
    expect(events).toEqual([{ event: 'delivered', reason: '250 2.0.0 OK (sandbox)', sg_event_id: expect.stringMatching(/^sgev_/) }]);
  });

  it('bounce every later message to an address told to bounce: marked, and the admins told', async () => {
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: ADMIN }) }).onConflict('setting_key').merge();
    expect((await h.api('POST', '/sandbox/sendgrid/bounce', { body: { email: 'Buyerfrank@example.com' } })).status).toBe(204);
    expect((await h.api('POST', '/sandbox/sendgrid/bounce', { body: {} })).status).toBe(400);
    const { msg } = await confirmationOf('frank');
    const row = await waitFor(async () => {
      const m = await h.db('email_messages').where({ id: msg.id }).first('delivery', 'bounce_reason');
      return m.delivery ? m : undefined;
    });
    expect(row).toEqual({ delivery: 'bounced', bounce_reason: `Bounced by the receiving server: ${SANDBOX_BOUNCE_REASON}` });
    const alert = await waitFor(async () => (await sandboxEmails(h.server, ADMIN)).find((m) => m.text_body?.includes(SANDBOX_BOUNCE_REASON)));
    expect(alert.text_body).toContain('Bounced by the receiving server');
  });
});
