import type { Knex } from 'knex';

/** Case-insensitive substring match on any of `columns`; LIKE wildcards in the input are literal. */
/** A case-insensitive "contains" LIKE pattern, its wildcards escaped. */
export const searchPattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows where any of `columns` contains `q` (case-insensitive); `or`: the conditions are added to a group the caller opened. */
export function applySearch(qb: Knex.QueryBuilder, columns: string[], q: string, mode: 'and' | 'or' = 'and'): Knex.QueryBuilder {
  if (!q) return qb;
  const pattern = searchPattern(q);
  if (mode === 'or') {
    for (const col of columns) qb.orWhereRaw(`lower(${col}) LIKE ?`, [pattern]);
    return qb;
  }
  return qb.where((w) => {
    for (const col of columns) w.orWhereRaw(`lower(${col}) LIKE ?`, [pattern]);
  });
}

export function pageOf(qb: Knex.QueryBuilder, page: number, pageSize: number): Knex.QueryBuilder {
  return qb.limit(pageSize).offset((page - 1) * pageSize);
}

/** Start of "today" in an IANA zone, as a SQL expression (admin lists count the viewer's day). */
export function startOfTodaySql(knex: Knex, tz: string): Knex.Raw {
  return knex.raw(`(date_trunc('day', now() AT TIME ZONE ?) AT TIME ZONE ?)`, [tz, tz]);
}
