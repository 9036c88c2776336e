/** The booking link's secret lives with the emails that carry it (email/booking-link.ts); registrations name it here. */
export { BOOKING_TOKEN, bookingUrl, hashBookingToken, joinUrl, newBookingToken } from '../email/booking-link';
