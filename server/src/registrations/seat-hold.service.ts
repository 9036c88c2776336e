import { DEFAULT_SETTINGS, MESSAGES, type PaymentMethod, type Workshop } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { ConflictError, MaintenanceError, NotFoundError } from '../http/errors';
import { readSetting } from '../settings/settings.queries';
import { capacity, toWorkshop } from '../workshops/workshops.queries';
import { newAccessId } from './access-id';

export const SEAT_MESSAGES = {
  notFound: 'This workshop is no longer available.',
  started: 'This workshop has already started, so it can no longer be booked.',
  soldOut: 'This workshop is fully booked. No seats are left.',
  limitReached: 'This workshop has reached its registration limit. No seats are left.',
} as const;

export interface HoldInput {
  workshopId: string;
  name: string;
  email: string;
  phone: string;
  paymentMethod: PaymentMethod;
}

export interface Hold {
  registrationId: string;
  accessId: string;
  amount: number;
  currency: 'USD';
  holdExpiresAt: Date;
  workshop: Workshop;
}

/** The checks that do not depend on seats; the card flow runs them before its field checks (SPEC §5). */
export function assertBookable(workshop: Workshop | undefined, now = new Date()): asserts workshop is Workshop {
  if (!workshop || !workshop.is_active) throw new NotFoundError(SEAT_MESSAGES.notFound);
  if (!workshop.registration_open) throw new ConflictError(MESSAGES.registrationClosed, 'registration_closed');
  if (new Date(workshop.date) <= now) throw new ConflictError(SEAT_MESSAGES.started, 'registration_closed');
}

/** Seats are counted with the workshop row locked, so two buyers can never take the last seat. */
export async function countTakenSeats(trx: Knex.Transaction, workshopId: string): Promise<number> {
  const r = await trx.raw(
    `SELECT count(*)::int AS taken FROM workshop_registrations
      WHERE workshop_id = ? AND (status = 'completed' OR (status = 'pending' AND hold_expires_at > now()))`,
    [workshopId],
  );
  return r.rows[0].taken as number;
}

/**
 * Creates a `pending` registration holding one seat for `holdMinutes`, or refuses with 409
 * saying why. Amount comes from the workshop row, never from the client.
 */
export async function holdSeat(db: Db, input: HoldInput, holdMinutes: number): Promise<Hold> {
  return db.transaction(async (trx) => {
    // The lock and both settings in one round trip: every statement here is time the row is held.
    const row = await trx('workshops as w')
      .where('w.id', input.workshopId)
      .forUpdate('w')
      .first(
        'w.*',
        trx.raw(`(SELECT setting_value FROM admin_settings WHERE setting_key = 'site_maintenance') AS site_maintenance`),
        trx.raw(`(SELECT setting_value FROM admin_settings WHERE setting_key = 'registration_limit') AS registration_limit`),
      );
    const maintenance = row
      ? { ...DEFAULT_SETTINGS.site_maintenance, ...(row.site_maintenance ?? {}) }
      : await readSetting(trx, 'site_maintenance');
    if (maintenance.enabled) throw new MaintenanceError(maintenance.message);
    const workshop = row ? toWorkshop(row) : undefined;
    assertBookable(workshop);

    const limit = { ...DEFAULT_SETTINGS.registration_limit, ...(row.registration_limit ?? {}) };
    const cap = capacity(workshop.max_participants, limit);
    if (cap !== null) {
      const taken = await countTakenSeats(trx, workshop.id);
      if (workshop.max_participants !== null && taken >= workshop.max_participants) {
        throw new ConflictError(SEAT_MESSAGES.soldOut, 'sold_out');
      }
      if (taken >= cap) throw new ConflictError(SEAT_MESSAGES.limitReached, 'sold_out');
    }

    const [reg] = await trx('workshop_registrations')
      .insert({
        name: input.name,
        email: input.email,
        phone: input.phone,
        workshop_id: workshop.id,
        access_id: newAccessId(),
        amount: workshop.price_usd_cents,
        currency: 'USD',
        payment_method: input.paymentMethod,
        status: 'pending',
        hold_expires_at: trx.raw(`now() + make_interval(mins => ?)`, [holdMinutes]),
      })
      .returning(['id', 'access_id', 'amount', 'hold_expires_at']);
    return {
      registrationId: reg.id,
      accessId: reg.access_id,
      amount: reg.amount,
      currency: 'USD',
      holdExpiresAt: new Date(reg.hold_expires_at),
      workshop,
    };
  });
}
