import { ApiError } from './api-error';

/** What the client needs of a shared zod schema (so this package needs no zod of its own). */
interface Schema<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false };
}

/**
 * Checks an answer against its shared schema, so a server that changed shape fails loudly
 * here (and in a test) instead of half-rendering a screen.
 */
export function parsedWith<T>(schema: Schema<T>): (body: unknown) => T {
  return (body) => {
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    throw new ApiError(502, 'internal', 'The server answered in a form this app does not understand. Update the app or the server.');
  };
}

type Schemas = typeof import('./schemas');

/** `parsedWith` for a schema of ./schemas, which (and zod with it) is fetched by the first call that needs it. */
export function parsedLater<T>(pick: (schemas: Schemas) => Schema<T>): (body: unknown) => Promise<T> {
  return async (body) => parsedWith(pick(await import('./schemas')))(body);
}
