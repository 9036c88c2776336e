import type { Knex } from 'knex';

/**
 * An admin types the start of an access id ("NC-S0009") to find a booking. The trigram index
 * answers "contains" searches; a prefix that matches a tenth of the orders still made it read
 * and sort all of them. A pattern-ops btree answers `access_id LIKE 'NC-S0009%'` as a range.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS workshop_registrations_access_id_prefix_idx ON workshop_registrations (access_id text_pattern_ops)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS workshop_registrations_access_id_prefix_idx');
}
