import { ApiError } from './api-error';
import { checkShape, type Shape } from './shape';

/** What the client needs of a shared zod schema (so this package needs no zod of its own). */
interface Schema<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false };
}

const notUnderstood = () => new ApiError(502, 'internal', 'The server answered in a form this app does not understand. Update the app or the server.');

/**
 * Checks an answer against its shared schema, so a server that changed shape fails loudly
 * here (and in a test) instead of half-rendering a screen.
 */
export function parsedWith<T>(schema: Schema<T>): (body: unknown) => T {
  return (body) => {
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    throw notUnderstood();
  };
}

type Schemas = typeof import('./schemas');

/** `parsedWith` for a schema of ./schemas, which (and zod with it) is fetched by the first call that needs it. */
export function parsedLater<T>(pick: (schemas: Schemas) => Schema<T>): (body: unknown) => Promise<T> {
  return async (body) => parsedWith(pick(await import('./schemas')))(body);
}

/**
 * `parsedWith` without zod, for the answers the dashboard shows first: the shared schema as
 * JSON Schema (./answer-shapes.ts, generated from it), and T the type inferred from it.
 */
export function parsedShape<T>(shape: Shape): (body: unknown) => T {
  return (body) => {
    const result = checkShape(shape, body);
    if (result) return result.value as T;
    throw notUnderstood();
  };
}
