import { feedbackInputSchema } from '@workshop/shared';
import { NotFoundError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parse, parseId } from '../http/validate';
import { seatOfToken } from '../join/join.service';
import { feedbackView, saveFeedback, workshopFeedback } from './feedback.service';
import { recordingView, recordRecordingOpened } from './recording.service';

const GONE = 'This link does not open any seat.';

/**
 * After the workshop (issue 26, points 5 and 7), by the seat's own secret (the one its join link
 * has): the recording for 30 days after the end (302, each open recorded without waiting for it;
 * otherwise the site's recording page, which says why), and the one-question feedback form. A
 * token of no active seat: 404 and the site's not-found page.
 */
export const afterWorkshopRoutes: RouteModule = ({ db, logger }) => [
  {
    method: 'get',
    path: '/recording/:token',
    access: 'join',
    handler: async (req, res, next) => {
      const token = String(req.params.token);
      const seat = await seatOfToken(db, token);
      if (!seat) {
        res.locals.notFound = true;
        return next();
      }
      if (recordingView(seat).state === 'available' && seat.recording_url) {
        void recordRecordingOpened(db, seat.attendee_id, token, new Date()).catch((err: unknown) => logger.error({ err }, 'could not record a recording view'));
        res.setHeader('Cache-Control', 'no-store');
        return res.redirect(302, seat.recording_url);
      }
      next();
    },
  },
  {
    method: 'get',
    path: '/api/recording/:token',
    access: 'join',
    handler: async (req, res) => {
      const seat = await seatOfToken(db, String(req.params.token));
      if (!seat) throw new NotFoundError(GONE);
      res.json(recordingView(seat));
    },
  },
  {
    method: 'get',
    path: '/feedback/:token',
    access: 'lookup',
    handler: async (req, res, next) => {
      if (!(await seatOfToken(db, String(req.params.token)))) res.locals.notFound = true;
      next();
    },
  },
  {
    method: 'get',
    path: '/api/feedback/:token',
    access: 'lookup',
    handler: async (req, res) => {
      const seat = await seatOfToken(db, String(req.params.token));
      if (!seat) throw new NotFoundError(GONE);
      res.json(await feedbackView(db, seat));
    },
  },
  {
    method: 'put',
    path: '/api/feedback/:token',
    access: 'form',
    handler: async (req, res) => {
      const input = parse(feedbackInputSchema, req.body);
      const seat = await seatOfToken(db, String(req.params.token));
      if (!seat) throw new NotFoundError(GONE);
      res.json(await saveFeedback(db, { ...seat, token: String(req.params.token) }, input));
    },
  },
  {
    method: 'get',
    path: '/api/admin/workshops/:id/feedback',
    access: 'admin',
    handler: async (req, res) => {
      res.json(await workshopFeedback(db, parseId(req.params.id, 'Workshop not found')));
    },
  },
];
