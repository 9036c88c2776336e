import { describe, expect, it } from 'vitest';
import { bookByCard } from '../../payments/booking-flows';
import { createWorkshop } from '../../payments/payments-helpers';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review, and fixed since (the test holds the fix): a join link "changes with the seat's person (a rename, a transfer, a corrected address)".
 * A team buyer who named someone else on the first seat holds the first unnamed seat; its join link
 * goes to the buyer's address in every reminder (and the booking page). When an admin corrects that
 * address (a typo: the mail went to a stranger's mailbox), the booking link rotates, the join link does not.
 */
const h = useTestServer({ admin: true });
const MIN = 60_000;
const DAY = 86_400_000;
const MEETING = 'https://meet.example.com/team-room';

describe("the buyer's unnamed seat after the buyer's address is corrected", () => {
  it('no longer opens the meeting, the recording or the feedback form from the old link', async () => {
    const w = await createWorkshop(h.db, { date: new Date(Date.now() + 3 * DAY), duration_hours: 2, max_participants: 10, join_url: MEETING, recording_url: 'https://videos.example.com/t' });
    const b = await bookByCard(h, w.id, 'typo', { seats: 2, attendees: [{ name: 'Alice Named', email: 'alice.typo@example.com' }] });
    const reg = await h.db('workshop_registrations').where({ workshop_id: w.id }).whereRaw('lower(email) = ?', [b.email]).first('id');
    const buyersSeat = await h.db('attendees').where({ registration_id: reg.id, position: 2 }).first('id', 'email', 'join_token');
    expect(buyersSeat.email).toBeNull();
    // The link the (mistyped) address received, e.g. on the booking page or in a reminder.
    const leaked = buyersSeat.join_token as string;

    const fixed = await h.api('PATCH', `/api/admin/registrations/${reg.id}`, { token: h.token, body: { email: 'tess.fixed@example.com' } });
    expect(fixed.status, fixed.text).toBe(200);

    // The workshop is on.
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 10 * MIN) });
    const join = await fetch(`${h.server.url}/join/${leaked}`, { redirect: 'manual' });
    expect([join.status, join.headers.get('location')]).toEqual([404, null]);
  });
});
