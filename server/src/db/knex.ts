import knex, { type Knex } from 'knex';
import pg from 'pg';

// Counts and sums come back as strings by default (bigint/numeric); ours always fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type Db = Knex;

export function createDb(connectionString: string, poolMax = 10): Db {
  return knex({
    client: 'pg',
    // As an object: given a bare string, knex keeps the parsed settings without the password, and
    // code that reuses client.connectionSettings (the job-queue migration's own pool) fails to sign in.
    // A database that does not answer fails a request after 10 s (a 503) instead of holding it forever.
    connection: { connectionString, connectionTimeoutMillis: 10_000 },
    pool: { min: 0, max: poolMax },
  });
}
