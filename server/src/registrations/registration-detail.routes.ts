import { adminRefundInputSchema, moveInputSchema, policyRefund, registrationDetailSchema, type RegistrationDetail } from '@workshop/shared';
import { z } from 'zod';
import { bookingUrl, newBookingToken } from '../bookings/booking-token';
import type { Db } from '../db/knex';
import { emailSender } from '../email/email.data';
import { queueConfirmationResend } from '../email/email.queue';
import { ConflictError, NotFoundError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';
import { cancelBooking } from '../payments/cancellation.service';
import { readSetting } from '../settings/settings.queries';
import { moveBooking } from './move.service';

const idParam = z.object({ id: z.uuid('Registration not found') });

async function registrationOr404(db: Db, id: string) {
  const r = await db('workshop_registrations as r').join('workshops as w', 'w.id', 'r.workshop_id').where('r.id', id).first('r.*', 'w.title as workshop_title', 'w.date as workshop_date');
  if (!r) throw new NotFoundError('Registration not found');
  return r;
}

/** Every field (no secrets), its payment timeline, its emails and refunds, and what the policy would refund now. */
async function registrationDetail(db: Db, id: string): Promise<RegistrationDetail> {
  const r = await registrationOr404(db, id);
  const [events, emails, refunds, policy] = await Promise.all([
    db('payment_events').where({ registration_id: id }).orderBy('received_at').select('provider', 'event_id', 'event_type', 'outcome', 'received_at', 'processed_at'),
    db('email_messages').where({ registration_id: id }).orderBy('created_at').select('id', 'kind', 'to_email', 'subject', 'status', 'attempts', 'last_error', 'provider_message_id', 'created_at', 'sent_at'),
    db('refunds').where({ registration_id: id }).orderBy('created_at').select('id', 'payment_id', 'amount_cents', 'currency', 'reason', 'status', 'attempts', 'last_error', 'created_at', 'completed_at'),
    readSetting(db, 'refund_policy'),
  ]);
  const suggestion = r.status === 'completed' ? policyRefund({ amountCents: r.amount, startsAt: new Date(r.workshop_date), now: new Date(), policy }) : null;
  const { booking_token_hash: _secret, client_ip: _ip, browser_id: _browser, ...fields } = r;
  const body = { registration: fields, payment_events: events, emails, refunds, policy_refund: suggestion && { band: suggestion.band, refund_cents: suggestion.refundCents, fee_cents: suggestion.feeCents } };
  // Dates to ISO strings, then the shared schema: the answer is exactly what the admin's client parses.
  return registrationDetailSchema.parse(JSON.parse(JSON.stringify(body)));
}

/** One registration for an admin, and the actions on it (each through the same services as the buyer's). */
export const registrationDetailRoutes: RouteModule = (deps) => [...detailRoutes(deps), ...actionRoutes(deps)];

const detailRoutes: RouteModule = ({ db, config }) => [
  {
    method: 'get',
    path: '/api/admin/registrations/:id',
    access: 'admin',
    handler: async (req, res) => {
      res.json(await registrationDetail(db, parse(idParam, req.params).id));
    },
  },
  {
    method: 'post',
    path: '/api/admin/registrations/:id/move',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      const { workshop_id } = parse(moveInputSchema, req.body);
      await moveBooking(db, emailSender(config), id, workshop_id);
      res.json(await registrationDetail(db, id));
    },
  },
];

const actionRoutes: RouteModule = ({ db, config }) => [
  {
    method: 'post',
    path: '/api/admin/registrations/:id/refund',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      const { amount_cents } = parse(adminRefundInputSchema, req.body);
      await registrationOr404(db, id);
      res.json(await cancelBooking({ db, sender: emailSender(config) }, id, { refundCents: amount_cents, by: 'refunded_by_admin' }));
    },
  },
  {
    method: 'post',
    path: '/api/admin/registrations/:id/cancel',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      await registrationOr404(db, id);
      res.json(await cancelBooking({ db, sender: emailSender(config) }, id, { refundCents: 0, by: 'cancelled_by_admin' }));
    },
  },
  {
    method: 'post',
    path: '/api/admin/registrations/:id/resend',
    access: 'admin',
    handler: async (req, res) => {
      const { id } = parse(idParam, req.params);
      const r = await registrationOr404(db, id);
      if (r.status !== 'completed') throw new ConflictError('Only a completed booking has a confirmation to resend.');
      // An admin never sees the buyer's link: a new one is made, and the old one stops working.
      const link = newBookingToken();
      const sender = emailSender(config);
      const queued = await db.transaction(async (trx) => {
        await trx('workshop_registrations').where({ id }).update({ booking_token_hash: link.hash, updated_at: trx.fn.now() });
        return queueConfirmationResend(trx, id, sender, bookingUrl(sender.publicBaseUrl, link.token));
      });
      res.json({ queued });
    },
  },
];
