import type { AdminAddBookingInput, AdminEditBookingInput, CorrectEmailInput, AdminRefundInput, AdminSeatCancelInput, AttendeeMessageInput, AdminTransferInput } from '@workshop/shared';
import type { Http } from './http';
import { parsedLater, parsedWith } from './parsed';

/** A one-field answer checked by hand: this package has no zod of its own. */
const oneField = <K extends string, V>(key: K, type: 'number' | 'boolean') => ({
  safeParse: (body: unknown): { success: true; data: Record<K, V> } | { success: false } =>
    typeof body === 'object' && body !== null && typeof (body as Record<string, unknown>)[key] === type ? { success: true, data: body as Record<K, V> } : { success: false },
});
const refundResultSchema = oneField<'refundCents', number>('refundCents', 'number');
const resendResultSchema = oneField<'queued', boolean>('queued', 'boolean');

/** The admin's after-sale calls: one registration and its actions, attendee messages, the activity log. */
export function afterSaleClient(http: Http) {
  const reg = (id: string, action = '') => `/api/admin/registrations/${encodeURIComponent(id)}${action}`;
  const messages = (workshopId: string) => `/api/admin/workshops/${encodeURIComponent(workshopId)}/messages`;
  return {
    registration: {
      get: (id: string) => http.json<unknown>('GET', reg(id)).then(parsedLater((s) => s.registrationDetailSchema)),
      /** A booking added by hand (complimentary, or paid outside the site); answers it as created. */
      add: (input: AdminAddBookingInput) => http.json<unknown>('POST', '/api/admin/registrations', input).then(parsedLater((s) => s.registrationDetailSchema)),
      /** The buyer's name, email or phone corrected (a new email gets the confirmation on a new link); answers the registration as it is after. */
      edit: (id: string, patch: AdminEditBookingInput) => http.json<unknown>('PATCH', reg(id), patch).then(parsedLater((s) => s.registrationDetailSchema)),
      /** An email that did not arrive, sent again to the address given (corrected, or the same); answers the registration as it is after. */
      correctEmail: (id: string, input: CorrectEmailInput) => http.json<unknown>('POST', reg(id, '/correct-email'), input).then(parsedLater((s) => s.registrationDetailSchema)),
      refund: (id: string, input: AdminRefundInput) => http.json<unknown>('POST', reg(id, '/refund'), input).then(parsedWith(refundResultSchema)),
      cancel: (id: string) => http.json<unknown>('POST', reg(id, '/cancel'), {}).then(parsedWith(refundResultSchema)),
      resend: (id: string) => http.json<unknown>('POST', reg(id, '/resend'), {}).then(parsedWith(resendResultSchema)),
      /** Answers the registration as it is after the move. */
      move: (id: string, workshopId: string) => http.json<unknown>('POST', reg(id, '/move'), { workshop_id: workshopId }).then(parsedLater((s) => s.registrationDetailSchema)),
      /** A booking of one seat handed to someone else; answers the registration as it is after. */
      transfer: (id: string, input: AdminTransferInput) => http.json<unknown>('POST', reg(id, '/transfer'), input).then(parsedLater((s) => s.registrationDetailSchema)),
      /** One seat of a team booking, with what of its price goes back (0: nothing); answers the registration as it is after. */
      cancelSeat: (id: string, seatId: string, input: AdminSeatCancelInput) =>
        http.json<unknown>('POST', reg(id, `/seats/${encodeURIComponent(seatId)}/cancel`), input).then(parsedLater((s) => s.registrationDetailSchema)),
      /** One seat of a team booking to another workshop, as a booking of its own there; answers this booking as it is after, and the new one's id. */
      moveSeat: (id: string, seatId: string, workshopId: string) =>
        http.json<unknown>('POST', reg(id, `/seats/${encodeURIComponent(seatId)}/move`), { workshop_id: workshopId }).then(parsedLater((s) => s.seatMoveResultSchema)),
      /** The seat's attendee gets their confirmation again, with a new link (the old one stops working). */
      resendSeat: (id: string, seatId: string) => http.json<unknown>('POST', reg(id, `/seats/${encodeURIComponent(seatId)}/resend`), {}).then(parsedLater((s) => s.registrationDetailSchema)),
    },
    messages: {
      /** Newest first. */
      list: (workshopId: string) => http.json<unknown>('GET', messages(workshopId)).then(parsedLater((s) => s.messageListSchema)),
      send: (workshopId: string, input: AttendeeMessageInput) => http.json<unknown>('POST', messages(workshopId), input).then(parsedLater((s) => s.attendeeMessageSchema)),
    },
    activity: {
      list: (query: { page?: number; pageSize?: number } = {}) => http.json<unknown>('GET', '/api/admin/activity', undefined, query).then(parsedLater((s) => s.activityListSchema)),
    },
  };
}
