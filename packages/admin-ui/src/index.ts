export * from './platform/platform';
export { AdminApp } from './app/admin-app';
export { useCachedQuery, OFFLINE_RETRY_MS, type CachedQuery } from './queries/use-cached-query';
export { OFFLINE_WRITE_MESSAGE } from './queries/connectivity.store';
