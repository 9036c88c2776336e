import { describe, expect, it } from 'vitest';
import { signSendgridEvents } from '../../../src/sandbox/sandbox.credentials';
import { bookByCard } from '../../payments/booking-flows';
import { createWorkshop, waitFor } from '../../payments/payments-helpers';
import { useTestServer } from '../../support/test-server';
import { emailsHolding, eraseByInbox, tablesHolding } from '../erasure-helpers';

/**
 * The erasure blanks the bounce reasons it finds, but a bounce can be reported long after the
 * send (SendGrid posts delayed bounces hours later). One arriving after the erasure writes the
 * receiving server's text, which routinely names the recipient ("<jane@x>: Recipient address
 * rejected"), into email_delivery_events.reason and email_messages.bounce_reason, and queues an
 * admin alert carrying it: the erased address is back in three places.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });

describe('a bounce reported after the erasure', () => {
  it('does not bring the erased address back', async () => {
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: 'owner-bounce@example.com' }) }).onConflict('setting_key').merge();
    const w = await createWorkshop(h.db, { title: 'Bounced Later' });
    const b = await bookByCard(h, w.id, 'late-bounce');
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 2 * 86_400_000) });
    await waitFor(async () => !(await h.db('email_messages').where({ status: 'queued' }).first('id')));
    const confirmation = await h.db('email_messages').where({ kind: 'confirmation', to_email: b.email }).first('id', 'provider_message_id');

    const answer = await eraseByInbox(h, b.email);
    expect(answer).toMatchObject({ outcome: 'erased', held: true });
    expect((await tablesHolding(h, b.email)).filter((t) => !['invoices', 'privacy_requests'].includes(t))).toEqual([]);

    // SendGrid reports, late, that the confirmation bounced.
    const raw = JSON.stringify([
      {
        email: b.email,
        timestamp: Math.floor(Date.now() / 1000),
        event: 'bounce',
        type: 'bounce',
        status: '5.1.1',
        reason: `550 5.1.1 <${b.email}>: Recipient address rejected: User unknown in virtual mailbox table`,
        sg_event_id: `sgev_late_${confirmation.id}`,
        sg_message_id: `${confirmation.provider_message_id}.filter0001`,
        email_message_id: confirmation.id,
      },
    ]);
    const hook = await h.api('POST', '/api/webhooks/sendgrid', { body: raw, headers: { 'content-type': 'application/json', ...signSendgridEvents(raw) } });
    expect(hook.status, hook.text).toBeLessThan(300);
    await new Promise((r) => setTimeout(r, 1000));

    const holding = (await tablesHolding(h, b.email)).filter((t) => !['invoices', 'privacy_requests'].includes(t));
    expect(holding, `emails naming them: ${(await emailsHolding(h, b.email)).join('; ')}`).toEqual([]);
  });
});
