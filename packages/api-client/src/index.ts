export { createApiClient, type ApiClient } from './client';
export { ApiError } from './api-error';
export type { ClientOptions } from './http';
