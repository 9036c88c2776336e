import { videoLeadSchema } from '@workshop/shared';
import { ValidationError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';

export const videoLeadRoutes: RouteModule = ({ db }) => [
  {
    method: 'post',
    path: '/api/video-leads',
    access: 'form',
    handler: async (req, res) => {
      const lead = parse(videoLeadSchema, req.body);
      try {
        const [row] = await db('video_leads').insert(lead).returning('id');
        res.status(201).json({ id: row.id });
      } catch (err) {
        if ((err as { code?: string }).code === '23503') {
          throw new ValidationError('Workshop not found', { workshop_id: 'Workshop not found' });
        }
        throw err;
      }
    },
  },
];
