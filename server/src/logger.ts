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
 * An id a caller supplied (a provider's order id from a return link), as a log may keep it: a plain
 * id as it is; anything else (an address, a phone number, a secret typed into the link) is not kept.
 */
export function loggableId(id: string): string {
  return /^(?!.*\d{8})[A-Za-z0-9_-]{1,64}$/.test(id) && id.length !== 43 ? id : '[not a plain id]';
}
