import { attendeeInputSchema, bookingCancelInputSchema, type BookingSummary, transferInputSchema } from '@workshop/shared';
import { z } from 'zod';
import { emailSender } from '../email/email.data';
import { parse } from '../http/validate';
import { cancelByBuyer, renameSeat, resendToBuyer, viewBooking } from './booking.service';
import { openBooking } from './booking-token.queries';
import { hashBookingToken } from '../registrations/booking-token';
import { transferBooking } from './transfer.service';
import { NotFoundError } from '../http/errors';
import type { RouteModule } from '../http/route';

const ACCESS_ID = /^NC-[A-Z0-9]{8}$/;

const seatParam = z.object({ seatId: z.uuid('This seat is not part of this booking, or it was cancelled.') });

export const bookingRoutes: RouteModule = ({ db, config }) => [
  {
    method: 'get',
    path: '/api/bookings/:accessId',
    access: 'lookup',
    handler: async (req, res) => {
      const accessId = String(req.params.accessId).toUpperCase();
      if (!ACCESS_ID.test(accessId)) throw new NotFoundError('Booking not found');
      const row = await db('workshop_registrations as r')
        .join('workshops as w', 'w.id', 'r.workshop_id')
        .where('r.access_id', accessId)
        .first('r.access_id', 'r.name', 'r.email', 'r.payment_method', 'r.status', 'w.title', 'w.date', 'w.duration_hours');
      if (!row) throw new NotFoundError('Booking not found');
      const body: BookingSummary = {
        access_id: row.access_id,
        name: row.name,
        email: row.email,
        workshop_title: row.title,
        workshop_date: new Date(row.date).toISOString(),
        duration_hours: row.duration_hours,
        payment_method: row.payment_method,
        status: row.status,
      };
      res.json(body);
    },
  },
  // The manage-your-booking link: the token is the secret (only its hash is stored), rate-limited against guessing.
  {
    method: 'get',
    path: '/api/booking/:token',
    access: 'lookup',
    handler: async (req, res) => {
      res.set('Cache-Control', 'no-store');
      res.json(await viewBooking(db, String(req.params.token), { joinHoursBefore: config.JOIN_DETAILS_HOURS_BEFORE, publicBaseUrl: config.publicBaseUrl }));
    },
  },
  {
    method: 'post',
    path: '/api/booking/:token/cancel',
    access: 'lookup',
    handler: async (req, res) => {
      res.json(await cancelByBuyer({ db, sender: emailSender(config) }, String(req.params.token), parse(bookingCancelInputSchema, req.body ?? {})));
    },
  },
  {
    // The buyer names or renames a seat: its attendee gets their own link (the old one stops working).
    method: 'patch',
    path: '/api/booking/:token/seats/:seatId',
    access: 'lookup',
    handler: async (req, res) => {
      const token = String(req.params.token);
      const { seatId } = parse(seatParam, req.params);
      await renameSeat({ db, sender: emailSender(config) }, token, seatId, parse(attendeeInputSchema, req.body));
      res.json(await viewBooking(db, token, { joinHoursBefore: config.JOIN_DETAILS_HOURS_BEFORE, publicBaseUrl: config.publicBaseUrl }));
    },
  },
  {
    // The booking (or an attendee's own seat) handed to someone else until 24 hours before the start: 204, this link stops working.
    method: 'post',
    path: '/api/booking/:token/transfer',
    access: 'lookup',
    handler: async (req, res) => {
      const to = parse(transferInputSchema, req.body);
      const { booking, attendee } = await openBooking(db, String(req.params.token));
      const link = { hash: hashBookingToken(String(req.params.token)), attendeeId: attendee?.id };
      await transferBooking({ db, sender: emailSender(config) }, booking.id, to, { anyTime: false, seatId: attendee?.id, link });
      res.status(204).end();
    },
  },
  {
    method: 'post',
    path: '/api/booking/:token/resend',
    access: 'lookup',
    handler: async (req, res) => {
      res.json(await resendToBuyer({ db, sender: emailSender(config) }, String(req.params.token)));
    },
  },
];
