import type { ErrorRequestHandler, RequestHandler } from 'express';
import { errorText } from './error-text';
import { AppError, NotFoundError, ValidationError } from './errors';

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(`No route for ${req.method} ${req.baseUrl}${req.path}`));
};

/** Seconds a client is told to wait when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a minute.';

// Connection refused or lost, server shutting down or starting, too many connections, and
// SQLSTATE class 08 (connection exception).
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', '57P01', '57P02', '57P03', '53300']);
const LOST = /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Knex: Timeout acquiring a connection/i;

/** Whether an error means PostgreSQL could not be reached (not that a query was wrong). */
export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; name?: unknown; message?: unknown; errors?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.name === 'KnexTimeoutError') return true;
  if (typeof e.code === 'string' && (UNREACHABLE.has(e.code) || e.code.startsWith('08'))) return true;
  if (typeof e.message === 'string' && LOST.test(e.message)) return true;
  return Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable);
}

/**
 * A value PostgreSQL refused to store (SQLSTATE class 22, data exception; 23514, a check
 * constraint): the request was wrong, not the server. The shared schemas should have caught it.
 */
function isRefusedValue(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22[0-9A-Z]{3}|23514)$/.test(code) && typeof (err as { severity?: unknown }).severity === 'string';
}

/** Where an answered error leaves its API code (`internal`, `maintenance`…) for what reads the response afterwards (the metrics). */
export const ERROR_CODE_LOCAL = 'errorCode';

/**
 * The admin-account endpoints (sign-in, two-factor, passkeys, passwords, sessions, admins) and an
 * attendee's feedback answer a body they refuse with 400, as the contracts they were built to say
 * (issue 24, point 9; issue 26, point 8); the rest of the API keeps the architecture's 422. Same
 * shape, same field messages, either way.
 */
const ACCOUNT_PATHS = /^\/api\/(auth\/|admin\/users(\/|$)|feedback\/)/;

/** The one error shape of the API: { error: { code, message, fields? } }. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err }, 'error after headers were sent');
    // Ending normally would hand the client a truncated file that looks complete (a CSV export).
    res.destroy();
    return;
  }
  if (err instanceof AppError) {
    res.locals[ERROR_CODE_LOCAL] = err.code;
    const status = err instanceof ValidationError && ACCOUNT_PATHS.test(req.path) ? 400 : err.status;
    res.status(status).json({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    return;
  }
  // body-parser errors carry a status (400 bad JSON, 413 too large, 415 unsupported charset or encoding).
  if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
    const message = err.type === 'entity.too.large' ? 'Request body is too large' : 'Request body is not valid JSON';
    res.status(err.status === 413 ? 413 : 400).json({ error: { code: 'bad_request', message } });
    return;
  }
  if (isDatabaseUnavailable(err)) {
    req.log?.error({ err: errorText(err) }, 'database unavailable');
    res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    res.locals[ERROR_CODE_LOCAL] = 'unavailable';
    res.status(503).json({ error: { code: 'unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } });
    return;
  }
  if (isRefusedValue(err)) {
    req.log?.warn({ err: errorText(err), code: err.code }, 'the database refused a value the schemas let through');
    res.status(400).json({ error: { code: 'bad_request', message: 'A value in this request cannot be stored.' } });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.locals[ERROR_CODE_LOCAL] = 'internal';
  res.status(500).json({ error: { code: 'internal', message: 'Something went wrong. Please try again.' } });
};
