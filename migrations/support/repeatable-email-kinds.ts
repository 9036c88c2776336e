import type { Knex } from 'knex';
import { extendInCheck } from './extend-in-check';

const INDEX = 'email_messages_registration_kind_key';

/** The email kinds a registration may get more than once: the ones the one-per-kind index leaves out. */
export async function repeatableKinds(knex: Knex): Promise<string[]> {
  const r = await knex.raw(`SELECT pg_get_indexdef(to_regclass(?)) AS def`, [INDEX]);
  const def: string = r.rows[0]?.def ?? '';
  const notIn = def.match(/NOT IN \(([^)]*)\)|<> ALL \(\(?ARRAY\[([^\]]*)\]/);
  return [...(notIn?.[1] ?? notIn?.[2] ?? '').matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]);
}

export async function setRepeatable(knex: Knex, kinds: string[]): Promise<void> {
  await knex.raw(`DROP INDEX IF EXISTS ${INDEX}`);
  await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS ${INDEX} ON email_messages (registration_id, kind) WHERE kind NOT IN (${kinds.map((k) => `'${k}'`).join(', ')})`);
}

/** Makes `kinds` repeatable, keeping every kind that already is (rebuilt from nothing, the index would make them once per registration). */
export async function addRepeatable(knex: Knex, kinds: string[]): Promise<void> {
  const repeatable = await repeatableKinds(knex);
  if (!repeatable.length) throw new Error(`could not read the kinds ${INDEX} leaves out`);
  const missing = kinds.filter((k) => !repeatable.includes(k));
  if (missing.length) await setRepeatable(knex, [...repeatable, ...missing]);
}

/** A new email kind a registration may get more than once (each with its own dedupe key). */
export async function addRepeatableKind(knex: Knex, kind: string): Promise<void> {
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [kind]);
  await addRepeatable(knex, [kind]);
}

/** Takes such a kind away again, with the emails of it. */
export async function removeRepeatableKind(knex: Knex, kind: string): Promise<void> {
  await knex.raw(`DELETE FROM email_messages WHERE kind = ?`, [kind]);
  await setRepeatable(knex, (await repeatableKinds(knex)).filter((k) => k !== kind));
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [], [kind]);
}
