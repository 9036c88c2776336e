import { formatEventDate } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, follow, pressPaypalButton, sandboxEmails, waitFor } from './payments-helpers';

const h = useTestServer();

describe('PayPal checkout', () => {
  it('holds a seat, captures on return, completes the registration and emails the confirmation with an .ics', async () => {
    const w = await createWorkshop(h.db, { title: 'PayPal Happy Path', price_usd_cents: 14900, date: new Date('2030-03-09T19:00:00Z') });
    const who = buyer('pp1');
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    expect(res.status).toBe(201);
    expect(res.body.approval_url).toMatch(/\/sandbox\/paypal\/checkoutnow\?token=/);

    const pending = await h.db('workshop_registrations').where({ email: who.email }).first();
    expect(pending).toMatchObject({ status: 'pending', amount: 14900, payment_method: 'paypal' });
    expect(pending.provider_order_id).toBeTruthy();

    const back = await pressPaypalButton(h.server, res.body.approval_url, 'approve');
    expect(back).toContain('/api/checkout/paypal/return?token=');
    const location = await follow(h.server, back);
    const url = new URL(location, 'http://site');
    expect(url.pathname).toBe('/thank-you');
    expect(Object.fromEntries(url.searchParams)).toEqual({ payment: 'success', method: 'paypal', accessId: pending.access_id, name: who.name, email: who.email });

    const done = await h.db('workshop_registrations').where({ id: pending.id }).first();
    expect(done).toMatchObject({ status: 'completed', payment_method: 'paypal' });
    expect(done.payment_id).toMatch(/^CAP/);
    expect(done.completed_at).not.toBeNull();

    const [mail] = await waitFor(async () => {
      const m = await sandboxEmails(h.server, who.email);
      return m.length ? m : undefined;
    });
    expect(mail.subject).toBe("You're registered: PayPal Happy Path");
    expect(mail.text_body).toContain(pending.access_id);
    expect(mail.text_body).toContain('Buyer pp1');
    expect(mail.text_body).toContain('$149.00');
    // 19:00 UTC on 9 March 2030 is 2:00 PM in New York (EST, the day before DST starts).
    expect(mail.text_body).toContain(formatEventDate('2030-03-09T19:00:00Z'));
    expect(formatEventDate('2030-03-09T19:00:00Z')).toMatch(/March 9, 2030.*2:00\sPM EST/);
    expect(mail.html_body).toContain(pending.access_id);
    const ics = mail.attachments.find((a) => a.filename.endsWith('.ics'));
    expect(ics?.type).toBe('text/calendar; method=REQUEST');
    const icsText = Buffer.from(ics!.content, 'base64').toString('utf8');
    expect(icsText).toContain('METHOD:REQUEST');
    expect(icsText).toContain('DTSTART:20300309T190000Z');
    expect(icsText).toMatch(/DURATION:PT5H|DTEND:20300310T000000Z/);
    expect(icsText).toContain('LOCATION:Online');
    expect(icsText).toContain('SUMMARY:PayPal Happy Path');
  });
});

