import { WORKSHOP_CANCEL_MESSAGES, workshopCancelInputSchema } from '@workshop/shared';
import { emailSender } from '../email/email.data';
import { ConflictError, NotFoundError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parse, parseId } from '../http/validate';
import { cancellationSummary } from './workshop-cancel.queries';
import { cancelWorkshop } from './workshop-cancel.service';

/**
 * POST /api/admin/workshops/:id/cancel: `{}` answers what calling the workshop off would do (or,
 * once it was, how far it got); `{reason, confirm: true}` does it (once: asked again, it answers how far it got).
 */
export const workshopCancelRoutes: RouteModule = ({ db, config }) => [
  {
    method: 'post',
    path: '/api/admin/workshops/:id/cancel',
    access: 'admin',
    handler: async (req, res) => {
      const id = parseId(req.params.id, WORKSHOP_CANCEL_MESSAGES.notFound);
      const { reason, confirm } = parse(workshopCancelInputSchema, req.body);
      if (confirm && reason) {
        await cancelWorkshop(db, emailSender(config), id, reason);
      } else {
        res.locals.previewOnly = true;
        const w = await db('workshops').where({ id }).first('status', db.raw('date <= now() AS started'));
        if (!w) throw new NotFoundError(WORKSHOP_CANCEL_MESSAGES.notFound);
        if (w.status !== 'cancelled' && w.started) throw new ConflictError(WORKSHOP_CANCEL_MESSAGES.started);
      }
      res.json(await cancellationSummary(db, id));
    },
  },
];
