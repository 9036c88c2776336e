import { WAITLIST_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { sweepWaitlists } from '../../src/waitlist/waitlist.job';
import { SEAT_MESSAGES } from '../../src/registrations/seat-messages';
import { buyer, createWorkshop, follow, payWithPaypal, pressPaypalButton, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';
import { entry, join, jobsIdle, offerEmails, offerToken, person, runJobsNow } from './waitlist-helpers';

const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

/** A workshop of `seats` seats, all sold through the real checkout. */
async function soldOut(seats: number, tag: string) {
  const w = await createWorkshop(h.db, { max_participants: seats, title: `Waitlist ${tag}` });
  for (let i = 0; i < seats; i++) await payWithPaypal(h.server, w.id, buyer(`${tag}-sold${i}`));
  return w;
}

const seatsLeft = async (id: string) => ((await h.api('GET', '/api/workshops')).body as { id: string; seats_left: number | null }[]).find((w) => w.id === id)?.seats_left;

async function cancelOne(workshopId: string) {
  const reg = await h.db('workshop_registrations').where({ workshop_id: workshopId, status: 'completed' }).first('id');
  expect((await h.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: h.token })).status).toBe(200);
}

describe('joining the waitlist', () => {
  it('is refused while seats are available, then answers a place in line; joining again is clear, not a second place', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const early = await join(h.api, w.id, person('early'));
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(WAITLIST_MESSAGES.seatsAvailable);

    await payWithPaypal(h.server, w.id, buyer('join-sold'));
    const a = await join(h.api, w.id, person('join-a'));
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ status: 'waiting', position: 1, already: false, message: WAITLIST_MESSAGES.joined });
    const b = await join(h.api, w.id, person('join-b'));
    expect(b.body.position).toBe(2);
    const again = await join(h.api, w.id, { ...person('join-a'), email: 'WAITjoin-a@example.com' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: a.body.id, position: 1, already: true, message: WAITLIST_MESSAGES.alreadyJoined });
    expect(await h.db('waitlist_entries').where({ workshop_id: w.id }).count('* as n').first()).toMatchObject({ n: 2 });
  });

  it('uses the registration rules and messages, and is open while registration is closed', async () => {
    const w = await createWorkshop(h.db, { registration_open: false });
    const bad = await join(h.api, w.id, { name: 'X', email: 'not-an-email', phone: '123' });
    expect(bad.status).toBe(422);
    expect(bad.text).toContain('Invalid email address');
    const phone = await join(h.api, w.id, { ...person('closed'), phone: '123' });
    expect(phone.text).toContain('Please enter a valid 10-digit phone number.');
    expect((await join(h.api, w.id, person('closed'))).status).toBe(201);
  });
});

describe('a freed seat', () => {
  it('goes to the first in line and only to them: the second gets no email and the public cannot take it', async () => {
    const w = await soldOut(1, 'first');
    await join(h.api, w.id, person('first-a'));
    await join(h.api, w.id, person('first-b'));
    expect(await seatsLeft(w.id)).toBe(0);

    await cancelOne(w.id);
    const token = await offerToken(h.server, person('first-a').email);
    await jobsIdle(h.db);
    expect(await offerEmails(h.server, person('first-b').email)).toHaveLength(0);
    expect(await entry(h.db, person('first-a').email)).toMatchObject({ status: 'offered', offer_count: 1, offered_by: 'auto' });
    expect(await seatsLeft(w.id)).toBe(0);

    const stranger = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('first-stranger') } });
    expect(stranger.status).toBe(409);
    expect(stranger.body.error.message).toBe(SEAT_MESSAGES.soldOut);

    // The link opens the offer with the details filled in, and its checkout gets the held seat.
    const offer = await h.api('GET', `/api/waitlist/offer?token=${token}`);
    expect(offer.body).toMatchObject({ workshop_id: w.id, email: person('first-a').email, workshop_title: 'Waitlist first' });
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...person('first-a'), waitlist_token: token } });
    expect(res.status).toBe(201);
    const back = await pressPaypalButton(h.server, res.body.approval_url, 'approve');
    expect(await follow(h.server, back)).toContain('/thank-you?payment=success');
    expect(await entry(h.db, person('first-a').email)).toMatchObject({ status: 'booked' });
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' }).count('* as n').first()).toMatchObject({ n: 1 });
    // The used link is spent.
    expect((await h.api('GET', `/api/waitlist/offer?token=${token}`)).body.error.message).toBe(WAITLIST_MESSAGES.offerGone);
    await jobsIdle(h.db);
    expect(await offerEmails(h.server, person('first-b').email)).toHaveLength(0);
  });

  it('is offered again to the same person when their checkout fails while the offer is live', async () => {
    const w = await soldOut(1, 'retry');
    await join(h.api, w.id, person('retry-a'));
    await cancelOne(w.id);
    const token = await offerToken(h.server, person('retry-a').email);
    const first = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...person('retry-a'), waitlist_token: token } });
    expect(first.status).toBe(201);
    expect(await follow(h.server, await pressPaypalButton(h.server, first.body.approval_url, 'cancel'))).toContain('payment=cancelled');
    await jobsIdle(h.db);
    expect(await offerEmails(h.server, person('retry-a').email)).toHaveLength(1);
    const second = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...person('retry-a'), waitlist_token: token } });
    expect(second.status).toBe(201);
    // Two checkouts from one link never hold two seats.
    const third = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...person('retry-a'), email: 'other-retry@example.com', waitlist_token: token } });
    expect(third.status).toBe(201);
    const holding = await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'pending' }).whereRaw('hold_expires_at > now()');
    expect(holding).toHaveLength(1);
  });
});

