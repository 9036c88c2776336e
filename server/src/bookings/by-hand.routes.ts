import { adminAddBookingInputSchema, adminEditBookingInputSchema } from '@workshop/shared';
import { z } from 'zod';
import { emailSender } from '../email/email.data';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { addBookingByHand, editBooking } from './by-hand.service';
import { registrationDetail } from './registration-detail.queries';

const idParam = z.object({ id: z.uuid('Registration not found') });

/** Bookings an admin adds by hand, and corrections of a buyer's details (issue 23, point 5); the activity log keeps both. */
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
];
