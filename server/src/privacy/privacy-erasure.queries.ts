import type { PrivacyErased } from '@workshop/shared';
import type { Knex } from 'knex';
import { ERASED_NAME, ERASED_NOT_SENT } from '../email/erased-address';
import { PII_KEYS } from './pii-keys';

export interface Person {
  email: string;
  /** The bookings they made. */
  bookingIds: string[];
  /** The seats they sat in (or that were theirs to give, on their own bookings). */
  seatIds: string[];
  /** Their bookings and the bookings their seats are on (whose emails and records may name them). */
  lockIds: string[];
  /** The one address all their rows get: the same person still (the funnel counts people), nobody's inbox. */
  erasedAs: string;
}

/** Rows whose JSON text may mention the address (`privacy_scrub` then decides, string by string, whole mentions only). */
const mentionsLike = (email: string) => `%${email.replace(/[\\%_]/g, '\\$&')}%`;

const count = (r: { rowCount?: number | null }) => r.rowCount ?? 0;
/** A subject that names them ("New registration: <name>") loses the name; one binding: the needles. */
const SCRUB_SUBJECT = `(privacy_scrub(to_jsonb(subject), ?) #>> '{}')`;
const same = (column: string) => `lower(${column}) = lower(?)`;

/** Their email, phones and full names: what `privacy_scrub` blanks wherever it appears in a JSON record. */
export async function needlesOf(trx: Knex.Transaction, p: Person): Promise<string[]> {
  const r = await trx.raw(
    `SELECT DISTINCT v FROM (
       SELECT unnest(ARRAY[name, phone]) AS v FROM workshop_registrations WHERE id = ANY (?::uuid[])
       UNION ALL SELECT name FROM attendees WHERE id = ANY (?::uuid[])
       UNION ALL SELECT unnest(ARRAY[name, phone]) FROM workshop_interests WHERE ${same('email')}
       UNION ALL SELECT unnest(ARRAY[name, phone]) FROM waitlist_entries WHERE ${same('email')}
       UNION ALL SELECT name FROM video_leads WHERE ${same('email')}
       UNION ALL SELECT name FROM revive WHERE ${same('email')}
       UNION ALL SELECT unnest(ARRAY[record->>'name', record->>'phone']) FROM workshop_registrations_archive WHERE lower(record->>'email') = lower(?)
     ) n WHERE v IS NOT NULL AND length(v) >= 4 AND v <> ?`,
    [p.bookingIds, p.seatIds, p.email, p.email, p.email, p.email, p.email, ERASED_NAME],
  );
  return [p.email, ...(r.rows as { v: string }[]).map((x) => x.v)];
}

/**
 * The seats: nameless, with a new join link and no booking link, their feedback without its words
 * and their certificates gone (a certificate page shows the name). Attendance stays as it was
 * (the trigger that starts a re-given seat afresh is undone), so old workshops' rates stay right.
 */
async function eraseSeats(trx: Knex.Transaction, p: Person): Promise<Pick<PrivacyErased, 'seats' | 'feedback' | 'certificates'>> {
  // The seats before their answers, as a feedback save takes them (seat, then answer): the two never deadlock.
  await trx.raw('SELECT id FROM attendees WHERE id = ANY (?::uuid[]) ORDER BY id FOR NO KEY UPDATE', [p.seatIds]);
  const feedback = count(await trx.raw(`UPDATE workshop_feedback SET comment = '', updated_at = now() WHERE attendee_id = ANY (?::uuid[]) AND comment <> ''`, [p.seatIds]));
  const certificates = count(await trx.raw('DELETE FROM certificates WHERE attendee_id = ANY (?::uuid[])', [p.seatIds]));
  // What the triggers for a seat given to someone else would reset: this seat is not given to anyone.
  const kept = await trx.raw(
    `SELECT jsonb_agg(jsonb_build_object('id', a.id, 'first_joined_at', a.first_joined_at, 'last_joined_at', a.last_joined_at, 'attendance_mark', a.attendance_mark,
              'attendance_marked_at', a.attendance_marked_at, 'feedback', (SELECT array_agg(f.id) FROM workshop_feedback f WHERE f.attendee_id = a.id))) AS rows
       FROM attendees a WHERE a.id = ANY (?::uuid[])`,
    [p.seatIds],
  );
  const seats = count(await trx.raw(`UPDATE attendees SET name = NULL, email = NULL, booking_token_hash = NULL, updated_at = now() WHERE id = ANY (?::uuid[])`, [p.seatIds]));
  const rows = JSON.stringify(kept.rows[0]?.rows ?? []);
  await trx.raw(
    `UPDATE attendees a SET first_joined_at = s.first_joined_at, last_joined_at = s.last_joined_at, attendance_mark = s.attendance_mark, attendance_marked_at = s.attendance_marked_at
       FROM jsonb_to_recordset(?::jsonb) AS s(id uuid, first_joined_at timestamptz, last_joined_at timestamptz, attendance_mark text, attendance_marked_at timestamptz)
      WHERE a.id = s.id`,
    [rows],
  );
  // The answers stay the seat's (each workshop's figures), without their words.
  await trx.raw(
    `UPDATE workshop_feedback f SET attendee_id = s.id
       FROM jsonb_to_recordset(?::jsonb) AS s(id uuid, feedback uuid[])
      WHERE f.id = ANY (s.feedback)`,
    [rows],
  );
  return { seats, feedback, certificates };
}

