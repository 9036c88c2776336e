import { DEFAULT_SETTINGS, WAITLIST_MESSAGES, type WaitlistJoinResponse, type WaitlistOffer } from '@workshop/shared';
import type { z } from 'zod';
import type { waitlistJoinSchema } from '@workshop/shared';
import type { Db } from '../db/knex';
import { prospectEmailData } from '../email/email.data';
import { type EmailSender, queueEmail } from '../email/email.queue';
import { ConflictError, NotFoundError } from '../http/errors';
import { countTakenSeats } from '../workshops/seats.queries';
import { capacity } from '../workshops/workshops.queries';
import { readSetting } from '../settings/settings.queries';
import { hashWaitlistToken, leaveUrl, newWaitlistToken, OFFER_LIVE, positionOf } from './waitlist.queries';
import { lockWorkshopForOffers, offerSeat } from './waitlist-offers';

type JoinValues = z.output<typeof waitlistJoinSchema>;

/**
 * Joins a workshop's line, or answers the place already held (same email). Refused while a
 * public buyer could simply book: registration open and seats left by the one seat query.
 * A new place is confirmed by email ("You're on the waitlist") with the entry's own link to leave.
 */
export async function joinWaitlist(db: Db, sender: EmailSender, workshopId: string, v: JoinValues): Promise<{ created: boolean; body: WaitlistJoinResponse }> {
  return db.transaction(async (trx) => {
    const w = await trx('workshops as w')
      .where('w.id', workshopId)
      .forNoKeyUpdate('w')
      .first(
        'w.*',
        trx.raw('w.date <= now() AS started'),
        trx.raw(`(SELECT setting_value FROM admin_settings WHERE setting_key = 'registration_limit') AS registration_limit`),
      );
    if (!w || !w.is_active || w.started || w.status === 'cancelled') throw new NotFoundError(WAITLIST_MESSAGES.unavailable);
    const mine = await trx('waitlist_entries').where({ workshop_id: workshopId }).whereIn('status', ['waiting', 'offered']).whereRaw('lower(email) = lower(?)', [v.email]).first('id', 'status');
    if (mine) {
      const message = mine.status === 'offered' ? WAITLIST_MESSAGES.alreadyOffered : WAITLIST_MESSAGES.alreadyJoined;
      return { created: false, body: { id: mine.id, status: mine.status, position: await positionOf(trx, mine.id), already: true, message } };
    }
    // Someone with a seat here has nothing to wait for, and must not keep a seat from the public or be offered one.
    if (await trx('workshop_registrations').where({ workshop_id: workshopId, status: 'completed' }).whereRaw('lower(email) = lower(?)', [v.email]).first('id')) {
      throw new ConflictError(WAITLIST_MESSAGES.alreadyBooked);
    }
    const cap = capacity(w.max_participants, { ...DEFAULT_SETTINGS.registration_limit, ...(w.registration_limit ?? {}) });
    if (w.registration_open && (cap === null || (await countTakenSeats(trx, workshopId, 'public')) < cap)) throw new ConflictError(WAITLIST_MESSAGES.seatsAvailable);
    const leave = newWaitlistToken();
    const [e] = await trx('waitlist_entries')
      .insert({ workshop_id: workshopId, name: v.name, email: v.email, phone: v.phone, leave_token_hash: leave.hash })
      .returning(['id', 'status']);
    const position = await positionOf(trx, e.id);
    const { offer_hours } = await readSetting(trx, 'waitlist');
    const data = { ...prospectEmailData(sender, v, w), waitlistPlace: { position: position ?? 1, hours: offer_hours, leaveUrl: leaveUrl(sender.publicBaseUrl, leave.token) } };
    await queueEmail(trx, null, 'waitlist_joined', v.email, data, { dedupeKey: `waitlist_joined:${e.id}` });
    return { created: true, body: { id: e.id, status: e.status, position, already: false, message: WAITLIST_MESSAGES.joined } };
  });
}

/** What the personal checkout link opens: only while its offer is live. */
export async function readOffer(db: Db, token: string): Promise<WaitlistOffer> {
  const e = await db('waitlist_entries as e')
    .join('workshops as w', 'w.id', 'e.workshop_id')
    .where('e.token_hash', hashWaitlistToken(token))
    .whereRaw(OFFER_LIVE)
    .first('e.workshop_id', 'w.title', 'e.name', 'e.email', 'e.phone', 'e.offer_expires_at');
  if (!e) throw new ConflictError(WAITLIST_MESSAGES.offerGone);
  return { workshop_id: e.workshop_id, workshop_title: e.title, name: e.name, email: e.email, phone: e.phone, offer_expires_at: new Date(e.offer_expires_at).toISOString() };
}

/**
 * Leaves the line from the email's link. A live offer's seat is given back at once (the job
 * offers it to the next person); an entry that already booked or left stays as it is.
 */
export async function leaveWaitlist(db: Db, token: string): Promise<{ workshop_title: string; message: string }> {
  return db.transaction(async (trx) => {
    // An offer's link, or the entry's own from the "You're on the waitlist" email.
    const hash = hashWaitlistToken(token);
    const ref = await trx('waitlist_entries').where({ token_hash: hash }).orWhere({ leave_token_hash: hash }).first('id', 'workshop_id');
    if (!ref) throw new NotFoundError(WAITLIST_MESSAGES.linkInvalid);
    const w = await trx('workshops').where({ id: ref.workshop_id }).forNoKeyUpdate().first('title');
    const e = await trx('waitlist_entries').where({ id: ref.id }).forNoKeyUpdate().first('status');
    if (e.status === 'booked') throw new ConflictError(WAITLIST_MESSAGES.linkInvalid);
    if (e.status !== 'left') {
      await trx('waitlist_entries').where({ id: ref.id }).update({ status: 'left', updated_at: trx.fn.now() });
      if (e.status === 'offered') await trx.raw('SELECT waitlist_queue_offers(?)', [ref.workshop_id]);
    }
    return { workshop_title: w.title, message: WAITLIST_MESSAGES.left };
  });
}

/**
 * An admin offers a seat by hand, to someone waiting or whose offer ran out, in any order and
 * even while registration is closed, but never past capacity: the seat must be free by the one
 * seat query (sold, held and offered seats all count).
 */
export async function offerByHand(db: Db, sender: EmailSender, workshopId: string, entryId: string): Promise<void> {
  await db.transaction(async (trx) => {
    const w = await lockWorkshopForOffers(trx, workshopId);
    if (!w) throw new NotFoundError('Workshop not found');
    const e = await trx('waitlist_entries').where({ id: entryId, workshop_id: workshopId }).forNoKeyUpdate().first('status', 'email');
    if (!e) throw new NotFoundError(WAITLIST_MESSAGES.entryNotFound);
    if (e.status !== 'waiting' && e.status !== 'expired') throw new ConflictError(WAITLIST_MESSAGES.cannotOffer);
    if (!w.is_active || w.started) throw new ConflictError(WAITLIST_MESSAGES.unavailable);
    if (w.free !== null && w.free < 1) throw new ConflictError(WAITLIST_MESSAGES.noSeatToOffer, 'sold_out');
    const again = await trx('waitlist_entries').where({ workshop_id: workshopId }).whereNot({ id: entryId }).whereIn('status', ['waiting', 'offered']).whereRaw('lower(email) = lower(?)', [e.email]).first('id');
    if (again) throw new ConflictError(WAITLIST_MESSAGES.cannotOffer);
    await offerSeat(trx, sender, w, entryId, 'admin');
  });
}
