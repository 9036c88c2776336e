import { DEFAULT_SETTINGS, JOIN_OPENS_MINUTES_BEFORE, type AdminWorkshop, type AttendanceSummary, type PublicWorkshop, type Workshop } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { seatsTakenSql } from './seats.queries';

const COLUMNS = [
  'w.id',
  'w.title',
  'w.description',
  'w.date',
  'w.duration_hours',
  'w.price_usd_cents',
  'w.max_participants',
  'w.is_active',
  'w.registration_open',
  'w.status',
  'w.cancelled_at',
  'w.cancel_reason',
  'w.created_at',
];

export function toWorkshop(row: Record<string, unknown>): Workshop {
  return {
    id: row.id as string,
    title: row.title as string,
    description: row.description as string,
    date: new Date(row.date as string).toISOString(),
    duration_hours: row.duration_hours as number,
    price_usd_cents: row.price_usd_cents as number,
    max_participants: (row.max_participants as number | null) ?? null,
    is_active: row.is_active as boolean,
    registration_open: row.registration_open as boolean,
    status: row.status === 'cancelled' ? 'cancelled' : 'scheduled',
    cancelled_at: row.cancelled_at ? new Date(row.cancelled_at as string).toISOString() : null,
    cancel_reason: (row.cancel_reason as string | null) ?? null,
    created_at: new Date(row.created_at as string).toISOString(),
  };
}

/** Effective capacity: the tighter of the workshop's own limit and the site-wide setting. */
export function capacity(maxParticipants: number | null, limit: { enabled: boolean; max_registrations: number }): number | null {
  const caps = [maxParticipants, limit.enabled ? limit.max_registrations : null].filter((c): c is number => c !== null);
  return caps.length ? Math.min(...caps) : null;
}

/**
 * Active upcoming workshops with seats_left, and the registration-limit setting, in one round
 * trip: this is the site's hottest read.
 */
export async function listPublicWorkshops(db: Db): Promise<PublicWorkshop[]> {
  const rows = await db('workshops as w')
    .select(
      ...COLUMNS,
      // Seats left for the public: people waiting in line come first (the one seat query's `public`).
      seatsTakenSql(db, 'w.id', 'public').wrap('', ' AS seats_taken'),
      db.raw(`(SELECT setting_value FROM admin_settings WHERE setting_key = 'registration_limit') AS registration_limit`),
    )
    // A cancelled one stays listed, marked (status): the site shows it as cancelled, never for sale.
    .where('w.is_active', true)
    .andWhere('w.date', '>', db.fn.now())
    .orderBy('w.date', 'asc');
  return rows.map((row) => {
    const limit = { ...DEFAULT_SETTINGS.registration_limit, ...(row.registration_limit ?? {}) };
    const cap = capacity(row.max_participants, limit);
    return { ...toWorkshop(row), seats_left: cap === null ? null : Math.max(0, cap - row.seats_taken) };
  });
}

export async function listAdminWorkshops(db: Db): Promise<AdminWorkshop[]> {
  const rows = await db('workshops as w')
    .select(
      ...COLUMNS,
      seatsTakenSql(db).wrap('', ' AS seats_taken'),
      db.raw(`(SELECT coalesce(sum(r.seats), 0) FROM workshop_registrations r WHERE r.workshop_id = w.id AND r.status = 'completed')::int AS completed_count`),
      db.raw(`(SELECT count(*) FROM workshop_registrations r WHERE r.workshop_id = w.id)::int AS registrations_count`),
      ...JOIN_COLUMNS,
      attendanceSql(db),
    )
    .orderBy('w.created_at', 'desc');
  return rows.map(toAdminWorkshop);
}

/**
 * The workshop's attendance once its join links open (issue 26, point 4): its seats of completed
 * bookings, how many came in by their link, and how many attended (marked so by an admin, or came
 * in and not marked absent). Null before that, and for a cancelled workshop: nobody was due.
 */
export function attendanceSql(db: Db | Knex.Transaction, workshop = 'w'): Knex.Raw {
  return db.raw(
    `CASE WHEN ??.status <> 'cancelled' AND ??.date - make_interval(mins => ?) <= now() THEN (
      SELECT json_build_object(
        'seats', count(*),
        'joined', count(a.first_joined_at),
        'attended', count(*) FILTER (WHERE a.attendance_mark = 'attended' OR (a.attendance_mark IS NULL AND a.first_joined_at IS NOT NULL)))
      FROM attendees a JOIN workshop_registrations r ON r.id = a.registration_id
      WHERE a.workshop_id = ??.id AND a.status = 'active' AND r.status = 'completed'
    ) END AS attendance`,
    [workshop, workshop, JOIN_OPENS_MINUTES_BEFORE, workshop],
  );
}

/** The attendance column of one workshop (see `attendanceSql`). */
export async function attendanceOf(db: Db | Knex.Transaction, id: string): Promise<AttendanceSummary | null> {
  const row = await db('workshops as w').where('w.id', id).first(attendanceSql(db));
  return (row?.attendance as AttendanceSummary | null) ?? null;
}

/** Where the workshop happens: admin answers only, never public ones. */
const JOIN_COLUMNS = ['w.join_url', 'w.join_passcode', 'w.materials_url', 'w.recording_url'];

export function toAdminWorkshop(row: Record<string, unknown>): AdminWorkshop {
  return {
    ...toWorkshop(row),
    seats_taken: Number(row.seats_taken ?? 0),
    completed_count: Number(row.completed_count ?? 0),
    registrations_count: Number(row.registrations_count ?? 0),
    join_url: (row.join_url as string | null) ?? null,
    join_passcode: (row.join_passcode as string | null) ?? null,
    materials_url: (row.materials_url as string | null) ?? null,
    recording_url: (row.recording_url as string | null) ?? null,
    attendance: (row.attendance as AttendanceSummary | null) ?? null,
  };
}

export async function findWorkshop(db: Db | Knex.Transaction, id: string): Promise<Workshop | undefined> {
  const row = await db('workshops as w').where('w.id', id).first(...COLUMNS);
  return row ? toWorkshop(row) : undefined;
}
