import { RECOVERY_MESSAGES, recoveryTokenSchema, type RecoveryPrefill } from '@workshop/shared';
import { hashBookingToken } from '../registrations/booking-token';
import { NotFoundError } from '../http/errors';
import type { RouteModule } from '../http/route';
import { parse } from '../http/validate';

/** A follow-up link stays usable this long after it was sent; after that the home page is the way in. */
const LINK_DAYS = 30;

/**
 * The follow-up email's two links. The token is the secret (only its hash is stored) and the
 * routes are rate-limited against guessing. Opening the link is recorded: the revive list shows
 * who came back.
 */
export const recoveryRoutes: RouteModule = ({ db }) => [
  {
    method: 'get',
    path: '/api/recovery/:token',
    access: 'lookup',
    handler: async (req, res) => {
      res.set('Cache-Control', 'no-store');
      const { token } = parse(recoveryTokenSchema, { token: req.params.token });
      const [row] = await db('checkout_recoveries')
        .where({ token_hash: hashBookingToken(token), status: 'sent' })
        .andWhereRaw(`sent_at > now() - make_interval(days => ?)`, [LINK_DAYS])
        .update({ returned_at: db.raw('coalesce(returned_at, now())') })
        .returning(['workshop_id', 'name', 'email', 'phone']);
      if (!row) throw new NotFoundError(RECOVERY_MESSAGES.invalidLink);
      const body: RecoveryPrefill = { workshop_id: row.workshop_id, name: row.name, email: row.email, phone: row.phone };
      res.json(body);
    },
  },
  {
    method: 'post',
    path: '/api/recovery/unsubscribe',
    access: 'lookup',
    handler: async (req, res) => {
      const { token } = parse(recoveryTokenSchema, req.body);
      const row = await db('checkout_recoveries').where({ token_hash: hashBookingToken(token) }).first('email');
      if (!row) throw new NotFoundError(RECOVERY_MESSAGES.invalidLink);
      await db.transaction(async (trx) => {
        await trx.raw('INSERT INTO email_unsubscribes (email_lower) VALUES (lower(?)) ON CONFLICT DO NOTHING', [row.email]);
        // Follow-ups still waiting for this address will not go out.
        await trx('checkout_recoveries').whereRaw('lower(email) = lower(?)', [row.email]).where({ status: 'scheduled' }).update({ status: 'skipped', skip_reason: 'unsubscribed' });
      });
      res.json({ message: RECOVERY_MESSAGES.unsubscribed });
    },
  },
];