describe('the sweep', () => {
  it('offers a seat freed by the clock alone (a hold that ran out before any reconcile pass)', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1, title: 'Waitlist sweep' });
    expect((await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('sweep-holder') } })).status).toBe(201);
    expect((await join(h.api, w.id, person('sweep-a'))).status).toBe(201);
    await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'pending' }).update({ hold_expires_at: h.db.raw(`now() - interval '1 second'`) });
    await jobsIdle(h.db);
    expect(await offerEmails(h.server, person('sweep-a').email)).toHaveLength(0);
    await sweepWaitlists(h.db);
    await offerToken(h.server, person('sweep-a').email);
    // The one seat query agrees: the seat is the offered person's, not the public's.
    expect(await seatsLeft(w.id)).toBe(0);
  });
});

describe('an offer that runs out', () => {
  it('holds the seat for the hours the admin set', async () => {
    expect((await h.api('PUT', '/api/admin/settings/waitlist', { token: h.token, body: { setting_value: { offer_hours: 2 } } })).status).toBe(200);
    try {
      const w = await soldOut(1, 'hours');
      await join(h.api, w.id, person('hours-a'));
      await cancelOne(w.id);
      await offerToken(h.server, person('hours-a').email);
      const e = await entry(h.db, person('hours-a').email);
      expect(new Date(e.offer_expires_at).getTime() - new Date(e.offered_at).getTime()).toBe(2 * 3600_000);
      const mail = (await offerEmails(h.server, person('hours-a').email))[0];
      expect(mail.text_body).toContain('We are holding it for you for 2 hours.');
    } finally {
      await h.api('PUT', '/api/admin/settings/waitlist', { token: h.token, body: { setting_value: { offer_hours: 12 } } });
    }
  });

  it('moves on to the next person; the expired link no longer books', async () => {
    const w = await soldOut(1, 'expire');
    await join(h.api, w.id, person('expire-a'));
    await join(h.api, w.id, person('expire-b'));
    await cancelOne(w.id);
    const tokenA = await offerToken(h.server, person('expire-a').email);

    await h.db('waitlist_entries').whereRaw('lower(email) = ?', [person('expire-a').email]).update({ offer_expires_at: h.db.raw(`now() - interval '1 second'`) });
    // The job that was scheduled for the offer's end, run now (the DB clock says it is over).
    await runJobsNow(h.db);
    const tokenB = await offerToken(h.server, person('expire-b').email);
    expect(await entry(h.db, person('expire-a').email)).toMatchObject({ status: 'expired' });
    expect(await entry(h.db, person('expire-b').email)).toMatchObject({ status: 'offered' });

    const late = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...person('expire-a'), waitlist_token: tokenA } });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(WAITLIST_MESSAGES.offerGone);
    expect((await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...person('expire-b'), waitlist_token: tokenB } })).status).toBe(201);
  });
});

