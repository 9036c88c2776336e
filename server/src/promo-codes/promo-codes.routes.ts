import { promoCodeCreateSchema, promoCodeField, promoCodePatchSchema, PROMO_MESSAGES, type PromoPreview } from '@workshop/shared';
import { z } from 'zod';
import { BadRequestError, NotFoundError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parse, parseId } from '../http/validate';
import { SEAT_MESSAGES } from '../registrations/seat-messages';
import { assertUsesLeft, priceCode } from './promo-pricing.service';
import { createPromoCode, deletePromoCode, listPromoCodes, updatePromoCode } from './promo-codes.service';

const previewQuery = z.object({ workshop_id: z.uuid(SEAT_MESSAGES.notFound) });

export const promoCodeRoutes: RouteModule = ({ db }) => [
  {
    // A public form's rate limit: guessing codes costs one request each, twenty a minute per address.
    method: 'get',
    path: '/api/promo-codes/:code',
    access: 'form',
    handler: async (req, res) => {
      const code = promoCodeField.safeParse(req.params.code);
      if (!code.success) throw new BadRequestError(PROMO_MESSAGES.invalidFormat);
      const { workshop_id } = parse(previewQuery, req.query);
      const workshop = await db('workshops').where({ id: workshop_id, is_active: true }).first('id', 'price_usd_cents');
      if (!workshop) throw new NotFoundError(SEAT_MESSAGES.notFound);
      const priced = await priceCode(db, code.data, workshop, { lock: false });
      await assertUsesLeft(db, priced);
      const body: PromoPreview = { code: priced.code, workshop_id, price_cents: workshop.price_usd_cents, discount_cents: priced.discount, amount_cents: priced.amount };
      res.json(body);
    },
  },
  {
    method: 'get',
    path: '/api/admin/promo-codes',
    access: 'admin',
    handler: async (_req, res) => {
      res.json(await listPromoCodes(db));
    },
  },
  {
    method: 'post',
    path: '/api/admin/promo-codes',
    access: 'admin',
    handler: async (req, res) => {
      res.status(201).json(await createPromoCode(db, parse(promoCodeCreateSchema, req.body)));
    },
  },
  {
    method: 'patch',
    path: '/api/admin/promo-codes/:id',
    access: 'admin',
    handler: async (req, res) => {
      const id = parseId(req.params.id, PROMO_MESSAGES.notFound);
      res.json(await updatePromoCode(db, id, parse(promoCodePatchSchema, req.body)));
    },
  },
  {
    method: 'delete',
    path: '/api/admin/promo-codes/:id',
    access: 'admin',
    handler: async (req, res) => {
      await deletePromoCode(db, parseId(req.params.id, PROMO_MESSAGES.notFound));
      res.status(204).end();
    },
  },
];
