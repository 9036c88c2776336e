import type { Knex } from 'knex';

/**
 * Adds values to a `CHECK (col IN (...))` constraint whatever it holds now, so migrations of
 * other features that extend the same list (settings, email kinds) do not undo each other.
 */
export async function extendInCheck(knex: Knex, table: string, constraint: string, column: string, add: string[], remove: string[] = []): Promise<void> {
  const r = await knex.raw(`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = ?`, [constraint]);
  const def: string = r.rows[0]?.def ?? '';
  const current = [...def.matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]);
  const values = [...new Set([...current, ...add])].filter((v) => !remove.includes(v));
  await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${constraint}`);
  await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${constraint} CHECK (${column} IN (${values.map((v) => `'${v}'`).join(', ')}))`);
}
