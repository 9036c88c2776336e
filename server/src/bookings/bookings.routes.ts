import type { BookingSummary } from '@workshop/shared';
import { NotFoundError } from '../http/errors';
import type { RouteModule } from '../http/route';

const ACCESS_ID = /^NC-[A-Z0-9]{8}$/;

/** The thank-you page's details. The access id is the secret; the route is rate-limited against guessing. */
export const bookingRoutes: RouteModule = ({ db }) => [
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
];
