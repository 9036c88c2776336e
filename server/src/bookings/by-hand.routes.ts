import { adminAddBookingInputSchema, adminEditBookingInputSchema, correctEmailInputSchema } from '@workshop/shared';
import { z } from 'zod';
import { emailSender } from '../email/email.data';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { addBookingByHand, editBooking } from './by-hand.service';
import { correctEmailAndResend } from './email-correction.service';
import { registrationDetail } from './registration-detail.queries';

const idParam = z.object({ id: z.uuid('Registration not found') });

/** Bookings an admin adds by hand, and corrections of a buyer's details (issue 23, point 5) or of an address an email bounced from (issue 26, point 2); the activity log keeps them. */
export const byHandRoutes: RouteModule = ({ db, config }) => [
  {
    method: 'post',
    path: '/api/admin/registrations',
    access: 'admin',
    handler: async (req, res) => {
      const input = parse(adminAddBookingInputSchema, req.body);
      const id = await addBookingByHand({ db, sender: emailSender(config) }, input);
      res.status(201).json(await registrationDetail(db, id));
    },
  },
  {
    method: 'patch',
    path: '/api/admin/registrations/:id',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      const patch = parse(adminEditBookingInputSchema, req.body);
      await editBooking({ db, sender: emailSender(config) }, id, patch);
      res.json(await registrationDetail(db, id));
    },
  },
  {
    method: 'post',
    path: '/api/admin/registrations/:id/correct-email',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      const input = parse(correctEmailInputSchema, req.body);
      await correctEmailAndResend({ db, sender: emailSender(config) }, id, input);
      res.json(await registrationDetail(db, id));
    },
  },
];
