import type { TestProject } from 'vitest/node';
import { createDb } from '../../src/db/knex';
import { migrateLatest } from '../../src/db/migrate';
import { scratchDatabase, scratchPostgres } from './pg-admin';
import { buildForProductionTests } from './prod-process';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * One real PostgreSQL for the run: TEST_DATABASE_URL, else the machine's on 5432, else an
 * embedded one. A migrated template database makes each test file's fresh database cheap.
 */
export default async function setup(project: TestProject) {
  // start:prod's tests spawn the compiled server: built here once, before any file runs.
  const [postgres] = await Promise.all([scratchPostgres(process.env.TEST_DATABASE_URL), buildForProductionTests()]);
  const template = await scratchDatabase(postgres.adminUrl, `wk_tmpl_${process.pid}`);
  const db = createDb(template.url, 2);
  await migrateLatest(db);
  await db.destroy();

  project.provide('pgAdminUrl', postgres.adminUrl);
  project.provide('pgTemplate', new URL(template.url).pathname.slice(1));

  return async () => {
    await template.drop();
    await postgres.stop();
  };
}
