import { DEFAULT_SETTINGS } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { type EmailData, prospectEmailData } from '../email/email.data';
import { type EmailSender, queueEmail } from '../email/email.queue';
import { countTakenSeats } from '../workshops/seats.queries';
import { readSetting } from '../settings/settings.queries';
import { capacity } from '../workshops/workshops.queries';
import { leaveUrl, newWaitlistToken, offerUrl } from './waitlist.queries';

export const WAITLIST_OFFER_TASK = 'waitlist_offers';

export interface LockedWorkshop {
  id: string;
  title: string;
  date: Date;
  price_usd_cents: number;
  is_active: boolean;
  registration_open: boolean;
  started: boolean;
  /** Seats that may be offered now (null: no limit): capacity minus sold, held and offered seats. */
  free: number | null;
}

/** Locks the workshop row (the lock every seat decision takes first) and counts its free seats. */
export async function lockWorkshopForOffers(trx: Knex.Transaction, workshopId: string): Promise<LockedWorkshop | undefined> {
  const w = await trx('workshops as w')
    .where('w.id', workshopId)
    .forNoKeyUpdate('w')
    .first(
      'w.id',
      'w.title',
      'w.date',
      'w.price_usd_cents',
      'w.is_active',
      'w.registration_open',
      'w.max_participants',
      trx.raw('w.date <= now() AS started'),
      trx.raw(`(SELECT setting_value FROM admin_settings WHERE setting_key = 'registration_limit') AS registration_limit`),
    );
  if (!w) return undefined;
  const cap = capacity(w.max_participants, { ...DEFAULT_SETTINGS.registration_limit, ...(w.registration_limit ?? {}) });
  // Offers that ran out give their seat back before anything is counted.
  await trx('waitlist_entries').where({ workshop_id: workshopId, status: 'offered' }).where('offer_expires_at', '<=', trx.fn.now()).update({ status: 'expired', updated_at: trx.fn.now() });
  // Someone who has a seat here is done waiting, however they got it (booked publicly after their
  // offer ran out, a booking moved here by an admin): never offered, never holding a seat for nothing.
  await trx.raw(
    `UPDATE waitlist_entries e SET status = 'booked', updated_at = now()
      WHERE e.workshop_id = ? AND e.status IN ('waiting', 'offered', 'expired')
        AND EXISTS (SELECT 1 FROM workshop_registrations r WHERE r.workshop_id = e.workshop_id AND r.status = 'completed' AND lower(r.email) = lower(e.email))`,
    [workshopId],
  );
  const free = cap === null ? null : Math.max(0, cap - (await countTakenSeats(trx, workshopId, 'taken')));
  return { ...w, free };
}

/**
 * Offers one seat to one entry: a new personal link (the old one stops working), the seat held
 * for the waitlist setting's hours, and the email queued in the same transaction with a dedupe
 * key per offer, so a retried job never sends two. The caller holds the workshop lock and has
 * checked that a seat is free.
 */
export async function offerSeat(trx: Knex.Transaction, sender: EmailSender, w: LockedWorkshop, entryId: string, by: 'auto' | 'admin'): Promise<void> {
  const { offer_hours } = await readSetting(trx, 'waitlist');
  const link = newWaitlistToken();
  const [e] = await trx('waitlist_entries')
    .where({ id: entryId })
    .update({
      status: 'offered',
      offer_count: trx.raw('offer_count + 1'),
      offered_at: trx.fn.now(),
      offer_expires_at: trx.raw(`now() + make_interval(hours => ?)`, [offer_hours]),
      offered_by: by,
      token_hash: link.hash,
      registration_id: null,
      updated_at: trx.fn.now(),
    })
    .returning(['id', 'name', 'email', 'phone', 'offer_count', 'offer_expires_at']);
  const data: EmailData = {
    ...prospectEmailData(sender, e, w),
    waitlist: { offerUrl: offerUrl(sender.publicBaseUrl, link.token), leaveUrl: leaveUrl(sender.publicBaseUrl, link.token), expiresAt: new Date(e.offer_expires_at).toISOString(), hours: offer_hours },
  };
  await queueEmail(trx, null, 'waitlist_offer', e.email, data, { dedupeKey: `waitlist_offer:${e.id}:${e.offer_count}` });
  // Passed on when unused: the job runs again once this offer has run out (the sweep is the safety net).
  await trx.raw(`SELECT graphile_worker.add_job(?, json_build_object('workshop_id', ?::text), run_at => ?::timestamptz + interval '1 second', job_key => ?, max_attempts => 10)`, [
    WAITLIST_OFFER_TASK,
    w.id,
    e.offer_expires_at,
    `waitlist_offer_expiry:${e.id}`,
  ]);
}

/**
 * The one place seats are offered automatically: under the workshop lock, stale offers expire,
 * free seats are counted with the one seat query and offered to the next in line (order of
 * joining). Nothing is offered while registration is closed, the workshop is inactive or started.
 */
export async function runWaitlistOffers(db: Db, sender: EmailSender, workshopId: string): Promise<number> {
  return db.transaction(async (trx) => {
    const w = await lockWorkshopForOffers(trx, workshopId);
    if (!w || !w.is_active || !w.registration_open || w.started || w.free === 0) return 0;
    const next: { id: string }[] = await trx('waitlist_entries')
      .where({ workshop_id: workshopId, status: 'waiting' })
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .limit(w.free ?? 1000)
      .select('id');
    for (const e of next) await offerSeat(trx, sender, w, e.id, 'auto');
    return next.length;
  });
}
