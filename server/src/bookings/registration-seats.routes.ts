import { adminSeatCancelInputSchema, formatCents, moveInputSchema, SEATS_MESSAGES } from '@workshop/shared';
import { z } from 'zod';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { emailSender } from '../email/email.data';
import { ConflictError, NotFoundError, ValidationError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { cancelSeats } from '../payments/cancellation.service';
import { issueAttendeeLinks } from '../registrations/attendee-links';
import { registrationDetail } from './registration-detail.queries';
import { RESEND_NOT_COMPLETED } from './email-correction.service';
import { moveSeat } from './seat-move.service';

const seatParams = z.object({ id: z.uuid('Registration not found'), seatId: z.uuid(SEATS_MESSAGES.noSuchSeat) });

/** The seat, active, of this order; and how many the order still holds. */
async function activeSeat(db: Db | Knex.Transaction, registrationId: string, seatId: string) {
  const seats: { id: string; email: string | null }[] = await db('attendees').where({ registration_id: registrationId, status: 'active' }).select('id', 'email');
  const seat = seats.find((s) => s.id === seatId);
  if (!seat) throw new NotFoundError(SEATS_MESSAGES.noSuchSeat);
  return { seat, active: seats.length };
}

/** One seat of a team booking, for an admin: cancel it (with what of its price goes back), move it to another workshop, or send its attendee their confirmation again. */
export const seatActionRoutes: RouteModule = ({ db, config }) => [
  {
    method: 'post',
    path: '/api/admin/registrations/:id/seats/:seatId/cancel',
    access: 'admin',
    handler: async (req, res) => {
      const { id, seatId } = parse(seatParams, req.params);
      const { refund_cents } = parse(adminSeatCancelInputSchema, req.body ?? {});
      await activeSeat(db, id, seatId);
      const order = await db('workshop_registrations').where({ id }).first('unit_amount');
      if (refund_cents > order.unit_amount) {
        const message = `A seat's refund is at most its price (${formatCents(order.unit_amount)}).`;
        throw new ValidationError(message, { refund_cents: message });
      }
      // The booking's last seat: the booking ends (decided with the order locked).
      await cancelSeats({ db, sender: emailSender(config) }, id, [seatId], { refundCents: refund_cents, by: refund_cents > 0 ? 'refunded_by_admin' : 'cancelled_by_admin' });
      res.json(await registrationDetail(db, id));
    },
  },
  {
    method: 'post',
    path: '/api/admin/registrations/:id/seats/:seatId/move',
    access: 'admin',
    handler: async (req, res) => {
      const { id, seatId } = parse(seatParams, req.params);
      const { workshop_id } = parse(moveInputSchema, req.body ?? {});
      const movedTo = await moveSeat(db, emailSender(config), id, seatId, workshop_id);
      res.json({ ...(await registrationDetail(db, id)), moved_to: movedTo });
    },
  },
  {
    method: 'post',
    path: '/api/admin/registrations/:id/seats/:seatId/resend',
    access: 'admin',
    // Staff may do this too (issue 24): it tells attendees, it changes no booking or money.
    staff: true,
    handler: async (req, res) => {
      const { id, seatId } = parse(seatParams, req.params);
      // An admin never sees the attendee's link: a new one is made, and the old one stops working.
      // Asked under the order's lock: a cancel of the booking or the seat committing now sends nothing after it.
      await db.transaction(async (trx) => {
        const order = await trx('workshop_registrations').where({ id }).forNoKeyUpdate().first('status', 'email');
        const { seat } = await activeSeat(trx, id, seatId);
        if (order?.status !== 'completed') throw new ConflictError(RESEND_NOT_COMPLETED);
        if (!seat.email || seat.email.toLowerCase() === order.email.toLowerCase()) throw new ConflictError("This seat is the buyer's: resend the booking's confirmation instead.");
        await trx('attendees').where({ id: seatId }).update({ booking_token_hash: null, updated_at: trx.fn.now() });
        await issueAttendeeLinks(trx, id, emailSender(config));
      });
      res.json(await registrationDetail(db, id));
    },
  },
];
