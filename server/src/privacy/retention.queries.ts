import type { RetentionCounts, Settings } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { ERASED_DOMAIN, ERASED_NAME } from '../email/erased-address';
import { paymentRecordsDueSql } from './payment-records.queries';
import { PII_KEYS } from './pii-keys';

type Periods = Settings['retention'];

/** Rows per transaction: each batch's locks last a moment, whatever the backlog. */
export const RETENTION_BATCH = 2000;

const NOT_ERASED = (column: string) => `${column} NOT LIKE '%@${ERASED_DOMAIN}'`;
const ago = (years: number) => `now() - make_interval(years => ${Math.trunc(years)})`;
const count = (r: { rowCount?: number | null }) => r.rowCount ?? 0;

/**
 * What is due, per kind, as SQL selecting ids (at most `limit`): the same predicates count the
 * preview and feed the run, so the preview says exactly what the next run does.
 */
export function dueSql(p: Periods): Record<keyof RetentionCounts, string> {
  // Money still on its way (a refund owed, a checkout the reconciler watches) keeps its person, as an erasure and a clear do.
  const reg = `SELECT r.id FROM workshop_registrations r JOIN workshops w ON w.id = r.workshop_id
                WHERE w.date < ${ago(p.registration_years)} AND ${NOT_ERASED('r.email')}
                  AND r.status NOT IN ('pending', 'refund_pending') AND r.reconcile_after IS NULL
                  AND NOT EXISTS (SELECT 1 FROM refunds f WHERE f.registration_id = r.id AND f.status <> 'succeeded')`;
  return {
    registrations: reg,
    cleared_bookings: `SELECT a.id FROM workshop_registrations_archive a JOIN workshops w ON w.id::text = a.record->>'workshop_id'
                         WHERE w.date < ${ago(p.registration_years)} AND ${NOT_ERASED("(a.record->>'email')")}`,
    seats: `SELECT a.id FROM attendees a WHERE a.email IS NOT NULL AND a.registration_id IN (${reg})`,
    emails: `SELECT m.id FROM email_messages m WHERE ${NOT_ERASED('m.to_email')} AND m.registration_id IN (${reg})`,
    interests: `SELECT id FROM workshop_interests WHERE updated_at < ${ago(p.lead_years)} AND ${NOT_ERASED('email')}`,
    video_leads: `SELECT id FROM video_leads WHERE created_at < ${ago(p.lead_years)} AND ${NOT_ERASED('email')}`,
    revive: `SELECT id FROM revive WHERE created_at < ${ago(p.lead_years)} AND ${NOT_ERASED('email')}`,
    waitlist: `SELECT id FROM waitlist_entries WHERE updated_at < ${ago(p.lead_years)} AND status NOT IN ('waiting', 'offered') AND ${NOT_ERASED('email')}`,
    checkout_follow_ups: `SELECT id FROM checkout_recoveries WHERE created_at < ${ago(p.lead_years)} AND ${NOT_ERASED('email')}`,
    // A cleared booking's emails lost their booking; a waitlist place's or a question's never had one. One still queued goes first.
    unlinked_emails: `SELECT m.id FROM email_messages m WHERE m.registration_id IS NULL AND m.created_at < ${ago(Math.min(p.registration_years, p.lead_years))} AND m.status <> 'queued'
                        AND (m.kind LIKE 'admin%' AND (m.subject IS NOT NULL OR m.content IS NOT NULL) OR m.kind NOT LIKE 'admin%' AND ${NOT_ERASED('m.to_email')})`,
    ...paymentRecordsDueSql(p.payment_years),
  };
}

export async function countDue(db: Db, p: Periods): Promise<RetentionCounts> {
  const sql = dueSql(p);
  const entries = await Promise.all(Object.entries(sql).map(async ([k, q]) => [k, Number((await db.raw(`SELECT count(*)::int AS n FROM (${q}) d`)).rows[0].n)] as const));
  return Object.fromEntries(entries) as RetentionCounts;
}

/** A person's erased address, the same for all their rows of one run (the funnel counts people). */
const erasedOf = (column: string) => `'erased-' || md5(lower(${column}) || ?) || '@${ERASED_DOMAIN}'`;

/**
 * One batch of bookings past the period: the person goes, the money and counts stay (as an erasure
 * does it, per booking). Rows busy in another transaction are skipped, taken by the next run.
 */
