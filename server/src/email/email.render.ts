import { formatCents } from '@workshop/shared';
import type { EmailData } from './email.data';
import type { EmailKind } from './email.queue';
import {
  adminActionEmail,
  adminNotificationEmail,
  adminRefundEmail,
  cancellationEmail,
  confirmationEmail,
  duplicateRefundEmail,
  type EmailContent,
  refundNoticeEmail,
  reminderEmail,
  workshopUpdatedEmail,
  attendeeMessageEmail,
} from './email.templates';
import { attendeeCancelledEmail, attendeeConfirmationEmail, seatsCancelledEmail } from './attendee.templates';
import { goodwillRefundEmail } from './goodwill.template';
import { afterWorkshopEmail } from './after-workshop.template';
import { privacyConfirmEmail } from './privacy.template';
import { creditNoteEmail } from './credit-note.template';
import { passwordChangedEmail, passwordResetEmail, signInChangedEmail } from './admin-account.template';
import { bookingTransferredEmail } from './transfer.template';
import { recoveryEmail } from './recovery.template';
import { waitlistCancelledEmail, waitlistJoinedEmail, waitlistOfferEmail } from './waitlist-offer.template';

function registrationRows(d: EmailData): [string, string][] {
  if (!d.registrationId) return [];
  return [
    ['Name', d.name],
    ['Email', d.email],
    ['Workshop', d.workshopTitle],
    ['Access ID', d.accessId],
  ];
}

function alert(d: EmailData, title: string, body: string): EmailContent {
  const rows: [string, string][] = [...registrationRows(d), ['Amount', formatCents(d.amount)], ['Paid with', d.paymentMethod ?? ''], ...Object.entries(d.details ?? {})];
  return adminActionEmail(title, body, rows);
}

/** Builds an email from its snapshot, in the worker; a throw here is recorded as a failed email. */
export function renderEmail(kind: EmailKind, data: EmailData): EmailContent {
  const d = { ...data, workshopDate: new Date(data.workshopDate) };
  switch (kind) {
    case 'confirmation':
      return confirmationEmail(d);
    case 'admin_notification':
      return adminNotificationEmail(d);
    case 'refund_notice':
      return refundNoticeEmail(d);
    case 'admin_refund_notice':
      return adminRefundEmail(d);
    case 'duplicate_refund_notice':
      return duplicateRefundEmail(d);
    case 'confirmation_resend':
      return confirmationEmail(d);
    case 'cancellation_notice':
      return cancellationEmail(d);
    case 'goodwill_refund':
      return goodwillRefundEmail(d);
    case 'credit_note':
      return creditNoteEmail(d);
    case 'admin_password_changed':
      return passwordChangedEmail(d);
    case 'admin_sign_in_changed':
      return signInChangedEmail(d);
    case 'admin_password_reset':
      return passwordResetEmail(d);
    case 'booking_transferred':
      return bookingTransferredEmail(d);
    case 'reminder_24h':
      return reminderEmail(d, 24);
    case 'reminder_1h':
      return reminderEmail(d, 1);
    case 'workshop_updated':
      return workshopUpdatedEmail(d);
    case 'attendee_message':
      return attendeeMessageEmail(d);
    case 'checkout_recovery':
      return recoveryEmail(d);
    case 'waitlist_offer':
      return waitlistOfferEmail(data);
    case 'waitlist_joined':
      return waitlistJoinedEmail(data);
    case 'waitlist_cancelled':
      return waitlistCancelledEmail(data);
    case 'attendee_confirmation':
      return attendeeConfirmationEmail(d);
    case 'attendee_reminder_24h':
      return reminderEmail(d, 24);
    case 'attendee_reminder_1h':
      return reminderEmail(d, 1);
    case 'seat_cancelled':
      return seatsCancelledEmail(d);
    case 'attendee_cancelled':
      return attendeeCancelledEmail(d);
    case 'after_workshop':
      return afterWorkshopEmail(d);
    case 'privacy_confirm':
      return privacyConfirmEmail(data);
    case 'admin_refund_failed':
      // The last word about a refund that gave up: hand refunds found since cover it.
      if (data.amount === 0 && data.details?.Update)
        return alert(data, `refund covered by hand for ${data.registrationId ? data.name : 'an unattributed payment'}`, 'Refunds made by hand in the payment provider dashboard now cover the refund an earlier alert asked for. Nothing more is owed and nothing needs doing.');
      return alert(
        data,
        `refund failed for ${data.registrationId ? data.name : 'an unattributed payment'} (${formatCents(data.amount)})`,
        "The automatic refund of this payment failed every time it was tried, and the server has stopped trying. Retry it from the admin's Needs attention list, or refund it from the payment provider's dashboard and let the buyer know.",
      );
    case 'admin_email_failed':
      return alert(data, `an email to ${data.email} could not be sent`, 'The registration stands and the seat is taken, but this email could not be built, or the email provider refused it on every attempt, so it was not sent. Contact the buyer another way.');
    case 'admin_reconcile_stuck':
      return alert(
        data,
        `a checkout could not be settled (${data.name})`,
        "The server has asked the payment provider about this checkout several times without an answer it can settle. It keeps trying; see the admin's Needs attention list.",
      );
  }
}
