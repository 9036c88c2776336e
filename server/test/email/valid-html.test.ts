import { describe, expect, it } from 'vitest';
import { detachedEmailData, type EmailData } from '../../src/email/email.data';
import type { EmailKind } from '../../src/email/email.queue';
import { renderEmail } from '../../src/email/email.render';
import { htmlErrors, htmlWarnings, validateHtml } from '../support/vnu';

const DAY = 86_400_000;
const site = 'https://workshop.example.com';

/** A paid booking as the worker builds its emails from, with characters that need escaping. */
const booking: EmailData = {
  registrationId: '3f1c9a52-8d1e-4c4b-9a59-0d6a1c2b7e10',
  name: 'Zoë O\'Brien & <Co>',
  email: 'zoe@example.com',
  phone: '+1 555 0100',
  accessId: 'NCW-7K2Q9X',
  workshopTitle: 'No-Code App Development Workshop',
  workshopDate: new Date(Date.now() + 14 * DAY).toISOString(),
  amount: 9900,
  paymentMethod: 'card',
  promoCode: null,
  publicBaseUrl: site,
  from: { email: 'hello@workshop.example.com', name: 'No-Code Workshop' },
  durationHours: 5,
  bookingUrl: `${site}/booking/tok_abc?x=1&y=2`,
};

const seats = [
  { position: 1, name: 'Zoë O\'Brien', email: 'zoe@example.com' },
  { position: 2, name: 'Sam Lee', email: null },
  { position: 3, name: null, email: null },
];

const join = { url: 'https://meet.example.com/j/123?pwd=a&b', passcode: '4242', materials_url: 'https://example.com/materials' };

/** Every kind of email the server sends, each with the data it is queued with. */
const EMAILS: Record<EmailKind, EmailData> = {
  confirmation: { ...booking, seatList: seats, promoCode: 'HALF', amount: 14850 },
  confirmation_resend: { ...booking, bookingUrl: undefined },
  attendee_confirmation: { ...booking, name: 'Sam Lee', email: 'sam@example.com', buyerName: 'Zoë O\'Brien', inviteUid: 'seat-2' },
  reminder_24h: { ...booking, join },
  reminder_1h: { ...booking, join: { url: join.url, passcode: null, materials_url: null } },
  attendee_reminder_24h: { ...booking, join },
  attendee_reminder_1h: { ...booking, join },
  workshop_updated: { ...booking, calendar: { id: booking.registrationId, sequence: 2, method: 'REQUEST' } },
  attendee_message: { ...booking, message: { subject: 'Bring a laptop <and> charger', body: 'Hi all,\n\nPlease bring a laptop & charger.\nSee you soon!\n\nThe team' } },
  cancellation_notice: { ...booking, details: { 'Refund cents': '4950' }, calendar: { id: booking.registrationId, sequence: 3, method: 'CANCEL' } },
  seat_cancelled: { ...booking, details: { 'Refund cents': '0', Seats: 'Seat 2, Seat 3' } },
  attendee_cancelled: { ...booking, name: 'Sam Lee', buyerName: 'Zoë O\'Brien', details: { Reason: 'transferred' }, calendar: { id: 'seat-2', sequence: 1, method: 'CANCEL' } },
  refund_notice: { ...booking, refundReason: 'workshop_full' },
  duplicate_refund_notice: booking,
  admin_notification: booking,
  admin_refund_notice: { ...booking, refundReason: 'promo_used_up' },
  admin_refund_failed: detachedEmailData({ publicBaseUrl: site, from: booking.from }, 9900, 'paypal', { 'Payment id': 'PAY-1<2>', Attempts: '7', 'Last error': 'HTTP 500 "internal"' }),
  admin_email_failed: { ...booking, details: { 'Email kind': 'confirmation', Error: 'provider said no' } },
  admin_reconcile_stuck: { ...booking, details: { Provider: 'razorpay', 'Order id': 'order_123' } },
  checkout_recovery: { ...booking, bookingUrl: undefined, accessId: '', recoveryUrl: `${site}/?resume=tok&utm_source=email`, unsubscribeUrl: `${site}/unsubscribe?token=tok&kind=recovery` },
  waitlist_offer: { ...booking, accessId: '', waitlist: { offerUrl: `${site}/?offer=tok&w=1`, leaveUrl: `${site}/waitlist/leave?token=tok`, expiresAt: new Date(Date.now() + DAY).toISOString(), hours: 24 } },
  waitlist_joined: { ...booking, accessId: '', waitlistPlace: { position: 3, hours: 24, leaveUrl: `${site}/waitlist/leave?token=tok` } },
  booking_transferred: { ...booking, details: { 'Transferred to': 'Cara <Colleague>' } },
  goodwill_refund: { ...booking, details: { 'Refund cents': '2000' } },
  credit_note: { ...booking, details: { 'Refund cents': '2000', 'Credit note': 'CN-2026-000001', Invoice: 'INV-2026-000001' } },
  after_workshop: { ...booking, afterWorkshop: { recordingUrl: 'https://example.com/recording/tok', feedbackUrl: 'https://example.com/feedback/tok', certificateUrl: 'https://example.com/certificates/c1' } },
  privacy_confirm: { ...booking, registrationId: '', email: 'zoe@example.com', privacy: { confirmUrl: `${site}/privacy/confirm?token=AbC-_123`, kind: 'export' } },
  admin_password_reset: { ...booking, registrationId: '', email: 'owner@example.com', resetUrl: `${site}/admin/reset-password?token=AbC-_123&utm=email` },
  admin_password_changed: { ...booking, registrationId: '', email: 'owner@example.com', details: { Changed: 'Nov 27, 2026, 2:15 AM EST' } },
  admin_sign_in_changed: { ...booking, registrationId: '', email: 'owner@example.com', details: { Change: 'passkey_added', Passkey: 'Work laptop <touch>', Changed: 'Nov 27, 2026, 2:15 AM EST' } },
  waitlist_cancelled: { ...booking, accessId: '', details: { Reason: 'The trainer is ill & cannot teach <this week>.' } },
};

describe('emails as HTML', () => {
  it('are every one a valid HTML document for the Nu HTML Checker: no errors, no warnings', async () => {
    const documents = Object.fromEntries(Object.entries(EMAILS).map(([kind, data]) => [kind, renderEmail(kind as EmailKind, data).html]));
    const reports = await validateHtml(documents);
    expect(htmlErrors(reports)).toEqual([]);
    expect(htmlWarnings(reports)).toEqual([]);
    // A whole document each: its language, its encoding and a title of its own.
    for (const [kind, html] of Object.entries(documents)) {
      expect(html, kind).toMatch(/^<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">/);
      expect(html, kind).toMatch(/<title>[^<]+<\/title>/);
    }
  });
});
