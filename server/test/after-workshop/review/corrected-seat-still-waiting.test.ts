import { describe, expect, it } from 'vitest';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review (low; fixed): every other way a person gets a seat (checkout,
 * transfer, move, seat move, the buyer's address corrected by editBooking) marks their place in
 * the workshop's waiting line booked (markWaitlistBooked). "Correct email and resend" for an
 * attendee's seat (correctSeatEmail) does not, and the offer sweep only clears entries whose
 * address is a booking's buyer. The corrected attendee stays in line; the next free seat is
 * offered to, and held for, someone who already sits in the workshop.
 */
const h = useTestServer({ admin: true, env: { FOLLOW_UP_INTERVAL_SECONDS: '3600' } });
const DAY = 86_400_000;

describe("an attendee's address corrected to someone waiting in line", () => {
  it('takes them out of the line', async () => {
    const w = await insertWorkshop(h.db, { title: 'Full house', date: new Date(Date.now() + 10 * DAY), duration_hours: 2 });
    const reg = await insertRegistration(h.db, w.id, { name: 'Tess Lead', email: 'tess.wl-fix@example.com', seats_bought: 2, seats: 2, amount: 19800 });
    const seat2 = await h.db('attendees').where({ registration_id: reg.id, position: 2 }).first('id');
    const typo = 'wendy@exmaple.com';
    await h.db('attendees').where({ id: seat2.id }).update({ name: 'Wendy Waiting', email: typo });
    // Wendy had also joined the line herself, under her real address.
    const [entry] = await h.db('waitlist_entries').insert({ workshop_id: w.id, name: 'Wendy Waiting', email: 'wendy@example.com', phone: '9876543210', status: 'waiting' }).returning('id');
    // Her attendee confirmation bounced; the admin corrects the address.
    const [bounced] = await h.db('email_messages')
      .insert({ registration_id: reg.id, attendee_id: seat2.id, kind: 'attendee_confirmation', to_email: typo, status: 'sent', subject: "You're registered", data: JSON.stringify({ name: 'Wendy Waiting' }), bounced_at: new Date(), bounce_reason: 'Bounced by the receiving server: 550', delivery: 'bounced' })
      .returning('id');
    const fixed = await h.api('POST', `/api/admin/registrations/${reg.id}/correct-email`, { token: h.token, body: { email: 'wendy@example.com', email_message_id: bounced.id } });
    expect(fixed.status, fixed.text).toBe(200);
    expect((await h.db('attendees').where({ id: seat2.id }).first('email')).email).toBe('wendy@example.com');
    expect((await h.db('waitlist_entries').where({ id: entry.id }).first('status')).status).toBe('booked');
  });
});
