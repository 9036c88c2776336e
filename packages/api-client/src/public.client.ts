import type {
  AttendeeInput,
  BookingCancelResult,
  BookingDocuments,
  BookingSummary,
  BookingView,
  CardVerifyResult,
  CheckoutBillingInput,
  ContactFormInput,
  FreeCheckoutResponse,
  InterestFormInput,
  IssueFormInput,
  JoinView,
  CertificateView,
  FeedbackInput,
  FeedbackView,
  RecordingView,
  PrivacyConfirmResult,
  PrivacyRequestInput,
  PaypalCheckoutInput,
  QuestionFormInput,
  RazorpayCheckoutInput,
  RazorpayVerifyInput,
  VideoLeadInput,
  WaitlistCheckoutInput, TransferInput } from '@workshop/shared';
import { createHttp, type ClientOptions, type Http } from './http';
import { livePaths } from './live.client';
import { parsedLater } from './parsed';
import { recoveryClient } from './sales.client';
import { waitlistClient } from './waitlist.client';

/** The paths a visitor's browser calls: all the public site ships (the admin's are in client.ts). */
export function publicPaths(http: Http) {
  return {
    ...livePaths(http),
    waitlist: waitlistClient(http),
    interests: {
      submitInterest: (input: InterestFormInput) => http.json<{ id: string }>('POST', '/api/interests', { ...input, source: 'interest' }),
      submitIssue: (input: IssueFormInput) => http.json<{ id: string }>('POST', '/api/interests', { ...input, source: 'issue' }),
      submitQuestion: (input: QuestionFormInput) => http.json<{ id: string }>('POST', '/api/interests', { ...input, source: 'question' }),
      submitContact: (input: ContactFormInput) => http.json<{ id: string }>('POST', '/api/interests', { ...input, source: 'contact' }),
    },
    videoLeads: {
      submit: (input: VideoLeadInput) => http.json<{ id: string }>('POST', '/api/video-leads', input),
    },
    recovery: recoveryClient(http),
    bookings: {
      get: (accessId: string) => http.json<BookingSummary>('GET', `/api/bookings/${encodeURIComponent(accessId)}`),
    },
    /** The buyer's manage-your-booking link. */
    booking: {
      get: (token: string) => http.json<BookingView>('GET', `/api/booking/${encodeURIComponent(token)}`),
      /** The order's invoice and credit notes (the buyer's link only); each downloads from `documentUrl`. */
      documents: (token: string) => http.json<BookingDocuments>('GET', `/api/booking/${encodeURIComponent(token)}/invoices`),
      /** New company details for the invoice: the old one is credited and a new one issued; answers the documents again. */
      correctBilling: (token: string, input: CheckoutBillingInput) => http.json<BookingDocuments>('PUT', `/api/booking/${encodeURIComponent(token)}/billing`, input),
      /** `attendeeIds` (the buyer's link) picks the seats; all by default. */
      cancel: (token: string, confirm: boolean, attendeeIds?: string[]) =>
        http.json<BookingCancelResult>('POST', `/api/booking/${encodeURIComponent(token)}/cancel`, { confirm, attendee_ids: attendeeIds }),
      /** The buyer names or renames a seat; answers the page again. */
      renameSeat: (token: string, seatId: string, who: AttendeeInput) =>
        http.json<BookingView>('PATCH', `/api/booking/${encodeURIComponent(token)}/seats/${encodeURIComponent(seatId)}`, who),
      resend: (token: string) => http.json<{ queued: boolean }>('POST', `/api/booking/${encodeURIComponent(token)}/resend`, {}),
      /** The booking (or an attendee's own seat) handed to someone else; this link stops working. */
      transfer: (token: string, to: TransferInput) => http.json<void>('POST', `/api/booking/${encodeURIComponent(token)}/transfer`, to),
    },
    /** A seat's tracked join link: the join page's facts (the link itself leads into the meeting when it is on). */
    join: {
      get: (token: string) => http.json<JoinView>('GET', `/api/join/${encodeURIComponent(token)}`),
    },
    /** A person's requests about their data: ask (always 202), then confirm from the email's link. */
    privacy: {
      request: (input: PrivacyRequestInput) => http.json<{ message: string }>('POST', '/api/privacy/requests', input),
      confirm: (token: string) => http.json<PrivacyConfirmResult>('POST', '/api/privacy/requests/confirm', { token }),
    },
    /** After the workshop, by the seat's own secret: its recording link's state, and its feedback. */
    afterWorkshop: {
      recording: (token: string) => http.json<RecordingView>('GET', `/api/recording/${encodeURIComponent(token)}`),
      feedback: (token: string) => http.json<FeedbackView>('GET', `/api/feedback/${encodeURIComponent(token)}`),
      saveFeedback: (token: string, input: FeedbackInput) => http.json<FeedbackView>('PUT', `/api/feedback/${encodeURIComponent(token)}`, input),
      certificate: (id: string) => http.json<CertificateView>('GET', `/api/certificates/${encodeURIComponent(id)}`),
    },
    checkout: {
      /** A promo code that makes the seat free answers `status: 'completed'` (approval_url is then the thank-you page). */
      paypal: (input: PaypalCheckoutInput & WaitlistCheckoutInput & CheckoutBillingInput) =>
        http.json<{ approval_url: string } | (FreeCheckoutResponse & { approval_url: string })>('POST', '/api/checkout/paypal', input),
      razorpay: (input: RazorpayCheckoutInput & WaitlistCheckoutInput & CheckoutBillingInput) =>
        http.json<{ key_id: string; order: { id: string; amount: number; currency: string } } | FreeCheckoutResponse>('POST', '/api/checkout/razorpay', input),
      razorpayVerify: (input: RazorpayVerifyInput) => http.json<CardVerifyResult>('POST', '/api/checkout/razorpay/verify', input),
      /** The buyer closed the card window: the server lets the seat go at once. */
      razorpayRelease: (orderId: string) => http.json<{ status: string }>('POST', '/api/checkout/razorpay/release', { order_id: orderId }),
    },
    promoCodes: {
      preview: (code: string, workshopId: string) =>
        http.json<unknown>('GET', `/api/promo-codes/${encodeURIComponent(code)}`, undefined, { workshop_id: workshopId }).then(parsedLater((s) => s.promoPreviewSchema)),
    },
  };
}

/** A visitor's client: only the public paths, so the site's first load carries nothing of the admin's. */
export function createPublicClient(options: ClientOptions = {}) {
  return publicPaths(createHttp(options));
}

export type PublicClient = ReturnType<typeof createPublicClient>;
