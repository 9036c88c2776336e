import { describe, expect, it } from 'vitest';
import { createWorkshop, sandboxEmails, waitFor } from '../../payments/payments-helpers';
import { insertRegistration } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/**
 * Every seat change locks workshop rows in one order: a move locks both workshops by id
 * (lockForMove), everything else one workshop. The erasure locks the workshop of each of the
 * person's bookings in the order of the BOOKINGS' ids (lockIds.sort()), holding each lock while
 * it takes the next. A person with bookings in two workshops whose booking-id order is the
 * reverse of the workshop-id order, erased while an admin moves another booking between those
 * two workshops, deadlocks with the move: PostgreSQL aborts one of them (the erasure answers 500,
 * or the admin's move fails).
 *
 * To make the interleaving deterministic, a transaction of the test holds the person's first
 * booking row for a moment (as any payment, refund or rename step on it would), so the erasure is
 * known to hold the first workshop when the move starts.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;

async function lockWaiters(): Promise<number> {
  const r = await h.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
  return r.rows[0].n;
}

describe('erasure lock order', () => {
  it('an erasure and an admin move between the same two workshops both finish', async () => {
    const low = await createWorkshop(h.db, { id: '10000000-0000-4000-8000-000000000001', title: 'Low Id Workshop', date: new Date(Date.now() + 20 * DAY), max_participants: 10 });
    const high = await createWorkshop(h.db, { id: 'f0000000-0000-4000-8000-000000000001', title: 'High Id Workshop', date: new Date(Date.now() + 21 * DAY), max_participants: 10 });
    const email = 'two.workshops@example.com';
    // Two bookings of theirs, both cancelled (nothing blocks the erasure); the lower booking id is in the higher workshop.
    const first = await insertRegistration(h.db, high.id, { id: '00000000-0000-4000-8000-0000000000aa', email, name: 'Two Workshops', status: 'cancelled', cancelled_at: new Date() });
    await insertRegistration(h.db, low.id, { id: 'ffffffff-0000-4000-8000-0000000000bb', email, name: 'Two Workshops', status: 'cancelled', cancelled_at: new Date() });
    // Someone else's booking the admin is about to move from the low workshop to the high one.
    const other = await insertRegistration(h.db, low.id, { email: 'mover@example.com', name: 'Mover Person' });

    expect((await h.api('POST', '/api/privacy/requests', { body: { email, kind: 'erasure' } })).status).toBe(202);
    const mail = await waitFor(async () => (await sandboxEmails(h.server, email)).find((m) => m.subject === 'Confirm your data request'));
    const token = mail.text_body!.match(/token=([A-Za-z0-9_-]{43})/)![1];

    const deadlocks = async () => Number((await h.db.raw('SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()')).rows[0].deadlocks);
    const deadlocksBefore = await deadlocks();
    const holder = await h.db.transaction();
    let erasure: Promise<{ status: number; text: string }> | undefined;
    let move: Promise<{ status: number; text: string }> | undefined;
    try {
      await holder.raw('SELECT id FROM workshop_registrations WHERE id = ? FOR UPDATE', [first.id]);
      // The erasure locks the high workshop, then waits for the booking row.
      erasure = h.api('POST', '/api/privacy/requests/confirm', { body: { token } });
      await waitFor(async () => (await lockWaiters()) >= 1, 10_000, 20);
      // The admin's move locks the low workshop, then waits for the high one (held by the erasure).
      move = h.api('POST', `/api/admin/registrations/${other.id}/move`, { token: h.token, body: { workshop_id: high.id } });
      await waitFor(async () => (await lockWaiters()) >= 2, 10_000, 20);
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      await holder.commit();
    }
    const [e, m] = await Promise.all([erasure!, move!]);
    await new Promise((r) => setTimeout(r, 600)); // the statistics collector reports a moment later
    expect({ erasure: e.status, move: m.status, deadlocks: (await deadlocks()) - deadlocksBefore }, `erasure: ${e.text}`).toEqual({ erasure: 200, move: 200, deadlocks: 0 });
  });
});
