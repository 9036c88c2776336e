import { adminRefundInputSchema, adminTransferInputSchema, moveInputSchema } from '@workshop/shared';
import { z } from 'zod';
import { emailSender } from '../email/email.data';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { cancelBooking } from '../payments/cancellation.service';
import { refundKeepingBooking } from '../payments/goodwill.service';
import { resendOnNewLink } from './email-correction.service';
import { moveBooking } from './move.service';
import { transferBooking } from './transfer.service';
import { registrationDetail, registrationOr404 } from './registration-detail.queries';
import { seatActionRoutes } from './registration-seats.routes';

const idParam = z.object({ id: z.uuid('Registration not found') });

/** One registration for an admin, and the actions on it (each through the same services as the buyer's). */
export const registrationDetailRoutes: RouteModule = (deps) => [...detailRoutes(deps), ...actionRoutes(deps), ...seatActionRoutes(deps)];

const detailRoutes: RouteModule = ({ db, config }) => [
  {
    method: 'get',
    path: '/api/admin/registrations/:id',
    access: 'admin',
    handler: async (req, res) => {
      res.json(await registrationDetail(db, parse(idParam, req.params).id));
    },
  },
  {
    method: 'post',
    path: '/api/admin/registrations/:id/move',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      const { workshop_id } = parse(moveInputSchema, req.body);
      await moveBooking(db, emailSender(config), id, workshop_id);
      res.json(await registrationDetail(db, id));
    },
  },
  {
    // At any time (the 24 hours' notice is the buyer's); the reason stays in the activity log with the request.
    method: 'post',
    path: '/api/admin/registrations/:id/transfer',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      const { name, email, phone } = parse(adminTransferInputSchema, req.body);
      await registrationOr404(db, id);
      await transferBooking({ db, sender: emailSender(config) }, id, { name, email, phone }, { anyTime: true });
      res.json(await registrationDetail(db, id));
    },
  },
];

const actionRoutes: RouteModule = ({ db, config }) => [
  {
    method: 'post',
    path: '/api/admin/registrations/:id/refund',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      const { amount_cents, keep_booking, request_id } = parse(adminRefundInputSchema, req.body);
      await registrationOr404(db, id);
      const ctx = { db, sender: emailSender(config) };
      res.json(keep_booking ? await refundKeepingBooking(ctx, id, amount_cents, request_id) : await cancelBooking(ctx, id, { refundCents: amount_cents, by: 'refunded_by_admin' }));
    },
  },
  {
    method: 'post',
    path: '/api/admin/registrations/:id/cancel',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      await registrationOr404(db, id);
      res.json(await cancelBooking({ db, sender: emailSender(config) }, id, { refundCents: 0, by: 'cancelled_by_admin' }));
    },
  },
  {
    method: 'post',
    path: '/api/admin/registrations/:id/resend',
    access: 'admin',
    // Staff may do this too (issue 24): it tells attendees, it changes no booking or money.
    staff: true,
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      await registrationOr404(db, id);
      // Whether it is still completed is asked under its lock (a cancel may be committing now).
      const queued = await db.transaction((trx) => resendOnNewLink(trx, id, emailSender(config)));
      res.json({ queued });
    },
  },
];
