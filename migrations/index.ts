import type { Knex } from 'knex';
import * as createUsers from './20261121090000-create-users';
import * as createWorkshops from './20261121090100-create-workshops';
import * as createRegistrations from './20261121090200-create-workshop-registrations';
import * as createInterests from './20261121090300-create-workshop-interests';
import * as createVideoLeads from './20261121090400-create-video-leads';
import * as createRevive from './20261121090500-create-revive';
import * as createAdminSettings from './20261121090600-create-admin-settings';
import * as insertDefaultSettings from './20261121090700-insert-default-settings';
import * as createRegistrationsArchive from './20261121090800-create-registrations-archive';
import * as createPaymentEvents from './20261121100000-create-payment-events';
import * as createEmailMessages from './20261121100100-create-email-messages';
import * as createJobQueue from './20261121100200-create-job-queue';
import * as addRefundEmailKinds from './20261121110000-add-refund-email-kinds';
import * as registrationStateMachine from './20261122090000-registration-state-machine';
import * as moveRefundPendingStatus from './20261122090100-move-refund-pending-status';
import * as createRefunds from './20261122090200-create-refunds';
import * as renderEmailsWhenSent from './20261122090300-render-emails-when-sent';
import * as addCheckoutBookkeeping from './20261122090400-add-checkout-bookkeeping';
import * as addBookingLinks from './20261122120000-add-booking-links-and-join-details';
import * as addRemindersMessagesActivity from './20261122130000-add-reminders-messages-activity';
import * as createRateLimits from './20261122160000-create-rate-limits';
import * as createAdminEvents from './20261122160100-create-admin-events';
import * as indexSessionsExpiry from './20261122160200-index-sessions-expiry';
import * as checkoutRecovery from './20261123040000-checkout-recovery-and-utm';
import * as indexArchivedPromoUses from './20261123050000-index-archived-promo-uses';
import * as allowSiteLinksSetting from './20261122150000-allow-site-links-setting';
import * as createPromoCodes from './20261123010000-create-promo-codes';
import * as addPromoCodeToRegistrations from './20261123010100-add-promo-code-to-registrations';
import * as createWaitlist from './20261123020000-create-waitlist';
import * as registrationTalliesAndListIndexes from './20261123030000-registration-tallies-and-list-indexes';
import * as createPaymentLedger from './20261126090000-create-payment-ledger';
import * as createAttendees from './20261126120000-create-attendees';
import * as addCalendarSequences from './20261127090000-add-calendar-sequences';
import * as waitlistJoinedEmail from './20261127100000-waitlist-joined-email';
import * as accessIdPrefixIndex from './20261127110000-access-id-prefix-index';
import * as indexUnsentEmails from './20261128090000-index-unsent-emails';
import * as emailBounces from './20261129090000-email-bounces';
import * as repeatableAdminAlerts from './20261129100000-repeatable-admin-alerts';
import * as watchFailedRefunds from './20261129110000-watch-failed-refunds';
import * as seatMoves from './20261130090000-seat-moves';
import * as promoUsesKept from './20261130090100-promo-uses-kept';
import * as unloggedRateLimits from './20261201090000-unlogged-rate-limits';
import * as workshopCancellation from './20261202090000-workshop-cancellation';
import * as goodwillRefunds from './20261202100000-goodwill-refunds';
import * as workshopRescheduledAt from './20261202110000-workshop-rescheduled-at';
import * as bookingTransferredEmail from './20261202120000-booking-transferred-email';
import * as registrationMovedInAt from './20261202130000-registration-moved-in-at';
import * as bookingsByHand from './20261203090000-bookings-by-hand';
import * as adminRoles from './20261204090000-admin-roles';
import * as adminPasskeys from './20261205090000-admin-passkeys';
import * as invoicing from './20261206090000-invoicing';
import * as creditNoteEmail from './20261207090000-credit-note-email';
import * as invoiceLogos from './20261207100000-invoice-logos';
import * as registrationPersonIndexes from './20261208090000-registration-person-indexes';
import * as adminSignInChangedEmail from './20261208100000-admin-sign-in-changed-email';
import * as refundsSentBack from './20261208110000-refunds-sent-back';
import * as emailDeliveryEvents from './20261208120000-email-delivery-events';
import * as emailRegistrationIndex from './20261209090000-email-registration-index';
import * as goodwillRequestIds from './20261209100000-goodwill-request-ids';
import * as joinLinks from './20261209110000-join-links';
import * as attendance from './20261210090000-attendance';
import * as afterWorkshop from './20261210100000-after-workshop';
import * as privacyRequests from './20261211090000-privacy-requests';
import * as privacyErasure from './20261212090000-privacy-erasure';
import * as retention from './20261213090000-retention';
import * as paymentRecordsDeletion from './20261214090000-payment-records-deletion';
import * as addressCorrectionSamePerson from './20261215090000-address-correction-same-person';
import * as rerunForgetsSession from './20261215100000-rerun-forgets-session';

