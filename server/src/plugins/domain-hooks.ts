import { recordPasswordReset, recordSignIn, recordTwoFactorChange } from '../activity/activity.middleware';
import { adminPasswordChanged, adminPasswordResetRequested, adminSignIn, adminSignInMethodChanged, adminTwoFactorChanged } from '../auth/auth.hooks';
import { queuePasswordChanged, queuePasswordReset, queueSignInChanged } from '../email/admin-account.emails';
import { checkoutAbandoned, paymentCompleted, refundCompleted } from '../payments/payments.hooks';
import { emailAttachments } from '../email/email.attachments';
import { invoiceAttachments } from '../invoices/invoice-emails';
import { creditRefund, invoiceCompletedOrder } from '../invoices/invoice.service';
import { markRecovered, scheduleRecovery } from '../recovery/recovery.schedule';
import { rescheduleWorkshopReminders, scheduleReminders } from '../reminders/reminders';
import { workshopRescheduled } from '../workshops/workshops.hooks';

/**
 * What follows what, in one place: the domains above subscribe to the hooks of the domains
 * below, which never import them (README, "Server domains"). Each subscriber runs in the
 * transaction of the change that set it off. Called once per server start; subscribing again
 * by the same name replaces, so several servers in one process share one wiring.
 */
export function wireDomainHooks(): void {
  // A payment completed (or a promo code made the seat free):
  // (A booking an admin added by hand was no checkout, so no follow-up won it back.)
  paymentCompleted.subscribe('recovery: the follow-up that won the sale back is credited', async (trx, e) => (e.byHand ? undefined : markRecovered(trx, e.registrationId)));
  paymentCompleted.subscribe('reminders: 24 h and 1 h before the start', (trx, e) => scheduleReminders(trx, e.registrationId));
  paymentCompleted.subscribe("invoices: the order's invoice, numbered in this transaction", (trx, e) => invoiceCompletedOrder(trx, e.registrationId));
  // Money went back through the provider:
  refundCompleted.subscribe('invoices: a credit note for exactly what went back', (trx, e) => creditRefund(trx, e));
  // A checkout ended unpaid and its person landed in revive:
  checkoutAbandoned.subscribe('recovery: one follow-up email is planned', (trx, e) => scheduleRecovery(trx, e.registration));
  // Someone tried to sign in as an admin:
  adminSignIn.subscribe('activity: the attempt, accepted or refused and why, for the owners', (trx, e) => recordSignIn(trx, e));
  // An admin's password changed:
  adminPasswordChanged.subscribe('email: the admin is told, at their own address', (trx, e) => queuePasswordChanged(trx, e, e.site));
  adminPasswordChanged.subscribe('activity: a password set by a reset link is logged', (trx, e) => recordPasswordReset(trx, e));
  adminTwoFactorChanged.subscribe('activity: a passkey added is logged', (trx, e) => recordTwoFactorChange(trx, e));
  // A way to sign in as an admin was added or taken away:
  adminSignInMethodChanged.subscribe('email: the admin is told, at their own address', (trx, e) => queueSignInChanged(trx, e, e.site));
  // An admin forgot their password:
  adminPasswordResetRequested.subscribe('email: the single-use reset link, to the admin', (trx, e) => queuePasswordReset(trx, e, e.site));
  // An admin moved a workshop's start:
  workshopRescheduled.subscribe('reminders: re-planned from the new start', (trx, e) => rescheduleWorkshopReminders(trx, e.workshopId));
  // An email is being sent:
  emailAttachments.provide('invoices: the invoice on a confirmation, the credit note on its email', invoiceAttachments);
}