describe('leaving from the email', () => {
  it('takes the person out of line and passes their offered seat to the next person', async () => {
    const w = await soldOut(1, 'leave');
    await join(h.api, w.id, person('leave-a'));
    await join(h.api, w.id, person('leave-b'));
    await cancelOne(w.id);
    const mail = (await waitFor(async () => (await offerEmails(h.server, person('leave-a').email))[0]))!;
    const leaveLink = /(http\S+\/waitlist\/leave\?token=([a-f0-9]{64}))/.exec(mail.text_body ?? '');
    expect(leaveLink).not.toBeNull();
    const res = await h.api('POST', '/api/waitlist/leave', { body: { token: leaveLink![2] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ workshop_title: 'Waitlist leave', message: WAITLIST_MESSAGES.left });
    expect(await entry(h.db, person('leave-a').email)).toMatchObject({ status: 'left' });
    await offerToken(h.server, person('leave-b').email);
    expect((await h.api('POST', '/api/waitlist/leave', { body: { token: 'f'.repeat(64) } })).status).toBe(404);
  });
});

describe('the admin', () => {
  it('sees the line with positions and offers, and offers a seat by hand only within capacity', async () => {
    const w = await soldOut(2, 'admin');
    await h.db('workshops').where({ id: w.id }).update({ registration_open: false });
    for (const n of ['admin-a', 'admin-b', 'admin-c']) await join(h.api, w.id, person(n));
    const path = `/api/admin/workshops/${w.id}/waitlist`;
    const list = await h.api('GET', path, { token: h.token });
    expect(list.status).toBe(200);
    expect(list.body.free_seats).toBe(0);
    expect(list.body.items.map((e: { email: string; position: number }) => [e.email, e.position])).toEqual([
      [person('admin-a').email, 1],
      [person('admin-b').email, 2],
      [person('admin-c').email, 3],
    ]);
    const b = list.body.items[1].id;
    const full = await h.api('POST', `${path}/${b}/offer`, { token: h.token });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe(WAITLIST_MESSAGES.noSeatToOffer);

    // Registration is closed, so the freed seat waits for an admin's choice.
    await cancelOne(w.id);
    await jobsIdle(h.db);
    expect(await offerEmails(h.server, person('admin-a').email)).toHaveLength(0);
    const offered = await h.api('POST', `${path}/${b}/offer`, { token: h.token });
    expect(offered.status).toBe(200);
    expect(offered.body.free_seats).toBe(0);
    const rowB = offered.body.items.find((e: { id: string }) => e.id === b);
    expect(rowB).toMatchObject({ status: 'offered', offered_by: 'admin', offer_live: true, position: null, offer_count: 1 });
    expect(offered.body.items.map((e: { position: number | null }) => e.position)).toEqual([1, null, 2]);
    const token = await offerToken(h.server, person('admin-b').email);
    expect((await h.api('POST', `${path}/${offered.body.items[2].id}/offer`, { token: h.token })).status).toBe(409);
    // The personal invitation stands while registration is closed to the public.
    expect((await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...person('admin-b'), waitlist_token: token } })).status).toBe(201);
    expect((await h.api('GET', path)).status).toBe(401);
  });
});

describe('capacity and the waitlist', () => {
  it('a raised capacity goes to the line first, then to the public', async () => {
    const w = await soldOut(1, 'raise');
    await join(h.api, w.id, person('raise-a'));
    const res = await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { max_participants: 3 } });
    expect(res.status).toBe(200);
    await offerToken(h.server, person('raise-a').email);
    await jobsIdle(h.db);
    expect(await seatsLeft(w.id)).toBe(1);
    expect((await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('raise-public') } })).status).toBe(201);
    expect((await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('raise-public2') } })).status).toBe(409);
  });

  it('many buyers racing an offer for the last seat never oversell', async () => {
    const w = await soldOut(3, 'race');
    await join(h.api, w.id, person('race-a'));
    await cancelOne(w.id);
    const token = await offerToken(h.server, person('race-a').email);
    const publicTries = Array.from({ length: 12 }, (_, i) => h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer(`race-${i}`) } }));
    const offered = h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...person('race-a'), waitlist_token: token } });
    const [mine, ...others] = await Promise.all([offered, ...publicTries]);
    expect(mine.status).toBe(201);
    expect(others.map((r) => r.status)).toEqual(others.map(() => 409));
    await follow(h.server, await pressPaypalButton(h.server, mine.body.approval_url, 'approve'));
    const sold = await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' }).count('* as n').first();
    expect(Number(sold?.n)).toBe(3);
  });
});
