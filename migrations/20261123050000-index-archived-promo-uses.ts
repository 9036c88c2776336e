import type { Knex } from 'knex';

/** A promo code's uses include archived registrations (cleared from the admin): found by index, not by scanning the archive. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE INDEX IF NOT EXISTS registrations_archive_promo_idx ON workshop_registrations_archive ((record->>'promo_code_id')) WHERE record->>'promo_code_id' IS NOT NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS registrations_archive_promo_idx');
}
