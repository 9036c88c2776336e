import type { RouteModule } from '../http/route';
import { NotFoundError } from '../http/errors';
import { recordJoin } from './join.queries';
import { joinView, openJoinLink } from './join.service';

/**
 * Tracked join links (issue 26, point 3). GET /join/:token lets the seat's attendee into the
 * meeting while the workshop is on (302), recording the join without waiting for it; otherwise the
 * site's join page is served (the static site, next), or its 404 page for a token that opens no
 * seat. GET /api/join/:token gives that page its facts, never the meeting address.
 */
export const joinRoutes: RouteModule = ({ db, logger }) => [
  {
    method: 'get',
    path: '/join/:token',
    access: 'join',
    handler: async (req, res, next) => {
      const answer = await openJoinLink(db, String(req.params.token));
      if (answer.kind === 'redirect') {
        const at = new Date();
        // The attendee is on their way in whatever happens to the record of it.
        void recordJoin(db, answer.attendeeId, answer.token, at).catch((err: unknown) => logger.error({ err }, 'could not record a join'));
        res.setHeader('Cache-Control', 'no-store');
        return res.redirect(302, answer.url);
      }
      if (answer.kind === 'missing') res.locals.notFound = true;
      next();
    },
  },
  {
    method: 'get',
    path: '/api/join/:token',
    access: 'join',
    handler: async (req, res) => {
      const view = await joinView(db, String(req.params.token));
      if (!view) throw new NotFoundError('This join link does not open any seat.');
      res.json(view);
    },
  },
];
