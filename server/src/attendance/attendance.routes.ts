import { ATTENDANCE_MESSAGES, attendanceMarkInputSchema } from '@workshop/shared';
import type { RouteModule } from '../http/route';
import { parse, parseId } from '../http/validate';
import { markAttendance, workshopAttendance } from './attendance.service';

/**
 * Attendance (issue 26, point 4). Marking is staff's work too: whoever runs the session takes the
 * register; it moves no money and changes no booking.
 */
export const attendanceRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/admin/workshops/:id/attendance',
    access: 'admin',
    handler: async (req, res) => {
      res.json(await workshopAttendance(db, parseId(req.params.id, 'Workshop not found')));
    },
  },
  {
    method: 'put',
    path: '/api/admin/workshops/:id/attendance/:attendeeId',
    access: 'admin',
    staff: true,
    handler: async (req, res) => {
      const workshopId = parseId(req.params.id, 'Workshop not found');
      const attendeeId = parseId(req.params.attendeeId, ATTENDANCE_MESSAGES.notASeat);
      res.json(await markAttendance(db, workshopId, attendeeId, parse(attendanceMarkInputSchema, req.body).mark));
    },
  },
];
