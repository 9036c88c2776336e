import { randomBytes } from 'node:crypto';
import { assertBookable } from './seat-hold.service';
import {
  cardCheckoutFieldsSchema,
  cardCheckoutWorkshopSchema,
  checkoutBillingSchema,
  checkoutPromoSchema,
  checkoutSeatsSchema,
  paypalCheckoutSchema,
  utmSchema,
  waitlistCheckoutSchema,
  type FreeCheckoutResponse,
} from '@workshop/shared';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Config } from '../config';
import { AppError } from '../http/errors';
import type { RouteDef } from '../http/route';
import { parse } from '../http/validate';
import { readTaxIdLabel } from '../settings/invoicing-settings.queries';
import { toWorkshop } from '../workshops/workshops.queries';
import { CHECKOUT_MESSAGES } from './checkout-messages';
import { type FreeBooking, releaseHold, type ReturnResult, settleReturn, startCheckout } from './checkout.service';
import type { PaymentsContext } from './payments.context';
import { siteOrigin } from './site-origin';
import { handleWebhook } from './webhook.service';

const BROWSER_COOKIE = 'wk_checkout';

/** A random id per browser, so one browser retrying replaces its own hold instead of taking another seat. */
function browserId(req: Request, res: Response): string {
  const known = req.cookies?.[BROWSER_COOKIE];
  if (typeof known === 'string' && /^[a-f0-9]{32}$/.test(known)) return known;
  const id = randomBytes(16).toString('hex');
  res.cookie(BROWSER_COOKIE, id, { httpOnly: true, sameSite: 'lax', maxAge: 365 * 86_400_000, path: '/api/checkout' });
  return id;
}

/** Where the buyer's browser goes after PayPal, once the server has looked at the order. */
function paypalRedirect(res: Response, r: ReturnResult) {
  const failed = (message: string) => res.redirect(302, `/?payment=failed&message=${encodeURIComponent(message)}`);
  switch (r.outcome) {
    case 'completed': {
      const reg = r.registration;
      return res.redirect(302, `/thank-you?${new URLSearchParams({ payment: 'success', method: 'paypal', accessId: reg.access_id, name: reg.name, email: reg.email })}`);
    }
    case 'processing':
      return res.redirect(302, `/?payment=processing&method=paypal&message=${encodeURIComponent(CHECKOUT_MESSAGES.processing)}`);
    case 'refunded':
      return failed(CHECKOUT_MESSAGES.refundedFull);
    case 'cancelled':
      return failed(CHECKOUT_MESSAGES.bookingCancelled);
    case 'promo_refunded':
      return failed(CHECKOUT_MESSAGES.promoRefunded);
    case 'promo_not_charged':
      return failed(CHECKOUT_MESSAGES.promoNotCharged);
    case 'mismatch':
      return failed(CHECKOUT_MESSAGES.amountMismatch);
    case 'not_charged':
      return failed(CHECKOUT_MESSAGES.fullNotCharged);
    case 'already_booked':
      return failed(CHECKOUT_MESSAGES.alreadyBooked);
    case 'booked_refunded':
      return failed(CHECKOUT_MESSAGES.bookedRefunded);
    case 'replaced_refunded':
      return failed(CHECKOUT_MESSAGES.replacedRefunded);
    case 'declined':
      return failed(CHECKOUT_MESSAGES.declined);
    case 'open':
      return failed(CHECKOUT_MESSAGES.notApproved);
    case 'unknown':
      return failed(CHECKOUT_MESSAGES.unknownOrder);
    case 'settled_before':
      return failed(CHECKOUT_MESSAGES.settledBefore);
  }
}

