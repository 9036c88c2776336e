import type { Knex } from 'knex';

/**
 * Admin roles (issue 24): an `owner` does everything; `staff` reads every list and detail, exports,
 * messages attendees and resends confirmations, nothing that moves money or changes the business.
 * Every admin there is becomes an owner, so nobody loses what they could do. When each admin last
 * signed in, for the admins list.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE users
      ADD COLUMN IF NOT EXISTS admin_role text NOT NULL DEFAULT 'owner' CHECK (admin_role IN ('owner', 'staff')),
      ADD COLUMN IF NOT EXISTS last_sign_in_at timestamptz NULL`);
  await knex.raw(`
    ALTER TABLE sessions
      ADD COLUMN IF NOT EXISTS client text NULL CHECK (client IN ('web', 'desktop')),
      ADD COLUMN IF NOT EXISTS last_seen_at timestamptz NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE sessions DROP COLUMN IF EXISTS last_seen_at, DROP COLUMN IF EXISTS client');
  await knex.raw('ALTER TABLE users DROP COLUMN IF EXISTS last_sign_in_at, DROP COLUMN IF EXISTS admin_role');
}
