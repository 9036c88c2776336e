import { describe, expect, it } from 'vitest';
import { bookByCard } from '../../payments/booking-flows';
import { createWorkshop, waitFor } from '../../payments/payments-helpers';
import { useTestServer } from '../../support/test-server';
import { emailsHolding, eraseByInbox, tablesHolding } from '../erasure-helpers';

const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const DAY = 86_400_000;

describe('erasure leaves personal data behind', () => {
  it('a guest seated on someone else’s team booking: the buyer’s and the admins’ emails still name them', async () => {
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: true, admin_email: 'owner-guest@example.com' }) }).onConflict('setting_key').merge();
    const w = await createWorkshop(h.db, { title: 'Team Seat Leftovers', date: new Date(Date.now() + 20 * DAY) });
    const guest = 'guest.leftover@example.com';
    await bookByCard(h, w.id, 'team-lead', { seats: 2, attendees: [{ name: 'Buyer team-lead', email: 'buyerteam-lead@example.com' }, { name: 'Guestina Leftover', email: guest }] });
    // Every email of the booking has gone out.
    await waitFor(async () => !(await h.db('email_messages').where({ status: 'queued' }).first('id')));

    const answer = await eraseByInbox(h, guest);
    expect(answer).toMatchObject({ outcome: 'erased', held: true, erased: { seats: 1 } });
    expect(await tablesHolding(h, guest), `emails still naming them: ${(await emailsHolding(h, guest)).join('; ')}`).toEqual(['privacy_requests']);
    expect(await tablesHolding(h, 'Guestina Leftover'), `emails still naming them: ${(await emailsHolding(h, 'Guestina Leftover')).join('; ')}`).toEqual([]);
  });

  it('after "clear all registration data": the admins’ emails about the cleared booking still name the buyer', async () => {
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: true, admin_email: 'owner-clear@example.com' }) }).onConflict('setting_key').merge();
    const w = await createWorkshop(h.db, { title: 'Long Past Workshop' });
    const b = await bookByCard(h, w.id, 'cleared-then-erased');
    await waitFor(async () => !(await h.db('email_messages').where({ status: 'queued' }).first('id')));
    // The workshop took place long ago; an owner clears all registration data.
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 120 * DAY) });
    const cleared = await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token });
    expect(cleared.status, cleared.text).toBe(200);
    expect(await h.db('workshop_registrations').where({ email: b.email }).first('id')).toBeUndefined();

    const answer = await eraseByInbox(h, b.email);
    expect(answer).toMatchObject({ outcome: 'erased', held: true });
    // Invoices and the request's own row may keep the address, nothing else.
    expect((await tablesHolding(h, b.email)).filter((t) => !['invoices', 'privacy_requests'].includes(t)), `emails still naming them: ${(await emailsHolding(h, b.email)).join('; ')}`).toEqual([]);
    expect((await tablesHolding(h, 'Buyer cleared-then-erased')).filter((t) => t !== 'invoices'), `emails still naming them: ${(await emailsHolding(h, 'Buyer cleared-then-erased')).join('; ')}`).toEqual([]);
  });
  it('the admins’ "New registration: <name>" email keeps the buyer’s name in its subject, shown by the admin API', async () => {
    await h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: true, admin_email: 'owner-subject@example.com' }) }).onConflict('setting_key').merge();
    const w = await createWorkshop(h.db, { title: 'Subject Line Workshop' });
    const b = await bookByCard(h, w.id, 'Subjectina');
    await waitFor(async () => !(await h.db('email_messages').where({ status: 'queued' }).first('id')));
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 2 * DAY) });
    const reg = await h.db('workshop_registrations').where({ email: b.email }).first('id');

    const answer = await eraseByInbox(h, b.email);
    expect(answer).toMatchObject({ outcome: 'erased', held: true });
    const detail = await h.api('GET', `/api/admin/registrations/${reg.id}`, { token: h.token });
    expect(detail.status).toBe(200);
    const subjects = (detail.body.emails as { subject: string | null }[]).map((m) => m.subject ?? '');
    expect(subjects.filter((s) => s.includes('Buyer Subjectina'))).toEqual([]);
    expect((await tablesHolding(h, 'Buyer Subjectina')).filter((t) => t !== 'invoices')).toEqual([]);
  });
  it('a booking added by hand: the admin’s note naming the payer stays on the erased booking', async () => {
    const w = await createWorkshop(h.db, { title: 'By Hand Workshop' });
    const email = 'paid.by.transfer@example.com';
    const added = await h.api('POST', '/api/admin/registrations', {
      token: h.token,
      body: { workshop_id: w.id, name: 'Transfera Payer', email, payment: 'offline', amount_cents: 9900, note: 'Bank transfer from Transfera Payer (paid.by.transfer@example.com), ref 4411' },
    });
    expect(added.status, added.text).toBe(201);
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 2 * DAY) });

    const answer = await eraseByInbox(h, email);
    expect(answer).toMatchObject({ outcome: 'erased', held: true, erased: { bookings: 1 } });
    const detail = await h.api('GET', `/api/admin/registrations/${added.body.registration.id}`, { token: h.token });
    expect(detail.body.registration.by_hand_note ?? '').not.toContain('Transfera Payer');
    expect((await tablesHolding(h, email)).filter((t) => !['invoices', 'privacy_requests'].includes(t))).toEqual([]);
  });
});
