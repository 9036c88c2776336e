import { ApiError, createPublicClient } from '@workshop/api-client';

/** Same-origin client: the server serves the site and the API together. */
export const api = createPublicClient();
export { ApiError };

/** The server's message when it is meant for people (validation, sold out, maintenance...), else the fallback. */
export function userMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.code !== 'internal' && err.code !== 'network_error' && err.status !== 404) return err.message;
  return fallback;
}
