import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

/**
 * JSON lines to stdout (or `destination`, which tests read). A database error's `detail` and `where`
 * quote the row's values (an address, a name): the logs keep its message and code only (issue 27, point 4).
 */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token', 'err.detail', 'err.where', 'err.cause.detail', 'err.cause.where'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * What a log may keep of a value a caller chose (a path segment, a provider's order id): a plain id
 * (letters, digits, `_.-`, at most 64, no run of 8 digits, which may be a phone number); a link's
 * secret (32 random bytes in base64url; a certificate's 20 hex characters) is never plain.
 */
export const SECRET_ID = /^([A-Za-z0-9_-]{43}|[0-9a-f]{20})$/;
const PLAIN_ID = /^(?!.*\d{8})[A-Za-z0-9_.-]{1,64}$/;
export const isPlainId = (id: string): boolean => PLAIN_ID.test(id) && !SECRET_ID.test(id);

/** An id a caller supplied (a provider's order id from a return link), as it may be logged. */
export function loggableId(id: string): string {
  return isPlainId(id) ? id : '[not a plain id]';
}
