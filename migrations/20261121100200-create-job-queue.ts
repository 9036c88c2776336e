import type { Knex } from 'knex';
import { runMigrations } from 'graphile-worker';
import pg from 'pg';

// graphile-worker keeps its own schema and versions it itself. Installing it here (not only
// when the email worker starts) puts it in every migrated database, test templates included.
export async function up(knex: Knex): Promise<void> {
  const settings = (knex.client as { connectionSettings: string | pg.PoolConfig }).connectionSettings;
  const pool = new pg.Pool({ ...(typeof settings === 'string' ? { connectionString: settings } : settings), max: 1 });
  // A dropped idle connection must not crash the process; the migration's own query reports real failures.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  try {
    await runMigrations({ pgPool: pool });
  } finally {
    await pool.end();
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP SCHEMA IF EXISTS graphile_worker CASCADE');
}