/** The card flow's answer to its signed payment result. */
function cardAnswer(res: Response, r: ReturnResult) {
  switch (r.outcome) {
    case 'completed':
      return res.json({ access_id: r.registration.access_id });
    case 'processing':
    case 'open':
      return res.status(202).json({ status: 'processing', message: CHECKOUT_MESSAGES.confirmingLater });
    case 'refunded':
      throw new AppError(409, 'sold_out', CHECKOUT_MESSAGES.refundedFull);
    case 'not_charged':
      throw new AppError(409, 'sold_out', CHECKOUT_MESSAGES.fullNotCharged);
    case 'cancelled':
      throw new AppError(409, 'conflict', CHECKOUT_MESSAGES.bookingCancelled);
    case 'promo_refunded':
      throw new AppError(409, 'promo_invalid', CHECKOUT_MESSAGES.promoRefunded);
    case 'promo_not_charged':
      throw new AppError(409, 'promo_invalid', CHECKOUT_MESSAGES.promoNotCharged);
    case 'already_booked':
      throw new AppError(409, 'conflict', CHECKOUT_MESSAGES.alreadyBooked);
    case 'booked_refunded':
      throw new AppError(409, 'conflict', CHECKOUT_MESSAGES.bookedRefunded);
    case 'replaced_refunded':
      throw new AppError(409, 'conflict', CHECKOUT_MESSAGES.replacedRefunded);
    case 'mismatch':
      throw new AppError(422, 'payment_failed', CHECKOUT_MESSAGES.amountMismatch);
    case 'declined':
      throw new AppError(422, 'payment_failed', CHECKOUT_MESSAGES.declined);
    case 'unknown':
      throw new AppError(404, 'not_found', CHECKOUT_MESSAGES.unknownOrder);
    case 'settled_before':
      throw new AppError(404, 'not_found', CHECKOUT_MESSAGES.settledBefore);
  }
}

/** A promo code made the seat free: the browser goes straight to the thank-you page (PayPal clients follow approval_url). */
function freeAnswer(res: Response, booked: FreeBooking, who: { name: string; email: string }) {
  const redirect_url = `/thank-you?${new URLSearchParams({ payment: 'success', accessId: booked.accessId, name: who.name, email: who.email })}`;
  const body: FreeCheckoutResponse = { status: 'completed', access_id: booked.accessId, redirect_url };
  res.status(201).json({ ...body, approval_url: redirect_url });
}

/** The buyer's company details for the invoice, checked after the SPEC's own checks (a GSTIN when the seller's tax ID is one). */
async function billingOf(ctx: PaymentsContext, body: unknown) {
  return parse(checkoutBillingSchema(await readTaxIdLabel(ctx.db)), body).billing;
}

const orderRef = z.object({ order_id: z.string().trim().min(1).max(100) });

/**
 * Checkout, return, release and webhook routes for every enabled provider. Starting a checkout
 * is a public form (rate limit, maintenance); everything a buyer or provider sends after money
 * may have moved is a `callback`: its own limit, never refused for maintenance.
 */
