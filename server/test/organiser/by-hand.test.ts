import { BY_HAND_MESSAGES, MESSAGES, SEATS_MESSAGES, TRANSFER_MESSAGES, WORKSHOP_CANCEL_MESSAGES } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { bookByCard, refundedAtProvider, refundsSettled } from '../payments/booking-flows';
import { createWorkshop, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { inviteOf } from '../support/ics';
import { checkoutTotals } from '../../src/metrics/business-metrics.queries';
import { useTestServer } from '../support/test-server';

/**
 * Bookings an admin adds by hand (issue 23, point 5): a complimentary seat, or one paid outside the
 * site. They count like any seat, get what any booking gets, and no provider is ever asked about
 * their money: what goes back of it is recorded as given back by hand.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;

const guest = (n: string) => ({ name: `Guest ${n}`, email: `guest.${n}@example.com`, phone: '9123456780' });
const mailTo = (email: string, subject: string) => waitFor(async () => (await sandboxEmails(h.server, email)).find((m) => m.subject.startsWith(subject)), 20_000);
const linkIn = (text: string | null | undefined) => text?.match(/\/booking\/([A-Za-z0-9_-]{43})/)?.[1];
const add = (body: Record<string, unknown>) => h.api('POST', '/api/admin/registrations', { token: h.token, body });
const registrations = async () => Number((await h.db('workshop_registrations').count('* as n').first())?.n);

describe('adding a booking by hand', () => {
  it('a complimentary seat: counted in the workshop, confirmed with a link, an invite and reminders, logged', async () => {
    const w = await createWorkshop(h.db, { title: 'Comp Seat Build', max_participants: 5, date: new Date(Date.now() + 10 * DAY) });
    const res = await add({ workshop_id: w.id, ...guest('speaker'), payment: 'complimentary', note: 'Guest speaker' });
    expect(res.status, res.text).toBe(201);
    const reg = res.body.registration;
    expect(reg).toMatchObject({ status: 'completed', amount: 0, by_hand_payment: 'complimentary', by_hand_note: 'Guest speaker', payment_method: null, seats: 1 });
    expect((await h.api('GET', '/api/workshops')).body.find((x: { id: string }) => x.id === w.id).seats_left).toBe(4);

    const mail = await mailTo(guest('speaker').email, "You're registered");
    expect(mail.text_body).toContain('Amount paid: Complimentary');
    expect(inviteOf(mail)).toMatchObject({ method: 'REQUEST', uid: `${reg.id}@nocode-workshop` });
    const view = await h.api('GET', `/api/booking/${linkIn(mail.text_body)}`);
    expect(view.body).toMatchObject({ status: 'completed', by_hand_payment: 'complimentary', cancellation: { refund_cents: 0 } });
    expect((await h.db.raw(`SELECT 1 FROM graphile_worker._private_jobs WHERE key = ?`, [`reminder_24h:${reg.id}`])).rows).toHaveLength(1);
    const logged = await waitFor(() => h.db('admin_activity').where({ action: 'POST /api/admin/registrations', target_id: reg.id }).first());
    expect(logged).toMatchObject({ target_type: 'registration', status: 201 });
    expect(logged.after.request).toMatchObject({ payment: 'complimentary', note: 'Guest speaker' });

    // Its guest may cancel it like any free booking: nothing to give back, the seat is free again.
    expect((await h.api('POST', `/api/booking/${linkIn(mail.text_body)}/cancel`, { body: { confirm: true } })).body).toEqual({ confirmed: true, refund_cents: 0 });
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ status: 'cancelled', by_hand_refunded_cents: 0 });
  });

  it('paid outside the site: offline money on the dashboard, apart from what providers collected; cancelled with a refund by hand, no provider asked', async () => {
    const w = await createWorkshop(h.db, { title: 'Bank Transfer Build', price_usd_cents: 9900, date: new Date(Date.now() + 10 * DAY) });
    const card = await bookByCard(h, w.id, 'card-beside-offline');
    const res = await add({ workshop_id: w.id, ...guest('banker'), payment: 'offline', amount_cents: 9000, note: 'Bank transfer 3 March' });
    expect(res.status, res.text).toBe(201);
    const id = res.body.registration.id;
    const mail = await mailTo(guest('banker').email, "You're registered");
    expect(mail.text_body).toContain('Amount paid: $90.00 (paid outside the site)');
    const token = linkIn(mail.text_body);

    const dash = (await h.api('GET', '/api/admin/dashboard', { token: h.token })).body;
    const row = dash.revenue_by_workshop.find((x: { workshop_id: string }) => x.workshop_id === w.id);
    expect(row).toMatchObject({ completed: 2, collected_cents: 9900, offline_cents: 9000 });
    expect(dash.offline_cents).toBeGreaterThanOrEqual(9000);

    // The buyer's link cannot cancel money the site never held; a goodwill refund has no payment to come from.
    expect((await h.api('GET', `/api/booking/${token}`)).body).toMatchObject({ by_hand_payment: 'offline', cancellation: null });
    const byBuyer = await h.api('POST', `/api/booking/${token}/cancel`, { body: { confirm: true } });
    expect([byBuyer.status, byBuyer.body.error.message]).toEqual([409, BY_HAND_MESSAGES.buyerCancel]);
    const goodwill = await h.api('POST', `/api/admin/registrations/${id}/refund`, { token: h.token, body: { amount_cents: 1000, reason: 'sorry', keep_booking: true } });
    expect([goodwill.status, goodwill.body.error.message]).toEqual([409, BY_HAND_MESSAGES.noProviderPayment]);
    const tooMuch = await h.api('POST', `/api/admin/registrations/${id}/refund`, { token: h.token, body: { amount_cents: 9001, reason: 'typo' } });
    expect([tooMuch.status, tooMuch.body.error.message]).toEqual([409, BY_HAND_MESSAGES.refundTooMuch]);
    expect(await h.db('workshop_registrations').where({ id }).first()).toMatchObject({ status: 'completed', by_hand_refunded_cents: 0 });

    const refund = await h.api('POST', `/api/admin/registrations/${id}/refund`, { token: h.token, body: { amount_cents: 6000, reason: 'Cannot come; fee kept' } });
    expect(refund.status, refund.text).toBe(200);
    expect(await h.db('workshop_registrations').where({ id }).first()).toMatchObject({ status: 'refunded', by_hand_refunded_cents: 6000, seats: 0 });
    expect(await h.db('refunds').where({ registration_id: id })).toHaveLength(0);
    const notice = await mailTo(guest('banker').email, 'Booking cancelled');
    expect(notice.text_body).toContain('$60.00 paid outside the site is being returned the way it was paid');
    expect(inviteOf(notice)).toMatchObject({ method: 'CANCEL', uid: `${id}@nocode-workshop` });
    // A second click gives nothing more back.
    expect((await h.api('POST', `/api/admin/registrations/${id}/refund`, { token: h.token, body: { amount_cents: 3000, reason: 'again' } })).status).toBe(409);
    expect((await h.db('workshop_registrations').where({ id }).first()).by_hand_refunded_cents).toBe(6000);
    const after = (await h.api('GET', '/api/admin/dashboard', { token: h.token })).body;
    expect(after.offline_refunded_cents - dash.offline_refunded_cents).toBe(6000);
    expect(after.refunded_cents).toBe(dash.refunded_cents);
    expect((await refundedAtProvider(h, card)).refunds).toBe(0);
  });

  it('never takes a seat a buyer holds or bought, and refuses what a checkout refuses, changing nothing', async () => {
    const w = await createWorkshop(h.db, { title: 'Two Seat Build', max_participants: 2, date: new Date(Date.now() + 10 * DAY) });
    await bookByCard(h, w.id, 'two-seat-sold');
    const hold = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, name: 'Holder', email: 'two-seat-holder@example.com', phone: '9876543210' } });
    expect(hold.status).toBe(201);
    const before = await registrations();
    const full = await add({ workshop_id: w.id, ...guest('late'), payment: 'complimentary' });
    expect([full.status, full.body.error.message]).toEqual([409, BY_HAND_MESSAGES.noSeats]);
    expect(await registrations()).toBe(before);

    const open = await createWorkshop(h.db, { title: 'Open Build', date: new Date(Date.now() + 10 * DAY) });
    await bookByCard(h, open.id, 'open-seated');
    await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: open.id, name: 'Open Holder', email: 'open-holder@example.com', phone: '9876543210' } });
    const called = await createWorkshop(h.db, { title: 'Called Off Build', status: 'cancelled', cancelled_at: new Date(), date: new Date(Date.now() + 10 * DAY) });
    const past = await createWorkshop(h.db, { title: 'Past Build', date: new Date(Date.now() - DAY) });
    const refused: [Record<string, unknown>, number, string][] = [
      [{ workshop_id: open.id, ...guest('x'), email: 'buyeropen-seated@example.com', payment: 'complimentary' }, 409, SEATS_MESSAGES.hasSeat('buyeropen-seated@example.com')],
      [{ workshop_id: open.id, ...guest('x'), email: 'OPEN-holder@example.com', payment: 'complimentary' }, 409, SEATS_MESSAGES.hasSeat('OPEN-holder@example.com')],
      [{ workshop_id: called.id, ...guest('x'), payment: 'complimentary' }, 409, WORKSHOP_CANCEL_MESSAGES.notOpen],
      [{ workshop_id: past.id, ...guest('x'), payment: 'complimentary' }, 409, 'This workshop has already started, so it can no longer be booked.'],
      [{ workshop_id: '00000000-0000-4000-8000-000000000000', ...guest('x'), payment: 'complimentary' }, 404, 'Workshop not found'],
      [{ workshop_id: open.id, ...guest('x'), payment: 'complimentary', amount_cents: 500 }, 422, BY_HAND_MESSAGES.complimentaryAmount],
      [{ workshop_id: open.id, ...guest('x'), payment: 'offline' }, 422, BY_HAND_MESSAGES.offlineAmount],
      [{ workshop_id: open.id, ...guest('x'), payment: 'cash' }, 422, BY_HAND_MESSAGES.payment],
      [{ workshop_id: open.id, ...guest('x'), email: 'not-an-email', payment: 'complimentary' }, 422, 'Invalid email address'],
      [{ workshop_id: open.id, ...guest('x'), payment: 'offline', amount_cents: 10_000_001 }, 422, BY_HAND_MESSAGES.tooMuch],
    ];
    // Named in a team checkout that ran out but may still be paid: that seat would be theirs too.
    const team = await h.api('POST', '/api/checkout/razorpay', {
      body: { workshop_id: open.id, name: 'Team Lead', email: 'open-team-lead@example.com', phone: '9876543210', seats: 2, attendees: [{ name: 'Team Lead', email: 'open-team-lead@example.com' }, { name: 'Quinn', email: 'quinn.named@example.com' }] },
    });
    expect(team.status, team.text).toBe(201);
    await h.db('workshop_registrations').where({ email: 'open-team-lead@example.com' }).update({ status: 'failed', status_reason: 'hold_expired', reconcile_after: new Date(Date.now() + 3_600_000) });
    refused.push([{ workshop_id: open.id, ...guest('x'), email: 'quinn.named@example.com', payment: 'complimentary' }, 409, TRANSFER_MESSAGES.ownCheckout]);
    const baseline = await registrations();
    for (const [body, status, message] of refused) {
      const res = await add(body);
      expect([res.status, res.text.includes(message)], `${JSON.stringify(body)}: ${res.text}`).toEqual([status, true]);
    }
    expect(await registrations()).toBe(baseline);
    expect((await h.api('POST', '/api/admin/registrations', { body: { workshop_id: open.id, ...guest('anon'), payment: 'complimentary' } })).status).toBe(401);

    // The hold runs out: its seat is free, and the admin may give it.
    await h.db('workshop_registrations').where({ email: 'two-seat-holder@example.com' }).update({ hold_expires_at: new Date(Date.now() - 1000) });
    expect((await add({ workshop_id: w.id, ...guest('late'), payment: 'complimentary' })).status).toBe(201);
    const seats = await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' }).sum('seats as n').first();
    expect(Number(seats?.n)).toBe(2);
  });

  it('two admins giving the last seat at once: one gets it, the other is told no seat is left', async () => {
    const w = await createWorkshop(h.db, { title: 'Last Seat Build', max_participants: 1, date: new Date(Date.now() + 10 * DAY) });
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((n) => add({ workshop_id: w.id, ...guest(`last-${n}`), payment: 'offline', amount_cents: 5000 })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id })).toHaveLength(1);
  });

  it('the organiser calling the workshop off: the offline money is given back by hand in full, the complimentary seat ends with nothing, the card is refunded', async () => {
    const w = await createWorkshop(h.db, { title: 'Called Off Mixed Build', price_usd_cents: 9900, date: new Date(Date.now() + 10 * DAY) });
    const card = await bookByCard(h, w.id, 'mixed-card');
    const offline = (await add({ workshop_id: w.id, ...guest('mixed-cash'), payment: 'offline', amount_cents: 8000, note: 'Cash at the meetup' })).body.registration.id;
    const comp = (await add({ workshop_id: w.id, ...guest('mixed-comp'), payment: 'complimentary' })).body.registration.id;
    const preview = await h.api('POST', `/api/admin/workshops/${w.id}/cancel`, { token: h.token, body: {} });
    expect(preview.body).toMatchObject({ bookings: 3, refund_cents: 9900 + 8000, free_bookings: 1, by_hand: { bookings: 1, refund_cents: 8000 }, providers: [{ provider: 'razorpay', bookings: 1, refund_cents: 9900 }] });
    const done = await h.api('POST', `/api/admin/workshops/${w.id}/cancel`, { token: h.token, body: { reason: 'Trainer ill', confirm: true } });
    expect(done.status, done.text).toBe(200);
    await waitFor(async () => (await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' })).length === 0, 20_000);
    expect(await h.db('workshop_registrations').where({ id: offline }).first()).toMatchObject({ status: 'refunded', by_hand_refunded_cents: 8000 });
    expect(await h.db('workshop_registrations').where({ id: comp }).first()).toMatchObject({ status: 'cancelled', by_hand_refunded_cents: 0 });
    const cash = await mailTo(guest('mixed-cash').email, 'Workshop cancelled');
    expect(cash.text_body).toContain('$80.00 paid outside the site is being returned in full, with no fee, the way it was paid');
    await refundsSettled(h);
    expect(await refundedAtProvider(h, card)).toEqual({ cents: 9900, refunds: 1 });
    expect(await h.db('refunds').whereIn('registration_id', [offline, comp])).toHaveLength(0);
  });
});

describe('correcting a booking’s details', () => {
  it('a new email gets the confirmation on a new link (the old one stops working), the same event; the log keeps before and after', async () => {
    const w = await createWorkshop(h.db, { title: 'Typo Build', date: new Date(Date.now() + 10 * DAY) });
    const b = await bookByCard(h, w.id, 'typo-buyer');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const first = inviteOf(await mailTo(b.email, "You're registered"));

    const named = await h.api('PATCH', `/api/admin/registrations/${reg.id}`, { token: h.token, body: { name: 'Tyra Buyer', phone: '9000000001' } });
    expect(named.status, named.text).toBe(200);
    expect(named.body.registration).toMatchObject({ name: 'Tyra Buyer', phone: '9000000001', email: b.email });
    expect((await h.api('GET', `/api/booking/${b.token}`)).status).toBe(200);

    const res = await h.api('PATCH', `/api/admin/registrations/${reg.id}`, { token: h.token, body: { email: 'tyra.fixed@example.com' } });
    expect(res.status, res.text).toBe(200);
    expect((await h.api('GET', `/api/booking/${b.token}`)).status).toBe(404);
    const mail = await mailTo('tyra.fixed@example.com', "You're registered");
    const view = await h.api('GET', `/api/booking/${linkIn(mail.text_body)}`);
    expect(view.body).toMatchObject({ name: 'Tyra Buyer', email: 'tyra.fixed@example.com', status: 'completed' });
    const invite = inviteOf(mail);
    expect(invite).toMatchObject({ method: 'REQUEST', uid: first.uid, attendee: { email: 'tyra.fixed@example.com' } });
    expect(invite.sequence).toBeGreaterThan(first.sequence);
    const logged = await waitFor(() => h.db('admin_activity').where({ action: 'PATCH /api/admin/registrations/:id', target_id: reg.id }).orderBy('created_at', 'desc').first());
    expect(logged.before).toMatchObject({ email: b.email, name: 'Tyra Buyer' });
    expect(logged.after.row).toMatchObject({ email: 'tyra.fixed@example.com' });
    expect(await h.db('refunds').where({ registration_id: reg.id })).toHaveLength(0);
  });

  it('refuses an email that already has a seat, a bad email, nothing to change, an unknown or ended booking, changing nothing', async () => {
    const w = await createWorkshop(h.db, { title: 'Refused Edit Build', date: new Date(Date.now() + 10 * DAY) });
    const b = await bookByCard(h, w.id, 'edit-refused');
    const other = await bookByCard(h, w.id, 'edit-other');
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first();
    const patch = (id: string, body: Record<string, unknown>) => h.api('PATCH', `/api/admin/registrations/${id}`, { token: h.token, body });
    const cases: [string, Record<string, unknown>, number, string][] = [
      [reg.id, { email: other.email.toUpperCase() }, 409, SEATS_MESSAGES.hasSeat(other.email.toUpperCase())],
      [reg.id, { email: 'nope' }, 422, 'Invalid email address'],
      [reg.id, { phone: '12' }, 422, MESSAGES.invalidPhone],
      [reg.id, {}, 422, BY_HAND_MESSAGES.editNothing],
      ['00000000-0000-4000-8000-000000000000', { name: 'X' }, 404, 'Registration not found'],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await patch(id, body);
      expect([res.status, res.text.includes(message)], res.text).toEqual([status, true]);
    }
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first()).toMatchObject({ email: b.email, name: reg.name, phone: reg.phone, booking_token_hash: reg.booking_token_hash });
    // A team-mate of the booking made its buyer would sit twice.
    const team = await bookByCard(h, w.id, 'edit-team', { seats: 2, attendees: [{ name: 'Lead', email: 'buyeredit-team@example.com' }, { name: 'Mate', email: 'edit.mate@example.com' }] });
    const teamReg = await h.db('workshop_registrations').where({ email: team.email }).first();
    const mate = await patch(teamReg.id, { email: 'Edit.Mate@example.com' });
    expect([mate.status, mate.body.error.message]).toEqual([409, SEATS_MESSAGES.hasSeat('Edit.Mate@example.com')]);
    // A checkout of the old address that money may still complete (replaced by the one that booked) would buy a second seat once the booking's email moved.
    await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: w.id, name: 'Retry Buyer', email: 'buyeredit-retry@example.com', phone: '9876543210' } });
    const retried = await bookByCard(h, w.id, 'edit-retry');
    const retriedReg = await h.db('workshop_registrations').where({ email: retried.email, status: 'completed' }).first();
    const moved = await patch(retriedReg.id, { email: 'edit.retry.fixed@example.com' });
    expect([moved.status, moved.body.error.message]).toEqual([409, BY_HAND_MESSAGES.editOpenCheckout]);
    expect((await h.db('workshop_registrations').where({ id: retriedReg.id }).first()).email).toBe(retried.email);

    await h.api('POST', `/api/admin/registrations/${reg.id}/cancel`, { token: h.token });
    const ended = await patch(reg.id, { name: 'Too Late' });
    expect([ended.status, ended.body.error.message]).toEqual([409, BY_HAND_MESSAGES.editNotActive]);
    expect((await h.api('PATCH', `/api/admin/registrations/${reg.id}`, { body: { name: 'Anon' } })).status).toBe(401);
  });
});

describe('bookings by hand beside the rest of the product', () => {
  it('a seat handed on keeps its payer; a clear keeps what went back by hand on the dashboard; it is no checkout won back nor a checkout in the metrics', async () => {
    const w = await createWorkshop(h.db, { title: 'Payer Kept Build', date: new Date(Date.now() + 10 * DAY) });
    // A follow-up email about an abandoned checkout went to Pat before the admin booked Pat by hand.
    await h.db('checkout_recoveries').insert({ workshop_id: w.id, name: 'Pat', email: 'pat.payer@example.com', phone: '', status: 'sent', send_after: new Date(Date.now() - 60_000), sent_at: new Date(Date.now() - 60_000) });
    const started = async () => (await checkoutTotals(h.db)).reduce((n, t) => n + Number(t.started), 0);
    const before = await started();
    const id = (await add({ workshop_id: w.id, name: 'Pat Payer', email: 'pat.payer@example.com', payment: 'offline', amount_cents: 8000, note: 'Cash' })).body.registration.id;
    expect(await started()).toBe(before);
    expect((await h.db('checkout_recoveries').where({ workshop_id: w.id }).first()).recovered_registration_id).toBeNull();

    const handed = await h.api('POST', `/api/admin/registrations/${id}/transfer`, { token: h.token, body: { name: 'Hal Holder', email: 'hal.holder@example.com', phone: '9123456780', reason: 'Pat cannot come' } });
    expect(handed.status, handed.text).toBe(200);
    expect(handed.body.registration).toMatchObject({ email: 'hal.holder@example.com', by_hand_payer_name: 'Pat Payer', by_hand_payer_email: 'pat.payer@example.com' });
    expect((await h.api('POST', `/api/admin/registrations/${id}/refund`, { token: h.token, body: { amount_cents: 8000, reason: 'Called off for Hal' } })).status).toBe(200);

    const dash = async () => (await h.api('GET', '/api/admin/dashboard', { token: h.token })).body;
    const given = (await dash()).offline_refunded_cents;
    expect(given).toBeGreaterThanOrEqual(8000);
    expect((await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token })).status).toBe(200);
    expect((await dash()).offline_refunded_cents).toBe(given);
  });

  it('a correction of the email of whoever paid outside the site corrects the payer too', async () => {
    const w = await createWorkshop(h.db, { title: 'Payer Typo Build', date: new Date(Date.now() + 10 * DAY) });
    const id = (await add({ workshop_id: w.id, name: 'Tom Typo', email: 'tom.typo@exmaple.com', payment: 'offline', amount_cents: 5000 })).body.registration.id;
    const fixed = await h.api('PATCH', `/api/admin/registrations/${id}`, { token: h.token, body: { name: 'Tom Fixed', email: 'tom.typo@example.com' } });
    expect(fixed.body.registration).toMatchObject({ email: 'tom.typo@example.com', by_hand_payer_email: 'tom.typo@example.com', by_hand_payer_name: 'Tom Fixed' });
  });

  it('a move never gives someone a second seat where a checkout of theirs may still be paid', async () => {
    const from = await createWorkshop(h.db, { title: 'Move From Build', date: new Date(Date.now() + 10 * DAY) });
    const to = await createWorkshop(h.db, { title: 'Move To Build', date: new Date(Date.now() + 12 * DAY) });
    const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: to.id, name: 'Mo Mover', email: 'mo.mover@example.com', phone: '9876543210' } });
    expect(co.status).toBe(201);
    await h.db('workshop_registrations').where({ email: 'mo.mover@example.com', workshop_id: to.id }).update({ status: 'failed', status_reason: 'hold_expired', reconcile_after: new Date(Date.now() + 3_600_000) });
    const id = (await add({ workshop_id: from.id, name: 'Mo Mover', email: 'mo.mover@example.com', payment: 'complimentary' })).body.registration.id;
    const moved = await h.api('POST', `/api/admin/registrations/${id}/move`, { token: h.token, body: { workshop_id: to.id } });
    expect([moved.status, moved.body.error.message]).toEqual([409, TRANSFER_MESSAGES.ownCheckout]);
    expect((await h.db('workshop_registrations').where({ id }).first()).workshop_id).toBe(from.id);
  });

  it('corrects a buyer’s email to the address they gave their own seat', async () => {
    const w = await createWorkshop(h.db, { title: 'Own Seat Build', date: new Date(Date.now() + 10 * DAY) });
    const team = await bookByCard(h, w.id, 'own-seat', { seats: 2, attendees: [{ name: 'Lead', email: 'buyerown-seat@example.com' }, { name: 'Mate', email: 'own.mate@example.com' }] });
    const reg = await h.db('workshop_registrations').where({ email: team.email }).first();
    const seat1 = await h.db('attendees').where({ registration_id: reg.id, position: 1 }).first();
    expect((await h.api('PATCH', `/api/booking/${team.token}/seats/${seat1.id}`, { body: { name: 'Lead', email: 'lead.work@example.com' } })).status).toBe(200);
    const res = await h.api('PATCH', `/api/admin/registrations/${reg.id}`, { token: h.token, body: { email: 'lead.work@example.com' } });
    expect(res.status, res.text).toBe(200);
    const seats = await h.db('attendees').where({ registration_id: reg.id, status: 'active' }).orderBy('position').pluck('email');
    expect(seats).toEqual(['lead.work@example.com', 'own.mate@example.com']);
  });
});