export async function anonymiseBookings(trx: Knex.Transaction, ids: string[], salt: string): Promise<{ registrations: number; seats: number; emails: number }> {
  const locked = (await trx.raw(`SELECT id FROM workshop_registrations WHERE id = ANY (?::uuid[]) FOR NO KEY UPDATE SKIP LOCKED`, [ids])).rows.map((r: { id: string }) => r.id);
  if (!locked.length) return { registrations: 0, seats: 0, emails: 0 };
  await trx.raw(`SET LOCAL app.privacy_erasure = 'on'`);
  const seatIds = (await trx.raw(`SELECT id FROM attendees WHERE registration_id = ANY (?::uuid[]) AND email IS NOT NULL`, [locked])).rows.map((r: { id: string }) => r.id);
  await trx.raw(`UPDATE workshop_feedback SET comment = '' WHERE attendee_id = ANY (?::uuid[]) AND comment <> ''`, [seatIds]);
  await trx.raw('DELETE FROM certificates WHERE attendee_id = ANY (?::uuid[])', [seatIds]);
  // A seat nobody is given to keeps its attendance and its answers (the triggers for a re-given seat would reset them).
  const kept = (await trx.raw(
    `SELECT coalesce(jsonb_agg(jsonb_build_object('id', a.id, 'first_joined_at', a.first_joined_at, 'last_joined_at', a.last_joined_at, 'attendance_mark', a.attendance_mark, 'attendance_marked_at', a.attendance_marked_at, 'feedback', f.id)), '[]') AS rows
       FROM attendees a LEFT JOIN workshop_feedback f ON f.attendee_id = a.id WHERE a.id = ANY (?::uuid[])`,
    [seatIds],
  )).rows[0].rows;
  const seats = count(await trx.raw(`UPDATE attendees SET name = NULL, email = NULL, booking_token_hash = NULL, updated_at = now() WHERE id = ANY (?::uuid[])`, [seatIds]));
  await trx.raw(
    `UPDATE attendees a SET first_joined_at = s.first_joined_at, last_joined_at = s.last_joined_at, attendance_mark = s.attendance_mark, attendance_marked_at = s.attendance_marked_at
       FROM jsonb_to_recordset(?::jsonb) AS s(id uuid, first_joined_at timestamptz, last_joined_at timestamptz, attendance_mark text, attendance_marked_at timestamptz) WHERE a.id = s.id`,
    [JSON.stringify(kept)],
  );
  await trx.raw(`UPDATE workshop_feedback f SET attendee_id = s.id FROM jsonb_to_recordset(?::jsonb) AS s(id uuid, feedback uuid) WHERE f.id = s.feedback`, [JSON.stringify(kept)]);
  // The emails to the person (and their seats); the admins' about the booking keep their address, and one still queued is sent.
  const emails = count(
    await trx.raw(
      `UPDATE email_messages m SET to_email = ${erasedOf('r.email')}, subject = NULL, content = NULL, data = NULL, bounce_reason = NULL, last_error = NULL,
              status = CASE WHEN m.status = 'queued' THEN 'failed' ELSE m.status END
         FROM workshop_registrations r WHERE r.id = m.registration_id AND m.registration_id = ANY (?::uuid[]) AND ${NOT_ERASED('m.to_email')} AND m.kind NOT LIKE 'admin%'`,
      [salt, locked],
    ),
  );
  await trx.raw(
    `UPDATE email_messages SET data = privacy_scrub(data, '{}', ?), content = CASE WHEN status = 'queued' THEN content ELSE NULL END, subject = CASE WHEN status = 'queued' THEN subject ELSE NULL END
      WHERE registration_id = ANY (?::uuid[]) AND kind LIKE 'admin%'`,
    [PII_KEYS, locked],
  );
  await trx.raw(`UPDATE email_delivery_events e SET reason = NULL FROM email_messages m WHERE m.id = e.email_message_id AND m.registration_id = ANY (?::uuid[]) AND e.reason IS NOT NULL`, [locked]);
  await trx.raw(`UPDATE admin_activity SET before = privacy_scrub(before, '{}', ?), after = privacy_scrub(after, '{}', ?) WHERE target_id = ANY (?::text[])`, [PII_KEYS, PII_KEYS, locked]);
  await trx.raw(`UPDATE payment_events SET payload = privacy_scrub(payload, '{}', ?) WHERE registration_id = ANY (?::uuid[])`, [PII_KEYS, locked]);
  const registrations = count(
    await trx.raw(
      `UPDATE workshop_registrations SET name = ?, email = ${erasedOf('email')}, phone = '', billing = NULL, client_ip = NULL, browser_id = NULL,
              booking_token_hash = NULL, by_hand_payer_name = NULL, by_hand_payer_email = NULL, by_hand_note = NULL, reconcile_error = NULL, updated_at = now()
        WHERE id = ANY (?::uuid[])`,
      [ERASED_NAME, salt, locked],
    ),
  );
  return { registrations, seats, emails };
}