/** Their bookings: the person goes, the money and the counts stay. Payers named on others' bookings go too. */
async function eraseBookings(trx: Knex.Transaction, p: Person, needles: string[]): Promise<number> {
  const bookings = count(
    await trx.raw(
      `UPDATE workshop_registrations SET name = ?, email = ?, phone = '', billing = NULL, client_ip = NULL, browser_id = NULL,
              booking_token_hash = NULL, by_hand_payer_name = NULL, by_hand_payer_email = NULL, updated_at = now()
        WHERE id = ANY (?::uuid[])`,
      [ERASED_NAME, p.erasedAs, p.bookingIds],
    ),
  );
  await trx.raw(`UPDATE workshop_registrations SET by_hand_payer_name = NULL, by_hand_payer_email = NULL WHERE ${same('by_hand_payer_email')}`, [p.email]);
  // An admin's note about a booking by hand that names them ("bank transfer from <name>") goes with them.
  await trx.raw(
    `UPDATE workshop_registrations SET by_hand_note = (privacy_scrub(to_jsonb(by_hand_note), ?) #>> '{}')
      WHERE by_hand_note IS NOT NULL AND (id = ANY (?::uuid[]) OR by_hand_note ILIKE ?)`,
    [needles, p.lockIds, mentionsLike(p.email)],
  );
  // A cleared booking's record, kept for the figures and late payments.
  await trx.raw(
    `UPDATE workshop_registrations_archive SET record = record || jsonb_build_object('name', ?::text, 'email', ?::text, 'phone', '', 'billing', NULL, 'client_ip', NULL, 'browser_id', NULL, 'by_hand_payer_name', NULL, 'by_hand_payer_email', NULL)
      WHERE lower(record->>'email') = lower(?)`,
    [ERASED_NAME, p.erasedAs, p.email],
  );
  return bookings;
}

/** The emails to them: no address, no body; one still queued is never sent. Admin alerts about their bookings lose their name. */
async function eraseEmails(trx: Knex.Transaction, p: Person, needles: string[]): Promise<number> {
  const mine = await trx.raw(`SELECT id, kind FROM email_messages WHERE ${same('to_email')}`, [p.email]);
  const ids = (mine.rows as { id: string }[]).map((r) => r.id);
  await trx.raw(`UPDATE email_messages SET status = 'failed', last_error = ? WHERE id = ANY (?::uuid[]) AND status = 'queued'`, [ERASED_NOT_SENT, ids]);
  await trx.raw(`UPDATE email_messages SET to_email = ?, content = NULL, data = NULL, bounce_reason = NULL, subject = ${SCRUB_SUBJECT} WHERE id = ANY (?::uuid[])`, [p.erasedAs, needles, ids]);
  await trx.raw(`UPDATE email_delivery_events SET reason = NULL WHERE email_message_id = ANY (?::uuid[]) AND reason IS NOT NULL`, [ids]);
  // Emails to others that name them: the buyer's about a seat they were given, the admins' about their booking (even one cleared since).
  const like = mentionsLike(p.email);
  await trx.raw(
    `UPDATE email_messages SET data = privacy_scrub(data, ?), content = privacy_scrub(content, ?), subject = ${SCRUB_SUBJECT}
      WHERE NOT (id = ANY (?::uuid[])) AND (registration_id = ANY (?::uuid[]) OR data::text ILIKE ? OR content::text ILIKE ? OR subject ILIKE ?)`,
    [needles, needles, needles, ids, p.lockIds, like, like, like],
  );
  // The confirmation links of their privacy requests are not something held about them.
  return (mine.rows as { kind: string }[]).filter((r) => r.kind !== 'privacy_confirm').length;
}

