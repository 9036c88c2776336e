export { loadConfig, ConfigError, type Config } from './config';
export { startServer, type RunningServer, type StartOptions } from './server';
export type { Plugin } from './plugins/index';
export { createDb, type Db } from './db/knex';
export { migrateLatest, migrateRollbackAll } from './db/migrate';
export { startEmbeddedPostgres, ensureDatabase } from './db/embedded';
export { seedDemoData } from './demo/seed';
export { staticSite } from './site/static-site';
