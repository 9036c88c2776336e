import type { Knex } from 'knex';

const INDEX = 'email_messages_registration_kind_key';
/**
 * The admins' "refund failed" and "email failed" alerts: one per failure, not one per booking.
 * A second refund of a booking that gives up (a team order's seat refunds), a corrected alert
 * naming what a failed refund still owes once hand refunds are found, a reminder bouncing after
 * the confirmation did: each is news. Each alert carries a dedupe key of the failure it is about
 * instead (server/src/email/email.queue.ts queueAdminAlert).
 */
const KINDS = ['admin_refund_failed', 'admin_email_failed'];

async function repeatableKinds(knex: Knex): Promise<string[]> {
  const r = await knex.raw(`SELECT pg_get_indexdef(to_regclass(?)) AS def`, [INDEX]);
  const def: string = r.rows[0]?.def ?? '';
  const notIn = def.match(/NOT IN \(([^)]*)\)|<> ALL \(\(?ARRAY\[([^\]]*)\]/);
  return [...(notIn?.[1] ?? notIn?.[2] ?? '').matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]);
}

async function setRepeatable(knex: Knex, kinds: string[]): Promise<void> {
  await knex.raw(`DROP INDEX IF EXISTS ${INDEX}`);
  await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS ${INDEX} ON email_messages (registration_id, kind) WHERE kind NOT IN (${kinds.map((k) => `'${k}'`).join(', ')})`);
}

export async function up(knex: Knex): Promise<void> {
  const repeatable = await repeatableKinds(knex);
  // Rebuilt from nothing, the index would make every repeatable kind once per registration.
  if (!repeatable.length) throw new Error(`could not read the kinds ${INDEX} leaves out`);
  const missing = KINDS.filter((k) => !repeatable.includes(k));
  if (missing.length) await setRepeatable(knex, [...repeatable, ...missing]);
}

export async function down(knex: Knex): Promise<void> {
  // Only the latest alert of each kind per booking can stay under the narrower index.
  await knex.raw(
    `DELETE FROM email_messages m WHERE m.kind IN (${KINDS.map((k) => `'${k}'`).join(', ')}) AND m.registration_id IS NOT NULL
       AND EXISTS (SELECT 1 FROM email_messages n WHERE n.registration_id = m.registration_id AND n.kind = m.kind AND (n.created_at, n.id) > (m.created_at, m.id))`,
  );
  await setRepeatable(knex, (await repeatableKinds(knex)).filter((k) => !KINDS.includes(k)));
}