/** What they asked, watched, waited for and left: anonymised in place so the funnel's counts stay; a place in a line is given up. */
async function eraseLeads(trx: Knex.Transaction, p: Person): Promise<Pick<PrivacyErased, 'interests' | 'video_leads' | 'waitlist' | 'revive' | 'checkout_follow_ups'>> {
  const args = [ERASED_NAME, p.erasedAs, p.email];
  const interests = count(await trx.raw(`UPDATE workshop_interests SET name = ?, email = ?, phone = '', message = '', updated_at = now() WHERE ${same('email')}`, args));
  const video_leads = count(await trx.raw(`UPDATE video_leads SET name = ?, email = ? WHERE ${same('email')}`, args));
  const revive = count(await trx.raw(`UPDATE revive SET name = ?, email = ? WHERE ${same('email')}`, args));
  const checkout_follow_ups = count(
    await trx.raw(
      `UPDATE checkout_recoveries SET name = ?, email = ?, phone = '', token_hash = NULL,
              status = CASE WHEN status = 'scheduled' THEN 'skipped' ELSE status END,
              skip_reason = CASE WHEN status = 'scheduled' THEN 'erased' ELSE skip_reason END
        WHERE ${same('email')}`,
      args,
    ),
  );
  // A live offer's seat goes back to the line at once, the workshop locked first as everywhere.
  const lines = await trx.raw(`SELECT DISTINCT workshop_id FROM waitlist_entries WHERE ${same('email')} ORDER BY workshop_id`, [p.email]);
  let waitlist = 0;
  for (const { workshop_id } of lines.rows as { workshop_id: string }[]) {
    await trx('workshops').where({ id: workshop_id }).forNoKeyUpdate().first('id');
    const r = await trx.raw(
      `UPDATE waitlist_entries e SET name = ?, email = ?, phone = '', token_hash = NULL, leave_token_hash = NULL, updated_at = now(),
              status = CASE WHEN e.status IN ('waiting', 'offered') THEN 'left' ELSE e.status END
         FROM waitlist_entries old
        WHERE old.id = e.id AND e.workshop_id = ? AND ${same('e.email')}
        RETURNING old.status AS was`,
      [ERASED_NAME, p.erasedAs, workshop_id, p.email],
    );
    waitlist += count(r);
    if ((r.rows as { was: string }[]).some((x) => x.was === 'offered')) await trx.raw('SELECT waitlist_queue_offers(?)', [workshop_id]);
  }
  return { interests, video_leads, waitlist, revive, checkout_follow_ups };
}

/** Records kept for their own reasons (the admin audit log, live admin events, provider messages): their name and address blanked inside. */
async function scrubRecords(trx: Knex.Transaction, p: Person, needles: string[]): Promise<void> {
  const like = mentionsLike(p.email);
  await trx.raw(`SET LOCAL app.privacy_erasure = 'on'`);
  await trx.raw(
    `UPDATE admin_activity SET before = privacy_scrub(before, ?), after = privacy_scrub(after, ?)
      WHERE target_id = ANY (?::text[]) OR before::text ILIKE ? OR after::text ILIKE ?`,
    [needles, needles, [...p.lockIds, ...p.seatIds], like, like],
  );
  await trx.raw(`UPDATE admin_events SET payload = privacy_scrub(payload, ?) WHERE payload::text ILIKE ?`, [needles, like]);
  await trx.raw(`UPDATE payment_events SET payload = privacy_scrub(payload, ?, ?) WHERE registration_id = ANY (?::uuid[]) OR payload::text ILIKE ?`, [needles, PII_KEYS, p.bookingIds, like]);
}

/** Every record of the person, anonymised (payment records and invoices are not touched: the law keeps them). */
export async function anonymise(trx: Knex.Transaction, p: Person): Promise<PrivacyErased> {
  const needles = await needlesOf(trx, p);
  const seats = await eraseSeats(trx, p);
  const emails = await eraseEmails(trx, p, needles);
  const bookings = await eraseBookings(trx, p, needles);
  const leads = await eraseLeads(trx, p);
  await scrubRecords(trx, p, needles);
  return { bookings, emails, ...seats, ...leads };
}
