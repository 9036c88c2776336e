import { randomUUID } from 'node:crypto';
import { retentionPreviewSchema } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { RETENTION_ACTION, runRetention } from '../../src/privacy/retention.service';
import { bookByCard } from '../payments/booking-flows';
import { createWorkshop, waitFor } from '../payments/payments-helpers';
import { insertInterest, insertRegistration } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

/**
 * Retention (issue 27, point 1), with the clock moved in the database: what is past its period is
 * anonymised (bookings, seats, their emails, questions, leads), what is not stays; payment records
 * and invoices stay for their own period (payment-records.test.ts); money, counts and attendance stay; the preview says what a run does;
 * every run is in the activity log; the periods are the owners' and the privacy page's.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });
const YEAR = 365 * 86_400_000;

const preview = async () => retentionPreviewSchema.parse((await h.api('GET', '/api/admin/privacy/retention', { token: h.token })).body);
const figures = async () => {
  const { recent_registrations: _recent, ...rest } = (await h.api('GET', '/api/admin/dashboard', { token: h.token })).body;
  return rest;
};

describe('retention', () => {
  it('anonymises bookings, seats, emails, questions and leads past their periods, keeping money, counts and attendance, and logs the run', async () => {
    const w = await createWorkshop(h.db, { title: 'Long Ago Workshop' });
    const b = await bookByCard(h, w.id, 'long-ago');
    const recent = await bookByCard(h, (await createWorkshop(h.db, { title: 'Coming Workshop' })).id, 'recent-kept');
    const reg = await h.db('workshop_registrations').where({ payment_id: b.paymentId }).first();
    await waitFor(async () => !(await h.db('email_messages').where({ registration_id: reg.id, status: 'queued' }).first('id')));
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 4 * YEAR) });
    // A provider's error message kept on the booking may quote its payer.
    await h.db('workshop_registrations').where({ id: reg.id }).update({ reconcile_error: 'Payer long.ago@example.com declined' });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first();
    await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - 4 * YEAR), attendance_mark: 'attended' });
    const old = await insertInterest(h.db, { name: 'Olden Asker', email: 'olden.asker@example.com', message: 'Call me' });
    await h.db('workshop_interests').where({ id: old.id }).update({ updated_at: new Date(Date.now() - 4 * YEAR) });
    const fresh = await insertInterest(h.db, { name: 'Fresh Asker', email: 'fresh.asker@example.com' });
    await h.db('video_leads').insert({ name: 'Olden Viewer', email: 'olden.viewer@example.com', created_at: new Date(Date.now() - 4 * YEAR) });
    // A booking an owner cleared long ago, kept as a record; one whose refund is still owed keeps its person.
    const clearedId = randomUUID();
    await h.db('workshop_registrations_archive').insert({ id: clearedId, record: { id: clearedId, workshop_id: w.id, name: 'Cleared Person', email: 'cleared.person@example.com', phone: '9876543210', status: 'completed', amount: 9900 } });
    const owed = await insertRegistration(h.db, w.id, { name: 'Owed Person', email: 'owed.person@example.com', status: 'refund_pending', payment_id: 'PAY-OWED-1' });
    // Emails no booking holds any more (the cleared booking's), one to the person and one to the admins naming them.
    const [unlinked] = await h.db('email_messages').insert({ kind: 'confirmation', to_email: 'cleared.person@example.com', status: 'sent', subject: "You're registered", data: JSON.stringify({ name: 'Cleared Person' }), created_at: new Date(Date.now() - 4 * YEAR) }).returning('id');
    const [adminMail] = await h.db('email_messages').insert({ kind: 'admin_notification', to_email: 'owner@example.com', status: 'sent', subject: 'New registration: Cleared Person', data: JSON.stringify({ name: 'Cleared Person', email: 'cleared.person@example.com', workshop: 'Long Ago Workshop' }), created_at: new Date(Date.now() - 4 * YEAR) }).returning('id');

    const before = await preview();
    expect(before.periods).toEqual({ registration_years: 3, lead_years: 3, payment_years: 7 });
    expect(before.due).toMatchObject({ registrations: 1, cleared_bookings: 1, seats: 1, interests: 1, video_leads: 1, revive: 0, waitlist: 0, unlinked_emails: 2 });
    expect(before.due.emails).toBeGreaterThanOrEqual(1);
    expect(before.last_run_at).toBeNull();
    const figuresBefore = await figures();

    const done = await runRetention(h.db);
    expect(done).toEqual(before.due);

    const after = await h.db('workshop_registrations').where({ id: reg.id }).first();
    expect(after).toMatchObject({ name: 'Erased', phone: '', billing: null, booking_token_hash: null, reconcile_error: null, status: 'completed', amount: reg.amount, payment_id: b.paymentId });
    expect(after.email).toMatch(/^erased-[0-9a-f]{32}@erased\.invalid$/);
    expect(await h.db('attendees').where({ id: seat.id }).first('name', 'email', 'attendance_mark')).toEqual({ name: null, email: null, attendance_mark: 'attended' });
    const mails = await h.db('email_messages').where({ registration_id: reg.id }).select('to_email', 'data', 'content');
    for (const m of mails) expect(m).toEqual({ to_email: after.email, data: null, content: null });
    expect(await h.db('workshop_interests').where({ id: old.id }).first('name', 'message')).toEqual({ name: 'Erased', message: '' });
    const personMail = await h.db('email_messages').where({ id: unlinked.id }).first('to_email', 'subject', 'data');
    expect(personMail).toMatchObject({ subject: null, data: null });
    expect(personMail.to_email).toMatch(/@erased\.invalid$/);
    expect(await h.db('email_messages').where({ id: adminMail.id }).first('to_email', 'subject', 'data')).toEqual({ to_email: 'owner@example.com', subject: null, data: { name: '[erased]', email: '[erased]', workshop: 'Long Ago Workshop' } });
    const cleared = (await h.db('workshop_registrations_archive').where({ id: clearedId }).first('record')).record;
    expect(cleared).toMatchObject({ name: 'Erased', phone: '', status: 'completed', amount: 9900 });
    expect(cleared.email).toMatch(/@erased\.invalid$/);
    expect(await h.db('workshop_registrations').where({ id: owed.id }).first('name')).toEqual({ name: 'Owed Person' });
    expect(await h.db('workshop_interests').where({ id: fresh.id }).first('name', 'email')).toEqual({ name: 'Fresh Asker', email: 'fresh.asker@example.com' });
    expect(await h.db('video_leads').whereRaw('lower(email) = ?', ['olden.viewer@example.com']).first()).toBeUndefined();
    // The money and the figures are as they were; the payment and the invoice, the law's, too.
    expect(await h.db('payments').where({ payment_id: b.paymentId }).first('amount_cents')).toEqual({ amount_cents: reg.amount });
    expect(await figures()).toEqual(figuresBefore);
    expect(await h.db('invoices').where({ registration_id: reg.id }).count('* as n').first()).toEqual({ n: 1 });

    const logged = await h.db('admin_activity').where({ action: RETENTION_ACTION }).orderBy('id', 'desc').first();
    expect(logged.after).toEqual({ periods: before.periods, done, provider_messages_and_invoices_deleted: 0 });
    const again = await preview();
    expect(Object.values(again.due).every((n) => n === 0)).toBe(true);
    expect(again.last_run_at).not.toBeNull();

    // Recent bookings stay as they are.
    expect(await h.db('workshop_registrations').where({ payment_id: recent.paymentId }).first('name')).toEqual({ name: 'Buyer recent-kept' });
  });

  it('follows the owners’ periods, which the privacy page states; a bad period is refused and changes nothing', async () => {
    const bad = await h.api('PUT', '/api/admin/settings/retention', { token: h.token, body: { setting_value: { registration_years: 0, lead_years: 3, payment_years: 7 } } });
    expect([bad.status, bad.body.error.message]).toEqual([422, 'Keep registration data at least 1 year']);
    const w = await createWorkshop(h.db, { title: 'Two Years Ago' });
    await bookByCard(h, w.id, 'two-years');
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 2 * YEAR) });
    expect((await preview()).due.registrations).toBe(0);

    const ok = await h.api('PUT', '/api/admin/settings/retention', { token: h.token, body: { setting_value: { registration_years: 1, lead_years: 2, payment_years: 7 } } });
    expect(ok.status, ok.text).toBe(200);
    expect((await preview()).due.registrations).toBe(1);
    expect((await h.api('GET', '/api/site')).body.retention).toEqual({ registration_years: 1, lead_years: 2, payment_years: 7 });
  });
});
