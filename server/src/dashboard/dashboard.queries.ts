import { RECENT_REGISTRATIONS, type Dashboard, type WorkshopRevenue } from '@workshop/shared';
import type { Db } from '../db/knex';
import { promoCodesWithUses } from '../promo-codes/promo-codes.queries';
import { readTallies, sumTallies, type Tally } from '../registrations/registration-tallies';
import { filteredRegistrations, toRegistration } from '../registrations/registrations.queries';

/**
 * What went back to buyers, as the providers made it: our refunds made (the part an admin gave
 * back by hand first included) and refunds made by hand that no refund of ours accounts for. A
 * $20 refund of a $99 booking is $20 here, so the figure reconciles with the providers' own.
 * By workshop, through the refunded booking; in all, unattributed payments too. Refunds whose
 * records the retention run deleted count from their anonymous totals (retired_refunds).
 */
async function refundsMade(db: Db): Promise<{ total: number; byWorkshop: Map<string, number> }> {
  const r = await db.raw(`
    SELECT x.workshop_id, grouping(x.workshop_id) = 1 AS total, sum(x.cents)::bigint AS cents
      FROM (SELECT r.workshop_id, f.amount_cents AS cents FROM refunds f LEFT JOIN workshop_registrations r ON r.id = f.registration_id WHERE f.status = 'succeeded'
            UNION ALL
            SELECT r.workshop_id, p.refunded_outside_cents FROM payments p LEFT JOIN workshop_registrations r ON r.id = p.registration_id WHERE p.refunded_outside_cents > 0
            UNION ALL
            SELECT workshop_id, refunded_cents FROM retired_refunds) x
     GROUP BY ROLLUP (x.workshop_id)`);
  const rows: { workshop_id: string | null; total: boolean; cents: string }[] = r.rows;
  // ROLLUP adds the grand total; a payment nobody registered for has a row of its own (no workshop).
  const total = Number(rows.find((x) => x.total)?.cents ?? 0);
  const byWorkshop = new Map(rows.filter((x) => !x.total && x.workshop_id).map((x) => [x.workshop_id as string, Number(x.cents)]));
  return { total, byWorkshop };
}

type OfflineMoney = { completed: number; refunded: number };

/**
 * Money of the bookings admins added as paid outside the site: what completed ones were paid, and
 * what admins recorded giving back by hand. No provider ever saw it, so it is kept apart from what
 * the providers collected and refunded. By workshop and in all; few rows, on their own index.
 */
async function offlineMoney(db: Db): Promise<{ total: OfflineMoney; byWorkshop: Map<string, OfflineMoney> }> {
  const r = await db.raw(`
    SELECT workshop_id, grouping(workshop_id) = 1 AS total,
           coalesce(sum(amount) FILTER (WHERE status = 'completed'), 0)::bigint AS completed,
           coalesce(sum(by_hand_refunded_cents), 0)::bigint AS refunded
      FROM workshop_registrations
     WHERE by_hand_payment = 'offline'
     GROUP BY ROLLUP (workshop_id)`);
  const rows: { workshop_id: string | null; total: boolean; completed: string; refunded: string }[] = r.rows;
  const money = (x: { completed: string; refunded: string } | undefined): OfflineMoney => ({ completed: Number(x?.completed ?? 0), refunded: Number(x?.refunded ?? 0) });
  // What went back stays gone after "clear all", as provider refunds stay in theirs: the archive keeps the rows.
  const archived = await db.raw(`
    SELECT coalesce(sum((record->>'by_hand_refunded_cents')::int), 0)::bigint AS refunded
      FROM workshop_registrations_archive a
     WHERE record->>'by_hand_payment' = 'offline' AND NOT EXISTS (SELECT 1 FROM workshop_registrations r WHERE r.id = a.id)`);
  const total = money(rows.find((x) => x.total));
  total.refunded += Number(archived.rows[0].refunded);
  return { total, byWorkshop: new Map(rows.filter((x) => !x.total).map((x) => [x.workshop_id as string, money(x)])) };
}

/** Workshops with any registration, or still active; newest date first. Figures from the tallies. */
async function revenueByWorkshop(db: Db, tallies: Tally[], refunded: Map<string, number>, offline: Map<string, OfflineMoney>): Promise<WorkshopRevenue[]> {
  const byWorkshop = new Map<string, Tally[]>();
  for (const t of tallies) byWorkshop.set(t.workshop_id, [...(byWorkshop.get(t.workshop_id) ?? []), t]);
  const workshops: { id: string; title: string; date: string; is_active: boolean }[] = await db('workshops')
    .select('id', 'title', 'date', 'is_active')
    .where('is_active', true)
    .orWhereIn('id', [...byWorkshop.keys()])
    .orderBy([{ column: 'date', order: 'desc' }, 'id']);
  return workshops
    .filter((w) => w.is_active || sumTallies(byWorkshop.get(w.id) ?? []).registrations > 0)
    .map((w) => {
      const own = byWorkshop.get(w.id) ?? [];
      const of = (status: string) => sumTallies(own, (t) => t.status === status);
      const byHand = offline.get(w.id)?.completed ?? 0;
      return {
        workshop_id: w.id,
        title: w.title,
        date: new Date(w.date).toISOString(),
        completed: of('completed').registrations,
        collected_cents: of('completed').amount_cents - byHand,
        offline_cents: byHand,
        pending_cents: of('pending').amount_cents,
        refunded_cents: refunded.get(w.id) ?? 0,
      };
    });
}

