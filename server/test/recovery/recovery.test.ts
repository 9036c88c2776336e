import { describe, expect, it } from 'vitest';
import { RECOVERY_MESSAGES } from '@workshop/shared';
import { recoveryPass } from '../../src/recovery/recovery.job';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

// A long interval: these tests run the recovery pass themselves.
const h = useTestServer({ admin: true, env: { RECONCILE_INTERVAL_SECONDS: '3600', LOG_LEVEL: 'error' } });
const SUBJECT = (title: string) => `Your seat in ${title} is still available`;

async function abandon(workshopId: string, who: ReturnType<typeof buyer>) {
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: workshopId, ...who } });
  expect(co.status).toBe(201);
  expect((await h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: co.body.order.id } })).body).toEqual({ status: 'released' });
  return co.body;
}
async function pay(workshopId: string, who: ReturnType<typeof buyer>) {
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: workshopId, ...who } });
  const paid = await payInRazorpaySandbox(h.server, co.body.order, co.body.key_id);
  expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
}
const recoveryOf = (workshopId: string, email: string) => h.db('checkout_recoveries').where({ workshop_id: workshopId }).whereRaw('lower(email) = lower(?)', [email]).first();
const makeDue = (workshopId: string) => h.db('checkout_recoveries').where({ workshop_id: workshopId }).update({ send_after: h.db.raw(`now() - interval '1 second'`) });
const pass = () => recoveryPass(h.db, h.server.payments!.sender);
const followUps = async (email: string) => (await sandboxEmails(h.server, email)).filter((e) => e.subject.startsWith('Your seat in'));
const linkIn = (text: string, path: RegExp) => text.match(path)?.[1] as string;

