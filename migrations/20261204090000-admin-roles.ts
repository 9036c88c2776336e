import type { Knex } from 'knex';
import { extendInCheck } from './support/extend-in-check';

/**
 * Admin roles (issue 24): an `owner` does everything; `staff` reads every list and detail, exports,
 * messages attendees and resends confirmations, nothing that moves money or changes the business.
 * Every admin there is becomes an owner, so nobody loses what they could do. When each admin last
 * signed in, for the admins list; each session's device (client, IP, browser) and when it was last
 * used, for the sessions list, and how long it may sit unused before it ends (`idle_hours`, set at sign-in); the email telling an admin their password changed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE users
      ADD COLUMN IF NOT EXISTS admin_role text NOT NULL DEFAULT 'owner' CHECK (admin_role IN ('owner', 'staff')),
      ADD COLUMN IF NOT EXISTS last_sign_in_at timestamptz NULL`);
  await knex.raw(`
    ALTER TABLE sessions
      ADD COLUMN IF NOT EXISTS client text NULL CHECK (client IN ('web', 'desktop')),
      ADD COLUMN IF NOT EXISTS last_seen_at timestamptz NULL,
      ADD COLUMN IF NOT EXISTS ip inet NULL,
      ADD COLUMN IF NOT EXISTS user_agent text NULL CHECK (length(user_agent) <= 300),
      ADD COLUMN IF NOT EXISTS idle_hours smallint NOT NULL DEFAULT 12 CHECK (idle_hours > 0)`);
  // Two-factor sign-in with an authenticator app (TOTP): the secret, the last time step used (a code is
  // never accepted twice), single-use recovery codes (hashed), and the five-minute challenge between
  // a right password and the code.
  await knex.raw(`
    ALTER TABLE users
      ADD COLUMN IF NOT EXISTS totp_secret text NULL,
      ADD COLUMN IF NOT EXISTS totp_pending_secret text NULL,
      ADD COLUMN IF NOT EXISTS totp_enabled_at timestamptz NULL,
      ADD COLUMN IF NOT EXISTS totp_last_step bigint NULL,
      ADD COLUMN IF NOT EXISTS two_factor_failures smallint NOT NULL DEFAULT 0,
      ADD COLUMN IF NOT EXISTS two_factor_locked_until timestamptz NULL`);
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, code_hash)
    )`);
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS login_challenges (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      attempts smallint NOT NULL DEFAULT 0,
      used_at timestamptz NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  // The owners' sign-in rules: two-factor for every admin, and how long an unused session lasts.
  await extendInCheck(knex, 'admin_settings', 'admin_settings_setting_key_check', 'setting_key', ['admin_security']);
  // A forgotten password's single-use reset links: only the token's hash is kept, for an hour.
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS password_resets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS password_resets_user_idx ON password_resets (user_id)');
  // The admin hears of a change of their password, and gets their reset link (not of a registration: one per change).
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', ['admin_password_changed', 'admin_password_reset']);
}

export async function down(knex: Knex): Promise<void> {
  await knex('email_messages').whereIn('kind', ['admin_password_changed', 'admin_password_reset']).delete();
  await extendInCheck(knex, 'email_messages', 'email_messages_kind_check', 'kind', [], ['admin_password_changed', 'admin_password_reset']);
  await knex.raw('DROP TABLE IF EXISTS password_resets');
  await knex('admin_settings').where({ setting_key: 'admin_security' }).delete();
  await extendInCheck(knex, 'admin_settings', 'admin_settings_setting_key_check', 'setting_key', [], ['admin_security']);
  await knex.raw('DROP TABLE IF EXISTS login_challenges');
  await knex.raw('DROP TABLE IF EXISTS recovery_codes');
  await knex.raw('ALTER TABLE users DROP COLUMN IF EXISTS two_factor_locked_until, DROP COLUMN IF EXISTS two_factor_failures, DROP COLUMN IF EXISTS totp_last_step, DROP COLUMN IF EXISTS totp_enabled_at, DROP COLUMN IF EXISTS totp_pending_secret, DROP COLUMN IF EXISTS totp_secret');
  await knex.raw('ALTER TABLE sessions DROP COLUMN IF EXISTS idle_hours, DROP COLUMN IF EXISTS user_agent, DROP COLUMN IF EXISTS ip, DROP COLUMN IF EXISTS last_seen_at, DROP COLUMN IF EXISTS client');
  await knex.raw('ALTER TABLE users DROP COLUMN IF EXISTS last_sign_in_at, DROP COLUMN IF EXISTS admin_role');
}
