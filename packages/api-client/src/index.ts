export { createApiClient, type ApiClient } from './client';
export { createPublicClient, type PublicClient } from './public.client';
export { createLiveClient } from './live.client';
export { ApiError } from './api-error';
export type { ClientOptions } from './http';
