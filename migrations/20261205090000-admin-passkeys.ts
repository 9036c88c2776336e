import type { Knex } from 'knex';

/**
 * Passkeys (WebAuthn) as a second factor for admins (issue 24, point 6). Each passkey keeps its
 * credential id, public key and signature counter; nothing secret is stored. A set-up runs as a
 * short "ceremony" named by a single-use token (kept hashed), so the desktop app can hand it to the
 * system browser, where passkeys work. A sign-in's challenge row gains the WebAuthn challenge
 * it asked the authenticator to sign, and the hash of the one-time code a passkey confirmed in the
 * browser shows for the desktop app to type, and where the sign-in came from (the browser page
 * that confirms a desktop sign-in shows it, so an admin can tell a sign-in that is not theirs).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS admin_passkeys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      credential_id text NOT NULL UNIQUE CHECK (length(credential_id) BETWEEN 1 AND 1400),
      public_key bytea NOT NULL,
      counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
      transports text[] NOT NULL DEFAULT '{}',
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
      backed_up boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz NULL
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS admin_passkeys_user_idx ON admin_passkeys (user_id)');
  await knex.raw(`
    CREATE TABLE IF NOT EXISTS passkey_ceremonies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      webauthn_challenge text NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  await knex.raw('CREATE INDEX IF NOT EXISTS passkey_ceremonies_user_idx ON passkey_ceremonies (user_id)');
  await knex.raw(`
    ALTER TABLE login_challenges
      ADD COLUMN IF NOT EXISTS webauthn_challenge text NULL,
      ADD COLUMN IF NOT EXISTS handoff_code_hash text NULL,
      ADD COLUMN IF NOT EXISTS client text NULL CHECK (client IN ('web', 'desktop')),
      ADD COLUMN IF NOT EXISTS ip inet NULL`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE login_challenges DROP COLUMN IF EXISTS ip, DROP COLUMN IF EXISTS client, DROP COLUMN IF EXISTS handoff_code_hash, DROP COLUMN IF EXISTS webauthn_challenge');
  await knex.raw('DROP TABLE IF EXISTS passkey_ceremonies');
  await knex.raw('DROP TABLE IF EXISTS admin_passkeys');
}
