import { RECENT_REGISTRATIONS, type Dashboard } from '@workshop/shared';
import type { Db } from '../db/knex';
import { filteredRegistrations, toRegistration } from '../registrations/registrations.queries';

/** SPEC §7's figures: "today" is the UTC day, revenue counts every status. */
export async function dashboardFigures(db: Db): Promise<Dashboard> {
  const [regs, workshops, recent, daily] = await Promise.all([
    db('workshop_registrations').first(
      db.raw('count(*)::int AS total'),
      db.raw(`count(*) FILTER (WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')::int AS today`),
      db.raw('coalesce(sum(amount), 0)::bigint AS revenue'),
    ),
    db('workshops')
      .where('is_active', true)
      .first(db.raw('count(*)::int AS active'), db.raw('count(*) FILTER (WHERE date >= now())::int AS upcoming')),
    filteredRegistrations(db, { q: '' }).limit(RECENT_REGISTRATIONS),
    db.raw(`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
             count(r.id)::int AS registrations,
             coalesce(sum(r.amount), 0)::bigint AS revenue_cents
        FROM generate_series(date_trunc('day', now() AT TIME ZONE 'UTC') - interval '29 days',
                             date_trunc('day', now() AT TIME ZONE 'UTC'), interval '1 day') AS d(day)
        LEFT JOIN workshop_registrations r
          ON r.created_at >= d.day AT TIME ZONE 'UTC' AND r.created_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
       GROUP BY d.day ORDER BY d.day`),
  ]);
  return {
    total_registrations: regs.total,
    today_registrations: regs.today,
    total_revenue_cents: Number(regs.revenue),
    active_workshops: workshops.active,
    upcoming_workshops: workshops.upcoming,
    recent_registrations: recent.map(toRegistration),
    daily: daily.rows.map((r: { date: string; registrations: number; revenue_cents: number }) => ({
      date: r.date,
      registrations: r.registrations,
      revenue_cents: Number(r.revenue_cents),
    })),
  };
}
