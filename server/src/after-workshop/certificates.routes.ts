import { NotFoundError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parseId } from '../http/validate';
import { renderCertificatePdf } from './certificate-pdf';
import { certificateById, certificateUrl, reissueCertificate } from './certificates.service';

const MISSING = 'No certificate has this number.';

/**
 * Certificates (issue 26, point 6): `/certificates/<id>` is the public page that confirms one (the
 * site's, never indexed; its 404 page for an id that is none), its facts and its PDF; an admin
 * reissues one after a name correction.
 */
export const certificateRoutes: RouteModule = ({ db, config }) => [
  {
    method: 'get',
    path: '/certificates/:id',
    access: 'lookup',
    handler: async (req, res, next) => {
      if (!(await certificateById(db, String(req.params.id)))) res.locals.notFound = true;
      next();
    },
  },
  {
    method: 'get',
    path: '/api/certificates/:id',
    access: 'lookup',
    handler: async (req, res) => {
      const c = await certificateById(db, String(req.params.id));
      if (!c) throw new NotFoundError(MISSING);
      res.json(c);
    },
  },
  {
    method: 'get',
    path: '/api/certificates/:id/pdf',
    access: 'lookup',
    handler: async (req, res) => {
      const c = await certificateById(db, String(req.params.id));
      if (!c) throw new NotFoundError(MISSING);
      const pdf = await renderCertificatePdf(c, certificateUrl(config.publicBaseUrl, c.id));
      res.setHeader('Content-Type', 'application/pdf');
      // It names a person: linked from a page that is not indexed, and not indexed itself.
      res.setHeader('X-Robots-Tag', 'noindex');
      res.setHeader('Content-Disposition', `inline; filename="certificate-${c.id}.pdf"`);
      res.send(pdf);
    },
  },
  {
    method: 'post',
    path: '/api/admin/workshops/:id/attendance/:attendeeId/certificate',
    access: 'admin',
    handler: async (req, res) => {
      const workshopId = parseId(req.params.id, 'Workshop not found');
      res.json(await reissueCertificate(db, workshopId, parseId(req.params.attendeeId, 'This seat is not in this workshop.')));
    },
  },
];
