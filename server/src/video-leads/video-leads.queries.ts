import type { AdminVideoLead, VideoLeadSummary } from '@workshop/shared';
import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import { applySearch, startOfTodaySql } from '../http/paging';

export interface VideoLeadFilter {
  q: string;
}

// Qualified: the workshop join also has id, title and created_at.
const SEARCH_COLUMNS = ['video_leads.name', 'video_leads.email', 'workshops.title'];

export function toVideoLead(row: Record<string, unknown>): AdminVideoLead {
  return {
    id: row.id as string,
    name: row.name as string,
    email: row.email as string,
    workshop_id: (row.workshop_id as string | null) ?? null,
    workshop_title: (row.workshop_title as string | null) ?? null,
    created_at: new Date(row.created_at as string).toISOString(),
  };
}

/** The leads of the filter, joined to the workshop they previewed so its title can be searched. */
function matching(db: Db, f: VideoLeadFilter): Knex.QueryBuilder {
  const qb = db('video_leads').leftJoin('workshops', 'workshops.id', 'video_leads.workshop_id');
  return applySearch(qb, SEARCH_COLUMNS, f.q);
}

export function filteredVideoLeads(db: Db, f: VideoLeadFilter): Knex.QueryBuilder {
  return matching(db, f)
    .select('video_leads.*', 'workshops.title as workshop_title')
    .orderBy([{ column: 'video_leads.created_at', order: 'desc' }, { column: 'video_leads.id', order: 'desc' }]);
}

export async function countVideoLeads(db: Db, f: VideoLeadFilter): Promise<number> {
  const row = await matching(db, f).count<{ count: number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

/** Every distinct address of the filter, for Email All (the whole filter, not one page). */
export async function videoLeadEmails(db: Db, f: VideoLeadFilter): Promise<string[]> {
  const rows: { email: string }[] = await matching(db, f).distinct('video_leads.email').orderBy('video_leads.email');
  return rows.map((r) => r.email);
}

export async function videoLeadSummary(db: Db, tz: string): Promise<VideoLeadSummary> {
  return db('video_leads').first(
    db.raw('count(*)::int AS total'),
    db.raw('count(*) FILTER (WHERE created_at >= ?)::int AS today', [startOfTodaySql(db, tz)]),
    db.raw('count(*) FILTER (WHERE workshop_id IS NOT NULL)::int AS with_workshop'),
  );
}
