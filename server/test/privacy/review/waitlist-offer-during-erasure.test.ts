import { describe, expect, it } from 'vitest';
import { bookByCard } from '../../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../../payments/payments-helpers';
import { insertInterest } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';
import { join, offerEmails, person, runJobsNow } from '../../waitlist/waitlist-helpers';
import { emailsHolding, tablesHolding } from '../erasure-helpers';

/**
 * Found by review: anonymise() erased the person's emails (eraseEmails) BEFORE it took the workshop
 * lock for their waitlist place (eraseLeads); it now locks the workshops of the lines they wait in
 * first, so the offer job (and a capacity change) waits for it. The waitlist offer job can run in between: it locks the workshop,
 * offers the freed seat to the person (still 'waiting', still their address) and queues the
 * offer email to their real address. The erasure then turns the entry to 'left', but the queued
 * email is never looked at again: it is sent to the erased person after the erasure answered
 * "erased", and email_messages keeps their address.
 *
 * For a deterministic interleaving the test holds the person's question (workshop_interests row)
 * for a moment, as an admin changing its status does (changeInterestStatus locks it), so the
 * erasure is known to be between eraseEmails and eraseLeads when the seat frees.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });

/** Statements of this database waiting for a lock whose text matches (other waiters, such as an email job, do not count). */
async function lockWaiters(like: string): Promise<number> {
  const r = await h.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE ?`, [like]);
  return r.rows[0].n;
}

describe('a waitlist offer made while the erasure runs', () => {
  it('is not sent to the erased person, and their address is not kept', async () => {
    const w = await createWorkshop(h.db, { title: 'Full Then Freed', max_participants: 1 });
    await bookByCard(h, w.id, 'seat-holder');
    const p = person('erased-offer');
    const joined = await join(h.api, w.id, p);
    expect(joined.status, joined.text).toBeLessThan(300);
    await insertInterest(h.db, { name: p.name, email: p.email, message: 'Any chance of a seat?' });
    await waitFor(async () => !(await h.db('email_messages').where({ status: 'queued' }).first('id')));

    expect((await h.api('POST', '/api/privacy/requests', { body: { email: p.email, kind: 'erasure' } })).status).toBe(202);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, p.email)).find((m) => m.subject === 'Confirm your data request'));
    const token = mail.text_body!.match(/token=([A-Za-z0-9_-]{43})/)![1];

    const holder = await h.db.transaction();
    let erasure: Promise<{ status: number; body: any; text: string }> | undefined;
    try {
      await holder.raw('SELECT id FROM workshop_interests WHERE lower(email) = lower(?) FOR NO KEY UPDATE', [p.email]);
      erasure = h.api('POST', '/api/privacy/requests/confirm', { body: { token } });
      await waitFor(async () => (await lockWaiters('%UPDATE workshop_interests%')) >= 1, 30_000, 20);
      // The organiser adds a seat (the line's offer job would run): the change itself waits, as the erasure holds the workshop of the line it is in, from its start.
      // (.then() sends it now: a knex builder runs only when awaited, and this one must run while the erasure waits.)
      const raised = h.db('workshops').where({ id: w.id }).update({ max_participants: 2 }).then((n) => n);
      await waitFor(async () => (await lockWaiters('update "workshops"%')) >= 1, 30_000, 20);
      await holder.commit();
      await raised;
    } finally {
      if (!holder.isCompleted()) await holder.commit();
    }
    const answer = await erasure!;
    expect([answer.status, answer.body.outcome], answer.text).toEqual([200, 'erased']);
    const inboxWhenErased = (await offerEmails(h.server, p.email)).length;

    // The offer job and the email queue run.
    await runJobsNow(h.db);
    await new Promise((r) => setTimeout(r, 2500));
    await runJobsNow(h.db);
    await new Promise((r) => setTimeout(r, 2500));

    const offersAfter = (await offerEmails(h.server, p.email)).length - inboxWhenErased;
    const holding = await tablesHolding(h, p.email);
    expect({ offersSentAfterErasure: offersAfter, tablesHolding: holding }, `emails naming them: ${(await emailsHolding(h, p.email)).join('; ')}`).toEqual({
      offersSentAfterErasure: 0,
      tablesHolding: ['privacy_requests'],
    });
  }, 120_000);
});
