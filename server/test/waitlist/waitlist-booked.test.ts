import { WAITLIST_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { buyer, createWorkshop, payWithPaypal } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { entry, join, jobsIdle, offerEmails, offerToken, person, runJobsNow } from './waitlist-helpers';

const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

async function cancel(regId: string) {
  expect((await h.api('POST', `/api/admin/registrations/${regId}/cancel`, { token: h.token })).status).toBe(200);
}

describe('someone who already booked is never offered a seat from the line', () => {
  it('a buyer who already booked cannot take a place in line', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1, title: 'Booked then joined' });
    const booked = person('booked-x');
    await payWithPaypal(h.server, w.id, booked);
    const res = await join(h.api, w.id, { ...booked, email: booked.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(WAITLIST_MESSAGES.alreadyBooked);
    expect(await h.db('waitlist_entries').where({ workshop_id: w.id }).first('id')).toBeUndefined();
  });

  it('a booking an admin moves into a workshop ends the wait of its owner there: the freed seat goes to the next person', async () => {
    const w1 = await createWorkshop(h.db, { max_participants: 5, title: 'Move from' });
    const w2 = await createWorkshop(h.db, { max_participants: 2, title: 'Move to' });
    const x = person('move-x');
    await payWithPaypal(h.server, w1.id, x);
    await payWithPaypal(h.server, w2.id, buyer('move-y'));
    await payWithPaypal(h.server, w2.id, buyer('move-z'));
    expect((await join(h.api, w2.id, x)).status).toBe(201);
    expect((await join(h.api, w2.id, person('move-b'))).status).toBe(201);
    // One seat frees and goes to x (first in line) as an offer; x does not use it, it runs out.
    const z = await h.db('workshop_registrations').where({ workshop_id: w2.id, email: buyer('move-z').email }).first('id');
    await cancel(z.id);
    await offerToken(h.server, x.email);
    // Instead, the admin moves x's booking from w1 into that seat (the offer is expired first so the seat is free to move into).
    await h.db('waitlist_entries').whereRaw('lower(email) = ?', [x.email]).update({ status: 'expired', offer_expires_at: h.db.raw(`now() - interval '1 second'`) });
    const xr = await h.db('workshop_registrations').where({ workshop_id: w1.id, email: x.email }).first('id');
    expect((await h.api('POST', `/api/admin/registrations/${xr.id}/move`, { token: h.token, body: { workshop_id: w2.id } })).status).toBe(200);
    expect((await entry(h.db, x.email)).status).toBe('booked');

    const y = await h.db('workshop_registrations').where({ workshop_id: w2.id, email: buyer('move-y').email }).first('id');
    await cancel(y.id);
    await offerToken(h.server, person('move-b').email);
    await runJobsNow(h.db);
    await jobsIdle(h.db);
    expect(await offerEmails(h.server, x.email)).toHaveLength(1);
  });

  it('an admin cannot offer by hand to someone whose offer ran out and who booked publicly since', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1, title: 'Expired then booked' });
    await payWithPaypal(h.server, w.id, buyer('exp-sold'));
    const a = person('exp-a');
    expect((await join(h.api, w.id, a)).status).toBe(201);
    const sold = await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' }).first('id');
    await cancel(sold.id);
    await offerToken(h.server, a.email);
    // The offer runs out unused; the job moves on (nobody else waits) and the seat is public again.
    await h.db('waitlist_entries').whereRaw('lower(email) = ?', [a.email]).update({ offer_expires_at: h.db.raw(`now() - interval '1 second'`) });
    await h.db.raw(`SELECT waitlist_queue_offers(?)`, [w.id]);
    await h.db('waitlist_entries').whereRaw('lower(email) = ?', [a.email]).update({ status: 'expired' });
    // The same person then books the public seat with their own email.
    await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { max_participants: 2 } });
    await payWithPaypal(h.server, w.id, a);
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id, email: a.email, status: 'completed' }).first('id')).toBeTruthy();
    await h.db('workshops').where({ id: w.id }).update({ max_participants: 3 });

    const e = await entry(h.db, a.email);
    const res = await h.api('POST', `/api/admin/workshops/${w.id}/waitlist/${e.id}/offer`, { token: h.token });
    expect(res.status).toBe(409);
    await runJobsNow(h.db);
    await jobsIdle(h.db);
    expect(await offerEmails(h.server, a.email)).toHaveLength(1);
  });
});