/**
 * SPEC §7's figures: "today" is the UTC day, revenue counts every status. Money by status:
 * Collected = completed through a provider, Offline = completed and paid outside the site, Pending = pending; other statuses (failed, refund_pending, cancelled...)
 * count only in the SPEC's Total Revenue, which sums every status. Refunded is the refunds made.
 * Totals come from the registration tallies; today and the 30 days from the created_at index.
 */
export async function dashboardFigures(db: Db): Promise<Dashboard> {
  const utcMidnight = `date_trunc('day', now() AT TIME ZONE 'UTC')`;
  const [tallies, refunded, offline] = await Promise.all([readTallies(db), refundsMade(db), offlineMoney(db)]);
  const [today, workshops, recent, daily, byWorkshop, promo, feedback] = await Promise.all([
    db('workshop_registrations').where('created_at', '>=', db.raw(`${utcMidnight} AT TIME ZONE 'UTC'`)).first(db.raw('count(*)::int AS today')),
    db('workshops')
      .where('is_active', true)
      .first(db.raw('count(*)::int AS active'), db.raw('count(*) FILTER (WHERE date >= now())::int AS upcoming')),
    filteredRegistrations(db, { q: '' }).limit(RECENT_REGISTRATIONS),
    db.raw(`
      SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
             coalesce(r.registrations, 0)::int AS registrations,
             coalesce(r.revenue_cents, 0)::bigint AS revenue_cents
        FROM generate_series(${utcMidnight} - interval '29 days', ${utcMidnight}, interval '1 day') AS d(day)
        LEFT JOIN (
          SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS day, count(*) AS registrations, sum(amount) AS revenue_cents
            FROM workshop_registrations
           WHERE created_at >= (${utcMidnight} - interval '29 days') AT TIME ZONE 'UTC'
           GROUP BY 1
        ) r ON r.day = d.day
       ORDER BY d.day`),
    revenueByWorkshop(db, tallies, refunded.byWorkshop, offline.byWorkshop),
    promoCodesWithUses(db),
    lastWorkshopsFeedback(db),
  ]);
  const all = sumTallies(tallies);
  const of = (status: string) => sumTallies(tallies, (t) => t.status === status).amount_cents;
  return {
    total_registrations: all.registrations,
    today_registrations: today.today,
    total_revenue_cents: all.amount_cents,
    collected_cents: of('completed') - offline.total.completed,
    offline_cents: offline.total.completed,
    pending_cents: of('pending'),
    refunded_cents: refunded.total,
    offline_refunded_cents: offline.total.refunded,
    revenue_by_workshop: byWorkshop,
    active_workshops: workshops.active,
    upcoming_workshops: workshops.upcoming,
    recent_registrations: recent.map((r: Record<string, unknown>) => toRegistration(r)),
    daily: daily.rows.map((r: { date: string; registrations: number; revenue_cents: number }) => ({
      date: r.date,
      registrations: r.registrations,
      revenue_cents: Number(r.revenue_cents),
    })),
    feedback,
    promo_codes: promo.map((p: Record<string, unknown>) => ({ id: p.id as string, code: p.code as string, uses: Number(p.uses), max_uses: (p.max_uses as number | null) ?? null, discount_cents: Number(p.discount_cents) })),
  };
}

/** How many ended workshops the dashboard shows feedback for. */
const FEEDBACK_WORKSHOPS = 5;

/** The last workshops that ended (not called off), newest first, with their feedback's average and count. */
async function lastWorkshopsFeedback(db: Db): Promise<Dashboard['feedback']> {
  const rows: { id: string; title: string; date: Date; count: number; average: string | null }[] = await db('workshops as w')
    .whereNot('w.status', 'cancelled')
    .whereRaw('w.date + make_interval(hours => w.duration_hours) <= now()')
    .orderBy('w.date', 'desc')
    .limit(FEEDBACK_WORKSHOPS)
    .select('w.id', 'w.title', 'w.date', db.raw('(SELECT count(*)::int FROM workshop_feedback f WHERE f.workshop_id = w.id) AS count'), db.raw('(SELECT round(avg(f.rating), 1) FROM workshop_feedback f WHERE f.workshop_id = w.id) AS average'));
  return rows.map((r) => ({ workshop_id: r.id, title: r.title, date: new Date(r.date).toISOString(), count: r.count, average: r.average === null ? null : Number(r.average) }));
}
