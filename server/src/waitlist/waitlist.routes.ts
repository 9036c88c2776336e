import { type AdminWaitlist, waitlistJoinSchema, waitlistTokenSchema } from '@workshop/shared';
import { emailSender } from '../email/email.data';
import { NotFoundError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parse, parseId } from '../http/validate';
import { lockWorkshopForOffers } from './waitlist-offers';
import { listWaitlist } from './waitlist.queries';
import { joinWaitlist, leaveWaitlist, offerByHand, readOffer } from './waitlist.service';

export const waitlistRoutes: RouteModule = ({ db, config }) => {
  const sender = emailSender(config);
  const adminList = async (workshopId: string): Promise<AdminWaitlist> => {
    const free = await db.transaction(async (trx) => (await lockWorkshopForOffers(trx, workshopId))?.free);
    if (free === undefined) throw new NotFoundError('Workshop not found');
    return { workshop_id: workshopId, items: await listWaitlist(db, workshopId), free_seats: free };
  };
  return [
    {
      method: 'post',
      path: '/api/workshops/:id/waitlist',
      access: 'form',
      handler: async (req, res) => {
        const id = parseId(req.params.id, 'This workshop is no longer available.');
        const r = await joinWaitlist(db, sender, id, parse(waitlistJoinSchema, req.body));
        res.status(r.created ? 201 : 200).json(r.body);
      },
    },
    {
      method: 'get',
      path: '/api/waitlist/offer',
      access: 'lookup',
      handler: async (req, res) => {
        res.json(await readOffer(db, parse(waitlistTokenSchema, req.query).token));
      },
    },
    {
      method: 'post',
      path: '/api/waitlist/leave',
      access: 'form',
      handler: async (req, res) => {
        res.json(await leaveWaitlist(db, parse(waitlistTokenSchema, req.body).token));
      },
    },
    {
      method: 'get',
      path: '/api/admin/workshops/:id/waitlist',
      access: 'admin',
      handler: async (req, res) => {
        res.json(await adminList(parseId(req.params.id, 'Workshop not found')));
      },
    },
    {
      method: 'post',
      path: '/api/admin/workshops/:id/waitlist/:entryId/offer',
      access: 'admin',
      handler: async (req, res) => {
        const workshopId = parseId(req.params.id, 'Workshop not found');
        await offerByHand(db, sender, workshopId, parseId(req.params.entryId, 'Waitlist entry not found'));
        res.json(await adminList(workshopId));
      },
    },
  ];
};
