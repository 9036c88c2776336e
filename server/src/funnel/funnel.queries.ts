import { DIRECT_SOURCE, type Funnel, type FunnelCounts } from '@workshop/shared';
import type { Db } from '../db/knex';

type Raw = Omit<FunnelCounts, 'checkout_conversion' | 'abandonment_rate' | 'recovery_rate' | 'refund_rate'>;

/**
 * One row per person and workshop whose first checkout started in the period (a cohort, so every
 * stage is a subset of the one before and the rates stay between 0 and 1). A buyer retrying is
 * one person, not several checkouts. Paid = the server verified money (completed_at is set);
 * abandoned = the checkout ended unpaid because the hold ran out or the buyer closed the window.
 */
const PEOPLE = `
  WITH people AS (
    SELECT r.workshop_id, lower(r.email) AS email,
           min(r.created_at) AS started_at,
           bool_or(r.completed_at IS NOT NULL) AS paid,
           bool_or(r.status IN ('refund_pending', 'refunded')) AS refunded,
           coalesce(sum(r.amount) FILTER (WHERE r.status = 'completed'), 0) AS revenue,
           bool_or(r.status = 'failed' AND r.status_reason IN ('hold_expired', 'cancelled')) AS left_unpaid,
           (array_agg(r.utm_source ORDER BY r.created_at) FILTER (WHERE r.utm_source IS NOT NULL))[1] AS source
      FROM workshop_registrations r
     GROUP BY r.workshop_id, lower(r.email)
    HAVING min(r.created_at) >= :from AND min(r.created_at) < :to
  ),
  followed AS (
    SELECT p.*, c.status = 'sent' AS emailed, c.recovered_at IS NOT NULL AS recovered,
           coalesce((SELECT x.amount FROM workshop_registrations x WHERE x.id = c.recovered_registration_id AND x.status = 'completed'), 0) AS recovered_revenue
      FROM people p
      LEFT JOIN checkout_recoveries c ON c.workshop_id = p.workshop_id AND lower(c.email) = p.email
  )`;

const COUNTS = `
  count(*)::int AS checkouts_started,
  count(*) FILTER (WHERE paid)::int AS completed,
  count(*) FILTER (WHERE left_unpaid AND NOT paid AND NOT refunded)::int AS abandoned,
  count(*) FILTER (WHERE emailed)::int AS recovery_emails,
  count(*) FILTER (WHERE recovered)::int AS recovered,
  count(*) FILTER (WHERE refunded)::int AS refunded,
  coalesce(sum(revenue), 0)::bigint AS revenue_cents,
  coalesce(sum(recovered_revenue), 0)::bigint AS recovered_revenue_cents`;

const ratio = (n: number, d: number) => (d > 0 ? Math.round((n / d) * 10_000) / 10_000 : null);

function withRates<T extends Raw>(row: T): T & FunnelCounts {
  const r = { ...row, revenue_cents: Number(row.revenue_cents), recovered_revenue_cents: Number(row.recovered_revenue_cents) };
  return {
    ...r,
    checkout_conversion: ratio(r.completed, r.checkouts_started),
    abandonment_rate: ratio(r.abandoned, r.checkouts_started),
    recovery_rate: ratio(r.recovered, r.recovery_emails),
    refund_rate: ratio(r.refunded, r.completed + r.refunded),
  };
}

/** The funnel for whole days `from`..`to` (inclusive) in `tz`, computed from the tables alone. */
export async function funnelFigures(db: Db, period: { from: string; to: string; tz: string }): Promise<Funnel> {
  const bounds = {
    from: db.raw(`(?::date)::timestamp AT TIME ZONE ?`, [period.from, period.tz]),
    to: db.raw(`((?::date + 1)::timestamp AT TIME ZONE ?)`, [period.to, period.tz]),
  };
  const [overall, workshops, sources, leads] = await Promise.all([
    db.raw(`${PEOPLE} SELECT ${COUNTS} FROM followed`, bounds),
    db.raw(`${PEOPLE} SELECT f.workshop_id, w.title, ${COUNTS} FROM followed f JOIN workshops w ON w.id = f.workshop_id GROUP BY f.workshop_id, w.title, w.date ORDER BY w.date DESC, f.workshop_id`, bounds),
    db.raw(`${PEOPLE} SELECT coalesce(source, :direct) AS source, ${COUNTS} FROM followed GROUP BY 1 ORDER BY count(*) DESC, 1`, { ...bounds, direct: DIRECT_SOURCE }),
    db.raw(
      `SELECT (SELECT count(*) FROM video_leads WHERE created_at >= :from AND created_at < :to)::int AS preview_leads,
              (SELECT count(*) FROM workshop_interests WHERE created_at >= :from AND created_at < :to)::int AS interests`,
      bounds,
    ),
  ]);
  return {
    from: period.from,
    to: period.to,
    time_zone: period.tz,
    overall: { ...withRates(overall.rows[0]), ...leads.rows[0] },
    workshops: workshops.rows.map(withRates),
    sources: sources.rows.map(withRates),
  };
}
