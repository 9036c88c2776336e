import type { z } from 'zod';
import { fieldErrors, firstMessage } from '@workshop/shared';
import { NotFoundError, ValidationError } from './errors';

/** Parses with a shared schema; failures carry the SPEC's message and one message per field. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new ValidationError(firstMessage(result.error), fieldErrors(result.error));
  return result.data;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id that is not a uuid names nothing: 404, like an unknown one. */
export function parseId(raw: unknown, notFoundMessage: string): string {
  if (typeof raw !== 'string' || !UUID.test(raw)) throw new NotFoundError(notFoundMessage);
  return raw;
}