describe('checkout recovery', () => {
  it('sends one follow-up an hour after a checkout is abandoned, and its link reopens the form filled in', async () => {
    const w = await createWorkshop(h.db, { title: 'Recovery Basics' });
    const who = buyer('recover-me');
    await abandon(w.id, who);
    const planned = await recoveryOf(w.id, who.email);
    expect(planned).toMatchObject({ status: 'scheduled', name: who.name, phone: who.phone });
    const delay = (new Date(planned.send_after).getTime() - new Date(planned.created_at).getTime()) / 60_000;
    expect(delay).toBeCloseTo(60, 0);

    // Not due yet: nothing goes out.
    expect(await pass()).toEqual({});
    await makeDue(w.id);
    expect(await pass()).toEqual({ sent: 1 });
    const [mail] = await waitFor(async () => ((await followUps(who.email)).length ? followUps(who.email) : undefined));
    expect(mail.subject).toBe(SUBJECT('Recovery Basics'));
    expect(mail.text_body).toContain('did not finish, and no payment was taken');
    const token = linkIn(mail.text_body!, /\/\?recover=([A-Za-z0-9_-]+)/);
    expect(linkIn(mail.text_body!, /\/unsubscribe\?token=([A-Za-z0-9_-]+)/)).toBe(token);

    const opened = await h.api('GET', `/api/recovery/${token}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ workshop_id: w.id, name: who.name, email: who.email, phone: who.phone });
    expect((await recoveryOf(w.id, who.email)).returned_at).not.toBeNull();
    // The stored email no longer carries the link.
    const stored = await h.db('email_messages').where({ kind: 'checkout_recovery', to_email: who.email }).first();
    await waitFor(async () => (await h.db('email_messages').where({ id: stored.id }).first()).status === 'sent');
    expect(JSON.stringify((await h.db('email_messages').where({ id: stored.id }).first()).data)).not.toContain(token);

    // Abandoning again, and another pass: still only one follow-up for this workshop.
    await abandon(w.id, who);
    await makeDue(w.id);
    await pass();
    await new Promise((r) => setTimeout(r, 1500));
    expect(await followUps(who.email)).toHaveLength(1);

    const revive = await h.api('GET', `/api/admin/revive?q=${encodeURIComponent(who.email)}`, { token: h.token });
    expect(revive.body.items.length).toBeGreaterThanOrEqual(1);
    expect(revive.body.items[0].recovery).toMatchObject({ status: 'sent', returned_at: expect.any(String), recovered_at: null });
  });

  it('counts a buyer who came back after the follow-up and paid as recovered, with the revenue', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('came-back');
    await abandon(w.id, who);
    await makeDue(w.id);
    await pass();
    await pay(w.id, who);
    const recovered = await recoveryOf(w.id, who.email);
    expect(recovered.recovered_amount_cents).toBe(w.price_usd_cents);
    const revive = await h.api('GET', `/api/admin/revive?q=${encodeURIComponent(who.email)}`, { token: h.token });
    expect(revive.body.items[0].recovery).toMatchObject({ status: 'sent', recovered_amount_cents: w.price_usd_cents, recovered_at: expect.any(String) });
  });

  it('never sends it to someone who has since booked, to a full or started workshop, or with the setting off', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const booked = buyer('booked-since');
    await abandon(w.id, booked);
    await pay(w.id, booked);

    const full = await createWorkshop(h.db, { max_participants: 1 });
    const late = buyer('full-by-then');
    await abandon(full.id, late);
    await pay(full.id, buyer('took-the-seat'));

    const soon = await createWorkshop(h.db);
    const starter = buyer('started-by-then');
    await abandon(soon.id, starter);
    await h.db('workshops').where({ id: soon.id }).update({ date: new Date(Date.now() - 60_000) });

    for (const id of [w.id, full.id, soon.id]) await makeDue(id);
    expect(await pass()).toEqual({ booked: 1, full: 1, started: 1 });
    expect(await recoveryOf(w.id, booked.email)).toMatchObject({ status: 'skipped', skip_reason: 'booked' });

    await h.api('PUT', '/api/admin/settings/checkout_recovery', { token: h.token, body: { setting_value: { enabled: false, delay_minutes: 60 } } });
    const off = await createWorkshop(h.db);
    await abandon(off.id, buyer('setting-off'));
    expect(await h.db('checkout_recoveries').where({ workshop_id: off.id })).toHaveLength(0);
    await h.api('PUT', '/api/admin/settings/checkout_recovery', { token: h.token, body: { setting_value: { enabled: true, delay_minutes: 60 } } });
    for (const who of [booked, late, starter]) expect(await followUps(who.email)).toHaveLength(0);
  });

  it('lets a person stop follow-ups from the email, for every workshop', async () => {
    const a = await createWorkshop(h.db);
    const b = await createWorkshop(h.db);
    const who = buyer('no-more');
    await abandon(a.id, who);
    await makeDue(a.id);
    await pass();
    const [mail] = await waitFor(async () => ((await followUps(who.email)).length ? followUps(who.email) : undefined));
    const token = linkIn(mail.text_body!, /\/unsubscribe\?token=([A-Za-z0-9_-]+)/);
    const res = await h.api('POST', '/api/recovery/unsubscribe', { body: { token } });
    expect(res.body).toEqual({ message: RECOVERY_MESSAGES.unsubscribed });
    await abandon(b.id, who);
    await makeDue(b.id);
    expect(await pass()).toEqual({ unsubscribed: 1 });
    expect(await followUps(who.email)).toHaveLength(1);
  });

  it('answers a link it does not know with the message, and refuses a malformed one', async () => {
    const unknown = await h.api('GET', `/api/recovery/${'x'.repeat(43)}`);
    expect({ status: unknown.status, message: unknown.body.error.message }).toEqual({ status: 404, message: RECOVERY_MESSAGES.invalidLink });
    expect((await h.api('GET', '/api/recovery/short')).status).toBe(422);
    expect((await h.api('POST', '/api/recovery/unsubscribe', { body: { token: 'y'.repeat(43) } })).status).toBe(404);
  });

  it('validates the delay setting with clear messages', async () => {
    const res = await h.api('PUT', '/api/admin/settings/checkout_recovery', { token: h.token, body: { setting_value: { enabled: true, delay_minutes: 1 } } });
    expect({ status: res.status, message: res.body.error.message }).toEqual({ status: 422, message: 'Delay must be between 5 minutes and 7 days' });
  });
});
