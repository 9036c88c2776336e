import express, { type Request, type RequestHandler } from 'express';
import { isStorableText, unstorableTextMessage } from '@workshop/shared';
import { AppError } from './errors';

/**
 * Deepest JSON any caller of ours sends (a PayPal webhook is about ten levels). Checked on the
 * raw bytes before parsing: deeper input is refused instead of reaching code that recurses.
 */
export const MAX_JSON_DEPTH = 32;

const TOO_DEEP = `Request body is nested more than ${MAX_JSON_DEPTH} levels deep`;

/** Whether JSON text nests deeper than `max`, counted without parsing (brackets inside strings do not count). */
export function jsonDepthExceeds(buf: Buffer, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const b = buf[i];
    if (inString) {
      if (b === 0x5c) i++; // backslash: the next byte is escaped
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (++depth > max) return true;
    } else if (b === 0x7d || b === 0x5d) depth--;
  }
  return false;
}

/** The path of the first string (or key) that cannot be stored, or undefined. Keys report as '_'. */
export function findUnstorable(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path || '_';
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) return path || '_';
    const found = findUnstorable(inner, path ? `${path}.${key}` : key);
    if (found !== undefined) return found;
  }
  return undefined;
}

function refusal(field: string): AppError {
  const message = unstorableTextMessage(field === '_' ? '' : field);
  return new AppError(400, 'bad_request', message, { [field]: message });
}

/** express.json with the depth check on the raw bytes first. */
export function jsonBody(limit: string): RequestHandler {
  return express.json({
    limit,
    verify: (_req, _res, buf) => {
      if (jsonDepthExceeds(buf)) throw new AppError(400, 'bad_request', TOO_DEEP);
    },
  });
}

/**
 * express.raw for webhooks, whose handlers check a signature over the exact bytes and then
 * parse them: the same depth check, and JSON text holding a NUL or half a surrogate pair
 * (as `\u0000` or `\ud800` escapes) is refused before any handler or provider call.
 */
export function rawBody(limit: string): RequestHandler {
  return express.raw({
    type: '*/*',
    limit,
    verify: (_req, _res, buf) => {
      if (jsonDepthExceeds(buf)) throw new AppError(400, 'bad_request', TOO_DEEP);
      let bad: string | undefined;
      try {
        JSON.parse(buf.toString('utf8'), (key, value) => {
          bad ??= !isStorableText(key) ? '_' : typeof value === 'string' && !isStorableText(value) ? key || '_' : undefined;
          return value;
        });
      } catch {
        return; // not JSON: the handler refuses it in its own words
      }
      if (bad !== undefined) throw refusal(bad);
    },
  });
}

/** 400 with the field's message for text no column can hold, in the path, the query or a JSON body. */
export const refuseUnstorableInput: RequestHandler = (req: Request, _res, next) => {
  const field =
    findUnstorable(req.params as unknown) ?? findUnstorable(req.query as unknown) ?? (Buffer.isBuffer(req.body) ? undefined : findUnstorable(req.body));
  if (field !== undefined) throw refusal(field);
  next();
};
