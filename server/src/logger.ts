import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config';

/** JSON lines to stdout (or `destination`, which tests read). */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options = {
    level: config.LOG_LEVEL,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}