describe('PayPal checkout: what can go wrong', () => {
  it('refuses an invalid body with the shared schema messages and holds nothing', async () => {
    const w = await createWorkshop(h.db);
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, name: '', email: 'nope', phone: '123' } });
    expect(res.status).toBe(422);
    expect(res.body.error.fields).toMatchObject({ name: 'Name is required', email: 'Invalid email address' });
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id }).count('* as n').first()).toEqual({ n: 0 });
  });

  it('cancel releases the hold, records the person in revive and sends them home', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const who = buyer('cancel');
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    const seatsLeft = async () => (await h.api('GET', '/api/workshops')).body.find((x: any) => x.id === w.id).seats_left;
    expect(await seatsLeft()).toBe(0);

    const back = await pressPaypalButton(h.server, res.body.approval_url, 'cancel');
    expect(back).toContain('/api/checkout/paypal/cancel?token=');
    expect(await follow(h.server, back)).toBe('/?payment=cancelled');

    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();
    expect(reg).toMatchObject({ status: 'failed', status_reason: 'cancelled' });
    expect(await seatsLeft()).toBe(1);
    const revive = await h.db('revive').where({ registration_id: reg.id });
    expect(revive).toHaveLength(1);
    expect(revive[0]).toMatchObject({ name: who.name, email: who.email, source: 'abandoned_checkout' });
    // Cancelling twice adds nobody twice.
    await follow(h.server, back);
    expect(await h.db('revive').where({ registration_id: reg.id })).toHaveLength(1);
    // And someone else can now take the seat.
    expect((await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...buyer('next') } })).status).toBe(201);
  });

  it('a declined capture ends failed with a clear message; nothing completed, nothing emailed', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('declined');
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    const location = await follow(h.server, await pressPaypalButton(h.server, res.body.approval_url, 'decline'));
    const url = new URL(location, 'http://site');
    expect(url.pathname).toBe('/');
    expect(url.searchParams.get('payment')).toBe('failed');
    expect(url.searchParams.get('message')).toBe('Your payment was declined, so no money was taken. Please try again or use another payment method.');
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();
    expect(reg).toMatchObject({ status: 'failed', status_reason: 'declined', payment_id: null });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sandboxEmails(h.server, who.email)).toHaveLength(0);
  });

  it('a capture for a tampered amount is not accepted: refunded at PayPal, no seat, no email', async () => {
    const w = await createWorkshop(h.db, { price_usd_cents: 9900 });
    const who = buyer('tampered');
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    const orderId = new URL(res.body.approval_url).searchParams.get('token');
    // Someone changes the order's amount at the provider before it is captured.
    await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).update({ amount: '1.00' });
    const location = await follow(h.server, await pressPaypalButton(h.server, res.body.approval_url, 'approve'));
    expect(new URL(location, 'http://site').searchParams.get('message')).toBe(
      'The payment amount did not match the workshop price, so it was not accepted. Any amount taken is being refunded in full.',
    );
    const order = await h.db('provider_sandbox.paypal_orders').where({ id: orderId }).first();
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();
    expect(reg).toMatchObject({ status_reason: 'amount_mismatch', payment_id: order.capture_id });
    expect(['refund_pending', 'refunded']).toContain(reg.status);
    // The refund was queued with that state change; the worker makes it at once.
    await waitFor(async () => (await h.db('provider_sandbox.paypal_refunds').where({ capture_id: order.capture_id })).length === 1);
    await waitFor(async () => (await h.db('workshop_registrations').where({ id: reg.id }).first()).status === 'refunded');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sandboxEmails(h.server, who.email)).toHaveLength(0);
  });

  it('a replayed return URL changes nothing: one completed registration, one capture, one email', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('replay');
    const res = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
    const back = await pressPaypalButton(h.server, res.body.approval_url, 'approve');
    const [first, second, third] = await Promise.all([follow(h.server, back), follow(h.server, back), follow(h.server, back)]);
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(first).toMatch(/^\/thank-you\?payment=success/);
    const regs = await h.db('workshop_registrations').where({ email: who.email });
    expect(regs).toHaveLength(1);
    expect(regs[0].status).toBe('completed');
    expect(await h.db('payment_events').where({ registration_id: regs[0].id, provider: 'paypal' })).toHaveLength(1);
    await waitFor(async () => (await sandboxEmails(h.server, who.email)).length === 1);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await sandboxEmails(h.server, who.email)).toHaveLength(1);
    expect(await h.db('email_messages').where({ registration_id: regs[0].id })).toHaveLength(1);
  });

  it('an unknown order token sends the buyer back with a message', async () => {
    const location = await follow(h.server, '/api/checkout/paypal/return?token=NOPE');
    expect(new URL(location, 'http://site').searchParams.get('message')).toBe('We could not find this payment. Any amount taken is being refunded in full. Please try registering again.');
  });

  it('emails the admin when email notifications are on', async () => {
    await h.db('admin_settings')
      .insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: true, admin_email: 'owner@example.com' }) })
      .onConflict('setting_key')
      .merge();
    try {
      const w = await createWorkshop(h.db, { title: 'Admin Notice Workshop' });
      const who = buyer('notify');
      const back = await h.api('POST', '/api/checkout/paypal', { body: { workshop_id: w.id, ...who } });
      await follow(h.server, await pressPaypalButton(h.server, back.body.approval_url, 'approve'));
      const [mail] = await waitFor(async () => {
        const m = (await sandboxEmails(h.server, 'owner@example.com')).filter((e) => e.text_body?.includes(who.email));
        return m.length ? m : undefined;
      });
      expect(mail.subject).toBe(`New registration: ${who.name} for Admin Notice Workshop`);
      expect(mail.text_body).toContain('$99.00');
    } finally {
      await h.db('admin_settings').where({ setting_key: 'email_notifications' }).update({ setting_value: JSON.stringify({ enabled: false, admin_email: '' }) });
    }
  });
});
