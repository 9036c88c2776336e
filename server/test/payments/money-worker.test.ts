import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { bookByCard, refundedAtProvider } from './booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from './payments-helpers';

/**
 * Money jobs have slots of their own (issue 21, 9): with SendGrid answering slowly, the one
 * email slot is taken by a send for a long while, and a refund queued meanwhile is still made
 * at once, not after the email. With one runner for both, it waited behind the send.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50', EMAIL_WORKER_CONCURRENCY: '1' } });

const slowSendgrid = async (ms: number) => expect((await h.api('POST', '/sandbox/sendgrid/slow', { body: { ms } })).status).toBe(204);
const emailInFlight = async () =>
  (await h.db.raw(`SELECT 1 FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'send_email' AND j.locked_at IS NOT NULL`)).rows.length > 0;

describe('a refund while SendGrid is slow', () => {
  it('is made at the provider while an email send still holds the email slot', async () => {
    const w = await createWorkshop(h.db);
    const kept = await bookByCard(h, w.id, 'slow-mail-kept');
    const refunded = await bookByCard(h, w.id, 'slow-mail-refunded');
    const keptReg = await h.db('workshop_registrations').where({ email: kept.email }).first();
    const reg = await h.db('workshop_registrations').where({ email: refunded.email }).first();
    await slowSendgrid(20_000);
    try {
      const mailsBefore = (await sandboxEmails(h.server, kept.email)).length;
      // An admin resends a confirmation: its send takes the only email slot for 20 s.
      expect((await h.api('POST', `/api/admin/registrations/${keptReg.id}/resend`, { token: h.token })).status).toBe(200);
      await waitFor(emailInFlight, 10_000, 20);

      const started = Date.now();
      expect((await h.api('POST', `/api/admin/registrations/${reg.id}/refund`, { token: h.token, body: { amount_cents: 9900, reason: 'goodwill' } })).status).toBe(200);
      await waitFor(async () => (await refundedAtProvider(h, refunded)).cents === 9900, 10_000, 50);
      await waitFor(async () => (await h.db('refunds').where({ payment_id: refunded.paymentId }).first('status')).status === 'succeeded', 10_000, 50);
      expect(Date.now() - started).toBeLessThan(10_000);
      // The resent confirmation is still on its way: the refund did not wait for it.
      expect(await emailInFlight()).toBe(true);
      expect((await sandboxEmails(h.server, kept.email)).length).toBe(mailsBefore);
    } finally {
      await slowSendgrid(0);
    }
  });
});
