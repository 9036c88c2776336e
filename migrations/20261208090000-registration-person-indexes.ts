import type { Knex } from 'knex';

/**
 * A seat hold replaces the buyer's earlier checkouts on the same workshop (found by email or by
 * browser), and every replaced or run-out checkout stays as a failed row. Finding them went
 * through every pending and failed row of the workshop, inside the workshop's lock, so a popular
 * workshop made every later hold slower (issue 21, point 6). Two indexes find them directly.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_workshop_email_idx ON workshop_registrations (workshop_id, lower(email))');
  await knex.raw('CREATE INDEX IF NOT EXISTS registrations_workshop_browser_idx ON workshop_registrations (workshop_id, browser_id) WHERE browser_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS registrations_workshop_browser_idx');
  await knex.raw('DROP INDEX IF EXISTS registrations_workshop_email_idx');
}