type Migration = { up: (k: Knex) => Promise<void>; down: (k: Knex) => Promise<void> };

/** Every migration, by file name; append new files here (never edit a merged one). */
export const migrations: Record<string, Migration> = {
  '20261121090000-create-users': createUsers,
  '20261121090100-create-workshops': createWorkshops,
  '20261121090200-create-workshop-registrations': createRegistrations,
  '20261121090300-create-workshop-interests': createInterests,
  '20261121090400-create-video-leads': createVideoLeads,
  '20261121090500-create-revive': createRevive,
  '20261121090600-create-admin-settings': createAdminSettings,
  '20261121090700-insert-default-settings': insertDefaultSettings,
  '20261121090800-create-registrations-archive': createRegistrationsArchive,
  '20261121100000-create-payment-events': createPaymentEvents,
  '20261121100100-create-email-messages': createEmailMessages,
  '20261121100200-create-job-queue': createJobQueue,
  '20261121110000-add-refund-email-kinds': addRefundEmailKinds,
  '20261122090000-registration-state-machine': registrationStateMachine,
  '20261122090100-move-refund-pending-status': moveRefundPendingStatus,
  '20261122090200-create-refunds': createRefunds,
  '20261122090300-render-emails-when-sent': renderEmailsWhenSent,
  '20261122090400-add-checkout-bookkeeping': addCheckoutBookkeeping,
  '20261122120000-add-booking-links-and-join-details': addBookingLinks,
  '20261122130000-add-reminders-messages-activity': addRemindersMessagesActivity,
  '20261122160000-create-rate-limits': createRateLimits,
  '20261122160100-create-admin-events': createAdminEvents,
  '20261122160200-index-sessions-expiry': indexSessionsExpiry,
  '20261122150000-allow-site-links-setting': allowSiteLinksSetting,
  '20261123040000-checkout-recovery-and-utm': checkoutRecovery,
  '20261123050000-index-archived-promo-uses': indexArchivedPromoUses,
  '20261123010000-create-promo-codes': createPromoCodes,
  '20261123010100-add-promo-code-to-registrations': addPromoCodeToRegistrations,
  '20261123020000-create-waitlist': createWaitlist,
  '20261123030000-registration-tallies-and-list-indexes': registrationTalliesAndListIndexes,
  '20261126090000-create-payment-ledger': createPaymentLedger,
  '20261126120000-create-attendees': createAttendees,
  '20261127090000-add-calendar-sequences': addCalendarSequences,
  '20261127100000-waitlist-joined-email': waitlistJoinedEmail,
  '20261127110000-access-id-prefix-index': accessIdPrefixIndex,
  '20261128090000-index-unsent-emails': indexUnsentEmails,
  '20261129090000-email-bounces': emailBounces,
  '20261129100000-repeatable-admin-alerts': repeatableAdminAlerts,
  '20261129110000-watch-failed-refunds': watchFailedRefunds,
  '20261130090000-seat-moves': seatMoves,
  '20261130090100-promo-uses-kept': promoUsesKept,
  '20261201090000-unlogged-rate-limits': unloggedRateLimits,
  '20261202090000-workshop-cancellation': workshopCancellation,
  '20261202100000-goodwill-refunds': goodwillRefunds,
  '20261202110000-workshop-rescheduled-at': workshopRescheduledAt,
  '20261202120000-booking-transferred-email': bookingTransferredEmail,
  '20261202130000-registration-moved-in-at': registrationMovedInAt,
  '20261203090000-bookings-by-hand': bookingsByHand,
  '20261204090000-admin-roles': adminRoles,
  '20261205090000-admin-passkeys': adminPasskeys,
  '20261206090000-invoicing': invoicing,
  '20261207090000-credit-note-email': creditNoteEmail,
  '20261207100000-invoice-logos': invoiceLogos,
  '20261208090000-registration-person-indexes': registrationPersonIndexes,
  '20261208100000-admin-sign-in-changed-email': adminSignInChangedEmail,
  '20261208110000-refunds-sent-back': refundsSentBack,
  '20261208120000-email-delivery-events': emailDeliveryEvents,
  '20261209090000-email-registration-index': emailRegistrationIndex,
  '20261209100000-goodwill-request-ids': goodwillRequestIds,
  '20261209110000-join-links': joinLinks,
  '20261210090000-attendance': attendance,
  '20261210100000-after-workshop': afterWorkshop,
  '20261211090000-privacy-requests': privacyRequests,
  '20261212090000-privacy-erasure': privacyErasure,
  '20261213090000-retention': retention,
  '20261214090000-payment-records-deletion': paymentRecordsDeletion,
  '20261215090000-address-correction-same-person': addressCorrectionSamePerson,
  '20261215100000-rerun-forgets-session': rerunForgetsSession,
};
