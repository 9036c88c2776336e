import { afterEach, describe, expect, it, vi } from 'vitest';
import { hmacHex, razorpayPaymentSignature, SANDBOX_CREDENTIALS } from '../../src/sandbox/sandbox.credentials';
import type { EmailData } from '../../src/email/email.data';
import { queueEmail } from '../../src/email/email.queue';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, payInRazorpaySandbox, sandboxEmails, waitFor } from './payments-helpers';

const h = useTestServer({ admin: true });
const regOf = (email: string) => h.db('workshop_registrations').where({ email }).first();
const adminAddress = (email: string) =>
  h.db('admin_settings').insert({ setting_key: 'email_notifications', setting_value: JSON.stringify({ enabled: false, admin_email: email }) }).onConflict('setting_key').merge();

async function cardCheckout(workshopId: string, who: ReturnType<typeof buyer>) {
  const co = await h.api('POST', '/api/checkout/razorpay', { body: { workshop_id: workshopId, ...who } });
  expect(co.status, co.text).toBe(201);
  return co.body as { key_id: string; order: { id: string } };
}

afterEach(() => vi.useRealTimers());

describe('an odd address, and an email that cannot be built, never cost the seat', () => {
  it('completes the registration of an odd but valid address and sends its confirmation, invite and all, there', async () => {
    const w = await createWorkshop(h.db, { title: 'Odd Address Workshop' });
    const who = { ...buyer('odd'), email: 'jane@gmail-.com' };
    const co = await cardCheckout(w.id, who);
    const paid = await payInRazorpaySandbox(h.server, co.order, co.key_id);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(verify.status, verify.text).toBe(200);
    expect(await regOf(who.email)).toMatchObject({ status: 'completed', payment_id: paid.body.razorpay_payment_id });
    const [mail] = await waitFor(async () => {
      const m = await sandboxEmails(h.server, who.email);
      return m.length ? m : undefined;
    });
    expect(mail.subject).toBe("You're registered: Odd Address Workshop");
    expect(mail.attachments.map((a) => a.filename)).toEqual(['workshop.ics', expect.stringMatching(/^INV-\d{4}-\d{6}\.pdf$/)]);
  });

  it('records an email that cannot be built as failed, keeps none of its secrets, and tells the admins; the booking stands', async () => {
    await adminAddress('owner-odd@example.com');
    const w = await createWorkshop(h.db, { title: 'Unbuildable Email Workshop' });
    const who = buyer('unbuildable');
    const co = await cardCheckout(w.id, who);
    const paid = await payInRazorpaySandbox(h.server, co.order, co.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(200);
    const reg = await regOf(who.email);
    // A waitlist offer without its links cannot be built (as any template whose data is wrong).
    await h.db.transaction((trx) =>
      queueEmail(trx, reg.id, 'waitlist_offer', who.email, { registrationId: reg.id, name: who.name, email: who.email, phone: who.phone, accessId: reg.access_id, workshopTitle: w.title, workshopDate: new Date().toISOString(), amount: 0, paymentMethod: null, publicBaseUrl: 'http://localhost', from: { email: 'x@example.com', name: 'X' }, bookingUrl: 'http://localhost/booking/secret' } satisfies EmailData),
    );
    const email = await waitFor(async () => {
      const m = await h.db('email_messages').where({ registration_id: reg.id, kind: 'waitlist_offer' }).first();
      return m?.status === 'failed' ? m : undefined;
    });
    expect(email.last_error).toMatch(/^could not build: /);
    expect(email.data.bookingUrl).toBeUndefined();
    const alert = await waitFor(async () => (await sandboxEmails(h.server, 'owner-odd@example.com')).find((m) => m.subject === `Action needed: an email to ${who.email} could not be sent`));
    expect(alert.text_body).toContain(`Access ID: ${reg.access_id}`);
    expect(await regOf(who.email)).toMatchObject({ status: 'completed' });
  });
});

describe('the last seat is decided by the database clock, with the workshop locked', () => {
  it('does not complete a payment whose hold the database already expired, even when the app server clock is behind', async () => {
    const w = await createWorkshop(h.db, { max_participants: 1 });
    const first = buyer('clock-a');
    const co = await cardCheckout(w.id, first);
    // A's hold ran out by the database's clock, and B took the seat.
    await h.db('workshop_registrations').where({ email: first.email }).update({ hold_expires_at: h.db.raw(`now() - interval '2 seconds'`) });
    const second = buyer('clock-b');
    const coB = await cardCheckout(w.id, second);
    // This app server's clock runs a minute behind the database's.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 60_000);
    const paid = await payInRazorpaySandbox(h.server, co.order, co.key_id);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    vi.useRealTimers();
    expect(verify.status).toBe(409);
    expect(verify.body.error.message).toBe('The workshop filled up before your payment arrived, so your payment is being refunded in full. Check your email for details.');

    const paidB = await payInRazorpaySandbox(h.server, coB.order, coB.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paidB.body })).status).toBe(200);
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' })).toHaveLength(1);
    expect(['refund_pending', 'refunded']).toContain((await regOf(first.email)).status);
  });
});

