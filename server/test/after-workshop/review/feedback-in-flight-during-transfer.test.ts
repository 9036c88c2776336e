import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../payments/payments-helpers';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { type ApiResponse, useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review (fixed): a seat's answer is its person's; a new person on
 * the seat lets go of it (the after-workshop trigger), so the new holder's form is blank. But PUT
 * /api/feedback/<token> reads the seat by its token and then inserts the answer for the seat's
 * id, unguarded (the join and recording writes check the token in their UPDATE; this does not).
 * An answer sent while an admin's transfer is committing lands after the trigger ran: the old
 * holder's private comment becomes the new holder's, shown to them on their form and in the
 * admin's feedback under the new holder's name.
 */
const h = useTestServer({ admin: true, env: { FOLLOW_UP_INTERVAL_SECONDS: '3600' } });
const MIN = 60_000;

describe('feedback sent while the seat changes hands', () => {
  it("does not become the new holder's answer", async () => {
    const w = await insertWorkshop(h.db, { title: 'Feedback handover', date: new Date(Date.now() - 3 * 60 * MIN), duration_hours: 2 });
    const reg = await insertRegistration(h.db, w.id, { name: 'Olga Old', email: 'olga.fb-race@example.com' });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id', 'join_token');
    // Someone waiting under the new holder's address: the transfer marks it booked at its very end (markWaitlistBooked).
    const [entry] = await h.db('waitlist_entries').insert({ workshop_id: w.id, name: 'Nat New', email: 'nat.fb-race@example.com', phone: '9876543210', status: 'waiting' }).returning('id');
    const blocker = new pg.Client({ connectionString: h.server.testDb.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM waitlist_entries WHERE id = $1 FOR UPDATE', [entry.id]);
    const transferring = h.api('POST', `/api/admin/registrations/${reg.id}/transfer`, {
      token: h.token,
      body: { name: 'Nat New', email: 'nat.fb-race@example.com', phone: '9876543210', reason: 'Booked for the wrong person' },
    });
    let answering: Promise<ApiResponse> | undefined;
    try {
      // The transfer has rewritten the seat and waits to commit.
      await waitFor(async () => (await h.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%waitlist_entries%'`)).rows[0].n > 0);
      // Olga sends her answer now, by her own (still committed) link.
      answering = h.api('PUT', `/api/feedback/${seat.join_token}`, { body: { rating: 1, comment: 'Private: my manager made me come.' } });
      await new Promise((r) => setTimeout(r, 500));
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    expect((await transferring).status).toBe(200);
    const answered = await answering!;
    const after = await h.db('attendees').where({ id: seat.id }).first('email', 'join_token');
    expect(after.email).toBe('nat.fb-race@example.com');

    const natsForm = await h.api('GET', `/api/feedback/${after.join_token}`);
    expect(natsForm.status).toBe(200);
    const admin = await h.api('GET', `/api/admin/workshops/${w.id}/feedback`, { token: h.token });
    const attributedToNat = admin.body.items.filter((i: { name: string }) => i.name === 'Nat New').length;
    // Whatever Olga's PUT answered, Nat never answered: his form is blank and no answer is his.
    expect({ olga: answered.status, natRating: natsForm.body.rating, natComment: natsForm.body.comment, attributedToNat }).toEqual({
      olga: answered.status,
      natRating: null,
      natComment: '',
      attributedToNat: 0,
    });
  });
});
