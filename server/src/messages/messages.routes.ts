import { attendeeMessageInputSchema } from '@workshop/shared';
import { emailSender } from '../email/email.data';
import type { RouteModule } from '../http/route';
import { parse, parseId } from '../http/validate';
import { listMessages, sendToAttendees } from './messages.service';

/** An admin writes to everyone who paid for a workshop; each recipient's delivery is tracked. */
export const messageRoutes: RouteModule = ({ db, config }) => [
  {
    method: 'get',
    path: '/api/admin/workshops/:id/messages',
    access: 'admin',
    handler: async (req, res) => {
      res.json(await listMessages(db, parseId(req.params.id, 'Workshop not found')));
    },
  },
  {
    method: 'post',
    path: '/api/admin/workshops/:id/messages',
    access: 'admin',
    // Staff may do this too (issue 24): it tells attendees, it changes no booking or money.
    staff: true,
    handler: async (req, res) => {
      const id = parseId(req.params.id, 'Workshop not found');
      res.status(201).json(await sendToAttendees(db, emailSender(config), id, parse(attendeeMessageInputSchema, req.body), req.admin?.id));
    },
  },
];
