import type { Knex } from 'knex';
import { extendInCheck } from './support/extend-in-check';

const INDEX = 'email_messages_registration_kind_key';
/** An attendee told their seat's calendar event is off (cancelled, or given to someone else): once per seat and event. */
const NEW_KIND = 'attendee_cancelled';
/** Invites sent before this migration: their snapshot's `sequence` was the workshop's revision. */
const ORDER_INVITES = `('confirmation', 'confirmation_resend', 'workshop_updated')`;

/** The kinds the (registration, kind) unique index leaves out, as it is now (other migrations extend the list too). */
async function repeatableKinds(knex: Knex): Promise<string[]> {
  const r = await knex.raw(`SELECT pg_get_indexdef(to_regclass(?)) AS def`, [INDEX]);
  const def: string = r.rows[0]?.def ?? '';
  const notIn = def.match(/NOT IN \(([^)]*)\)|<> ALL \(\(?ARRAY\[([^\]]*)\]/);
  return [...(notIn?.[1] ?? notIn?.[2] ?? '').matchAll(/'([a-z0-9_]+)'/g)].map((m) => m[1]);
}

/** Each event that was sent invites starts above the highest SEQUENCE it was sent (or its workshop's revision, which moves could outrun). */
const backfill = (table: string, sentFor: string) => `
    UPDATE ${table} t
       SET calendar_sequence = 1 + GREATEST((SELECT w.revision FROM workshops w WHERE w.id = t.workshop_id),
                                            (SELECT max(coalesce((m.data->>'sequence')::int, 0)) FROM email_messages m WHERE ${sentFor}))
     WHERE t.calendar_sequence = 0 AND EXISTS (SELECT 1 FROM email_messages m WHERE ${sentFor})`;

async function setRepeatable(knex: Knex, kinds: string[]): Promise<void> {
  await knex.raw(`DROP INDEX IF EXISTS ${INDEX}`);
  await knex.raw(`CREATE UNIQUE INDEX IF NOT EXISTS ${INDEX} ON email_messages (registration_id, kind) WHERE kind NOT IN (${kinds.map((k) => `'${k}'`).join(', ')})`);
}

/**
 * Calendar invites: each booking's event (the order's UID, and each attendee seat's own) keeps
 * its own SEQUENCE, so an invite for it always outranks the ones before, whatever changed
 * (a date, a join link, a move to another workshop, a transfer, a cancellation). The workshop's
 * revision could not: a move to a workshop of lower revision sent a lower SEQUENCE.
 *
 * `calendar_sequence` is how many invites were queued for the UID, so the next one's SEQUENCE.
 * Bookings that already had invites start above the highest SEQUENCE they were sent.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE workshop_registrations ADD COLUMN IF NOT EXISTS calendar_sequence integer NOT NULL DEFAULT 0 CHECK (calendar_sequence >= 0)');
  await knex.raw('ALTER TABLE attendees ADD COLUMN IF NOT EXISTS calendar_sequence integer NOT NULL DEFAULT 0 CHECK (calendar_sequence >= 0)');
  await knex.raw(backfill('workshop_registrations', `m.registration_id = t.id AND m.attendee_id IS NULL AND m.kind IN ${ORDER_INVITES}`));
  await knex.raw(backfill('attendees', `m.attendee_id = t.id AND m.kind = 'attendee_confirmation'`));

  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [NEW_KIND]);
  const repeatable = await repeatableKinds(knex);
  // Rebuilt from nothing, the index would make every repeatable kind once per registration.
  if (!repeatable.length) throw new Error(`could not read the kinds ${INDEX} leaves out`);
  if (!repeatable.includes(NEW_KIND)) await setRepeatable(knex, [...repeatable, NEW_KIND]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`DELETE FROM email_messages WHERE kind = '${NEW_KIND}'`);
  await setRepeatable(knex, (await repeatableKinds(knex)).filter((k) => k !== NEW_KIND));
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [], [NEW_KIND]);
  await knex.raw('ALTER TABLE attendees DROP COLUMN IF EXISTS calendar_sequence');
  await knex.raw('ALTER TABLE workshop_registrations DROP COLUMN IF EXISTS calendar_sequence');
}