export function checkoutRoutes(ctx: PaymentsContext, config: Config): RouteDef[] {
  const routes: RouteDef[] = [];
  const who = (req: Request, res: Response) => ({ clientIp: req.ip, browserId: browserId(req, res), waitlistToken: parse(waitlistCheckoutSchema, req.body).waitlist_token });
  const limits = { holdsPerIp: config.HOLDS_PER_IP };
  const paypal = ctx.providers.paypal;
  const razorpay = ctx.providers.razorpay;
  for (const provider of [paypal, razorpay]) {
    if (!provider) continue;
    routes.push({
      method: 'post',
      path: `/api/webhooks/${provider.method}`,
      access: 'callback',
      rawBody: true,
      handler: async (req, res) => {
        res.json(await handleWebhook(ctx, provider, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), (n) => req.get(n)));
      },
    });
  }
  if (paypal) {
    routes.push(
      {
        method: 'post',
        path: '/api/checkout/paypal',
        access: 'form',
        handler: async (req, res) => {
          const input = parse(paypalCheckoutSchema, req.body);
          const billing = await billingOf(ctx, req.body);
          const buyer = who(req, res);
          const origin = siteOrigin(config, req);
          const urls = { returnUrl: `${origin}/api/checkout/paypal/return`, cancelUrl: `${origin}/api/checkout/paypal/cancel` };
          const order = await startCheckout(
            ctx,
            paypal,
            { workshopId: input.workshop_id, name: input.name, email: input.email, phone: input.phone, promoCode: input.promo_code, utm: input.utm, seats: input.seats, attendees: input.attendees, billing, ...buyer },
            urls,
            limits,
          );
          if (order.kind === 'free') return freeAnswer(res, order, input);
          if (order.kind !== 'redirect') throw new Error('PayPal answered a script checkout');
          res.status(201).json({ approval_url: order.approvalUrl });
        },
      },
      {
        method: 'get',
        path: '/api/checkout/paypal/return',
        access: 'callback',
        handler: async (req, res) => {
          let result: ReturnResult;
          try {
            result = await settleReturn(ctx, paypal, req.query);
          } catch (err) {
            if (err instanceof AppError) return paypalRedirect(res, { outcome: 'unknown' });
            // The order stays as it is; the webhook or reconciliation finishes it. The buyer must not pay again.
            ctx.logger.error({ err, orderId: req.query.token }, 'PayPal return could not be settled now');
            return void res.redirect(302, `/?payment=processing&method=paypal&message=${encodeURIComponent(CHECKOUT_MESSAGES.confirmingLater)}`);
          }
          paypalRedirect(res, result);
        },
      },
      {
        method: 'get',
        path: '/api/checkout/paypal/cancel',
        access: 'callback',
        handler: async (req, res) => {
          const token = typeof req.query.token === 'string' ? req.query.token.slice(0, 64) : '';
          if (token) await releaseHold(ctx, paypal, token);
          res.redirect(302, '/?payment=cancelled');
        },
      },
    );
  }
  if (razorpay) {
    routes.push(
      {
        method: 'post',
        path: '/api/checkout/razorpay',
        access: 'form',
        handler: async (req, res) => {
          // SPEC §5's order of checks: workshop chosen, registration open, all fields, Indian mobile.
          const { workshop_id } = parse(cardCheckoutWorkshopSchema, req.body);
          const buyer = who(req, res);
          const row = await ctx.db('workshops').where({ id: workshop_id }).first();
          // With an offer link, holdSeat checks the offer (it may stand while registration is closed).
          assertBookable(row ? toWorkshop(row) : undefined, new Date(), Boolean(buyer.waitlistToken));
          const fields = parse(cardCheckoutFieldsSchema, req.body);
          const { seats, attendees } = parse(checkoutSeatsSchema, req.body);
          const { promo_code } = parse(checkoutPromoSchema, req.body);
          const billing = await billingOf(ctx, req.body);
          const order = await startCheckout(
            ctx,
            razorpay,
            { workshopId: workshop_id, ...fields, promoCode: promo_code, utm: utmSchema.parse(req.body?.utm), seats, attendees, billing, ...buyer },
            { returnUrl: siteOrigin(config, req), cancelUrl: siteOrigin(config, req) },
            limits,
          );
          if (order.kind === 'free') return freeAnswer(res, order, fields);
          if (order.kind !== 'script') throw new Error('Razorpay answered a redirect checkout');
          res.status(201).json({ key_id: order.keyId, order: { id: order.orderId, amount: order.amountCents, currency: order.currency }, script_url: order.scriptUrl });
        },
      },
      {
        method: 'post',
        path: '/api/checkout/razorpay/verify',
        access: 'callback',
        handler: async (req, res) => {
          let result: ReturnResult;
          try {
            result = await settleReturn(ctx, razorpay, req.body);
          } catch (err) {
            if (err instanceof AppError) throw err;
            ctx.logger.error({ err }, 'Razorpay payment could not be settled now; the webhook or reconciliation will');
            return void res.status(202).json({ status: 'processing', message: CHECKOUT_MESSAGES.confirmingLater });
          }
          cardAnswer(res, result);
        },
      },
      {
        method: 'post',
        path: '/api/checkout/razorpay/release',
        access: 'callback',
        handler: async (req, res) => {
          const { order_id } = parse(orderRef, req.body);
          res.json({ status: await releaseHold(ctx, razorpay, order_id) });
        },
      },
    );
  }
  return routes;
}