/** One batch of questions, leads, waitlist places or follow-ups past the period: anonymised in place, so the funnel's counts stay. */
export async function anonymiseLeads(trx: Knex.Transaction, kind: 'interests' | 'video_leads' | 'revive' | 'waitlist' | 'checkout_follow_ups', ids: string[], salt: string): Promise<number> {
  const sets: Record<typeof kind, [table: string, set: string]> = {
    interests: ['workshop_interests', `name = ?, email = ${erasedOf('email')}, phone = '', message = '', updated_at = now()`],
    video_leads: ['video_leads', `name = ?, email = ${erasedOf('email')}`],
    revive: ['revive', `name = ?, email = ${erasedOf('email')}`],
    waitlist: ['waitlist_entries', `name = ?, email = ${erasedOf('email')}, phone = '', token_hash = NULL, leave_token_hash = NULL`],
    checkout_follow_ups: ['checkout_recoveries', `name = ?, email = ${erasedOf('email')}, phone = '', token_hash = NULL, status = CASE WHEN status = 'scheduled' THEN 'skipped' ELSE status END`],
  };
  const [table, set] = sets[kind];
  return count(await trx.raw(`UPDATE ${table} SET ${set} WHERE id IN (SELECT id FROM ${table} WHERE id = ANY (?::uuid[]) FOR NO KEY UPDATE SKIP LOCKED)`, [ERASED_NAME, salt, ids]));
}

/**
 * One batch of emails no booking holds past the period: the person's go as a booking's do; an admins'
 * email keeps its address (an admin's) and loses the person it named.
 */
export async function anonymiseUnlinkedEmails(trx: Knex.Transaction, ids: string[], salt: string): Promise<number> {
  const n = count(
    await trx.raw(
      `UPDATE email_messages SET to_email = CASE WHEN kind LIKE 'admin%' THEN to_email ELSE ${erasedOf('to_email')} END, subject = NULL, content = NULL,
              data = CASE WHEN kind LIKE 'admin%' THEN privacy_scrub(data, '{}', ?) ELSE NULL END, bounce_reason = NULL, last_error = NULL
        WHERE id IN (SELECT id FROM email_messages WHERE id = ANY (?::uuid[]) AND status <> 'queued' FOR NO KEY UPDATE SKIP LOCKED)`,
      [salt, PII_KEYS, ids],
    ),
  );
  await trx.raw(`UPDATE email_delivery_events SET reason = NULL WHERE email_message_id = ANY (?::uuid[]) AND reason IS NOT NULL`, [ids]);
  return n;
}

/** One batch of cleared bookings' records past the period: the person goes, the figures' fields stay. */
export async function anonymiseCleared(trx: Knex.Transaction, ids: string[], salt: string): Promise<number> {
  return count(
    await trx.raw(
      `UPDATE workshop_registrations_archive SET record = record || jsonb_build_object('name', ?::text, 'email', 'erased-' || md5(lower(record->>'email') || ?) || '@${ERASED_DOMAIN}',
              'phone', '', 'billing', NULL, 'client_ip', NULL, 'browser_id', NULL, 'booking_token_hash', NULL, 'by_hand_payer_name', NULL, 'by_hand_payer_email', NULL,
              'by_hand_note', NULL, 'reconcile_error', NULL)
        WHERE id IN (SELECT id FROM workshop_registrations_archive WHERE id = ANY (?::uuid[]) FOR NO KEY UPDATE SKIP LOCKED)`,
      [ERASED_NAME, salt, ids],
    ),
  );
}
