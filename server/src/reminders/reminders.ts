import type { Task } from 'graphile-worker';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { Db } from '../db/knex';
import { registrationEmailData } from '../email/email.data';
import { type EmailSender, queueEmail } from '../email/email.queue';
import { attendeesOf, buyersSeat } from '../registrations/attendees.queries';
import { joinUrl } from '../registrations/booking-token';

export const REMINDER_TASK = 'send_reminder';
const KINDS = { reminder_24h: 24, reminder_1h: 1 } as const;
type ReminderKind = keyof typeof KINDS;

const payload = z.object({ registration_id: z.string(), kind: z.enum(['reminder_24h', 'reminder_1h']), workshop_date: z.string() });

/**
 * A registration's reminders as jobs of the queue, one job key per registration and kind, so
 * however many instances schedule them each runs once; scheduling again (the date moved)
 * replaces the run time. A reminder whose time has passed is not scheduled at all.
 */
export async function scheduleReminders(trx: Knex | Knex.Transaction, registrationId: string): Promise<void> {
  for (const [kind, hours] of Object.entries(KINDS)) {
    const key = `${kind}:${registrationId}`;
    const due = await trx.raw(
      `SELECT w.date - make_interval(hours => ?) AS run_at, w.date - make_interval(hours => ?) > now() AS ahead, w.date
         FROM workshop_registrations r JOIN workshops w ON w.id = r.workshop_id WHERE r.id = ?`,
      [hours, hours, registrationId],
    );
    const row = due.rows[0] as { run_at: Date; ahead: boolean; date: Date } | undefined;
    if (row?.ahead) {
      const job = { registration_id: registrationId, kind, workshop_date: new Date(row.date).toISOString() };
      await trx.raw(`SELECT graphile_worker.add_job(?, ?::json, run_at => ?, job_key => ?, job_key_mode => 'replace', max_attempts => 10)`, [REMINDER_TASK, JSON.stringify(job), row.run_at, key]);
    } else {
      await trx.raw('SELECT graphile_worker.remove_job(?)', [key]);
    }
  }
}

/** Every active booking of a workshop whose date moved: their reminders follow it. */
export async function rescheduleWorkshopReminders(trx: Knex.Transaction, workshopId: string): Promise<void> {
  const regs: { id: string }[] = await trx('workshop_registrations').where({ workshop_id: workshopId, status: 'completed' }).select('id');
  for (const r of regs) await scheduleReminders(trx, r.id);
}

/** Sends the reminder only to a booking still active, for the date it was scheduled for, once. */
export function reminderTask(d: { db: Db; sender: EmailSender }): Task {
  return async (raw) => {
    const p = payload.parse(raw);
    await d.db.transaction(async (trx) => {
      const row = await trx('workshop_registrations as r').join('workshops as w', 'w.id', 'r.workshop_id').where('r.id', p.registration_id).first('r.status', 'r.email', 'w.date', 'w.join_passcode', 'w.materials_url');
      if (!row || row.status !== 'completed') return;
      if (new Date(row.date).getTime() !== new Date(p.workshop_date).getTime()) return; // a stale job for an old date
      const data = await registrationEmailData(trx, p.registration_id, d.sender);
      // Each person's own tracked link (issue 26, point 3), never the meeting's address: it lets them in when the workshop is on.
      const join = (seat: { join_token: string } | undefined) => ({ url: seat ? joinUrl(d.sender.publicBaseUrl, seat.join_token) : null, passcode: row.join_passcode, materials_url: row.materials_url });
      const seats = await attendeesOf(trx, p.registration_id);
      await queueEmail(trx, p.registration_id, p.kind as ReminderKind, data.email, { ...data, join: join(buyersSeat(seats, row.email)) });
      // Every attendee with a link of their own (a team booking's named seats) is reminded too, once per seat and date.
      for (const a of seats.filter((s) => s.status === 'active' && s.booking_token_hash && s.email)) {
        const kind = p.kind === 'reminder_24h' ? 'attendee_reminder_24h' : 'attendee_reminder_1h';
        await queueEmail(trx, p.registration_id, kind, a.email!, { ...data, name: a.name ?? data.name, email: a.email!, join: join(a), seatList: undefined }, { dedupeKey: `${kind}:${a.id}:${p.workshop_date}`, attendeeId: a.id });
      }
    });
  };
}