describe('capacity lowered while buyers hold seats', () => {
  it('sells no more than the new capacity: the later payment is refunded (found by the money model soak)', async () => {
    const w = await createWorkshop(h.db, { max_participants: 2 });
    const a = await cardCheckout(w.id, buyer('shrink-a'));
    const b = await cardCheckout(w.id, buyer('shrink-b'));
    await h.db('workshops').where({ id: w.id }).update({ max_participants: 1 });
    const paidA = await payInRazorpaySandbox(h.server, a.order, a.key_id, 'authorize');
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paidA.body })).status).toBe(200);
    const paidB = await payInRazorpaySandbox(h.server, b.order, b.key_id);
    const verifyB = await h.api('POST', '/api/checkout/razorpay/verify', { body: paidB.body });
    expect(verifyB.status).toBe(409);
    expect(await h.db('workshop_registrations').where({ workshop_id: w.id, status: 'completed' })).toHaveLength(1);
    await waitFor(async () => (await h.db('refunds').where({ payment_id: paidB.body.razorpay_payment_id, status: 'succeeded' })).length === 1);
  });
});

describe('clearing registrations never keeps money', () => {
  it('keeps a pending hold, so a buyer who pays after the clear still gets the seat', async () => {
    const w = await createWorkshop(h.db);
    const who = buyer('paid-after-clear');
    const co = await cardCheckout(w.id, who);
    const cleared = await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.kept).toBeGreaterThanOrEqual(1);
    const paid = await payInRazorpaySandbox(h.server, co.order, co.key_id);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(verify.status, verify.text).toBe(200);
    expect(await regOf(who.email)).toMatchObject({ status: 'completed' });
  });

  it('refunds money that arrives for an order whose registration was cleared, and keeps the archived seat sale', async () => {
    const w = await createWorkshop(h.db);
    // A checkout the buyer closed: its row is settled, so the clear archives it; its order can still be paid.
    const walker = buyer('walked-then-paid');
    const co = await cardCheckout(w.id, walker);
    expect((await h.api('POST', '/api/checkout/razorpay/release', { body: { order_id: co.order.id } })).body).toEqual({ status: 'released' });
    // Three days on, its late checks are over: now the clear archives it.
    await h.db('workshop_registrations').where({ email: walker.email }).update({ created_at: h.db.raw(`now() - interval '4 days'`), reconcile_after: null });
    // A completed sale, also archived: a replay of its own payment must not be refunded.
    const sold = buyer('sold-before-clear');
    const coSold = await cardCheckout(w.id, sold);
    const soldPaid = await payInRazorpaySandbox(h.server, coSold.order, coSold.key_id);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: soldPaid.body })).status).toBe(200);
    // The workshop is long over (past its recordings window): the clear archives the sale too.
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 40 * 86_400_000) });
    expect((await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token })).status).toBe(200);
    expect(await regOf(walker.email)).toBeUndefined();

    const paid = await payInRazorpaySandbox(h.server, co.order, co.key_id);
    const verify = await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body });
    expect(verify.status).toBe(404);
    expect(verify.body.error.message).toBe('We could not find this payment. Any amount taken is being refunded in full. Please try registering again.');
    await waitFor(async () => (await h.db('refunds').where({ payment_id: paid.body.razorpay_payment_id, status: 'succeeded' })).length === 1);
    expect(await h.db('provider_sandbox.razorpay_payments').where({ id: paid.body.razorpay_payment_id }).first()).toMatchObject({ status: 'refunded', amount_refunded: 9900 });
    expect(await h.db('payment_events').where({ event_id: `unattributed:${paid.body.razorpay_payment_id}` })).toHaveLength(1);

    const replay = await h.api('POST', '/api/checkout/razorpay/verify', { body: soldPaid.body });
    expect(replay.status).toBe(404);
    expect(await h.db('refunds').where({ payment_id: soldPaid.body.razorpay_payment_id })).toHaveLength(0);
  });

  it('refunds a verified payment for an order this server never made a registration for', async () => {
    const w = await createWorkshop(h.db);
    const co = await cardCheckout(w.id, buyer('orphan-order'));
    // Its registration is gone without a trace (e.g. restored from an older backup).
    await h.db('workshop_registrations').where({ provider_order_id: co.order.id }).delete();
    const paid = await payInRazorpaySandbox(h.server, co.order, co.key_id);
    const forged = { ...paid.body, razorpay_signature: razorpayPaymentSignature(co.order.id, paid.body.razorpay_payment_id, 'not-the-secret') };
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: forged })).status).toBe(400);
    expect(await h.db('refunds').where({ payment_id: paid.body.razorpay_payment_id })).toHaveLength(0);
    expect((await h.api('POST', '/api/checkout/razorpay/verify', { body: paid.body })).status).toBe(404);
    await waitFor(async () => (await h.db('refunds').where({ payment_id: paid.body.razorpay_payment_id, status: 'succeeded', reason: 'unattributed' })).length === 1);
    expect(SANDBOX_CREDENTIALS.razorpayKeyId).toBe(co.key_id);
  });

  it('leaves alone money on an order this server did not make (another site on the same provider account), and answers a webhook about an unknown order', async () => {
    const webhook = (raw: string) =>
      h.api('POST', '/api/webhooks/razorpay', { body: raw, headers: { 'content-type': 'application/json', 'x-razorpay-signature': hmacHex(SANDBOX_CREDENTIALS.razorpayWebhookSecret, raw), 'x-razorpay-event-id': `evt_${Date.now()}_${Math.random()}` } });
    // Another site's order and captured payment on the same account: no registration reference in its notes.
    await h.db('provider_sandbox.razorpay_orders').insert({ id: 'order_OTHERSITE01', amount: 5000, currency: 'USD', receipt: 'other_site', notes: JSON.stringify({ shop: 'other' }), status: 'paid' });
    await h.db('provider_sandbox.razorpay_payments').insert({ id: 'pay_OTHERSITE01', order_id: 'order_OTHERSITE01', amount: 5000, currency: 'USD', status: 'captured' });
    const other = await webhook(JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_OTHERSITE01', order_id: 'order_OTHERSITE01' } } } }));
    expect(other.body).toEqual({ status: 'unknown_order' });
    expect(await h.db('refunds').where({ payment_id: 'pay_OTHERSITE01' })).toHaveLength(0);
    const unknown = await webhook(JSON.stringify({ event: 'payment.captured', payload: { payment: { entity: { id: 'pay_NOWHERE', order_id: 'order_NOWHERE0001' } } } }));
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 200, body: { status: 'unknown_order' } });
  });
});
