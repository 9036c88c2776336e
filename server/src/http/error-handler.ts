import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, NotFoundError } from './errors';

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new NotFoundError(`No route for ${req.method} ${req.baseUrl}${req.path}`));
};

/** The one error shape of the API: { error: { code, message, fields? } }. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err }, 'error after headers were sent');
    // Ending normally would hand the client a truncated file that looks complete (a CSV export).
    res.destroy();
    return;
  }
  if (err instanceof AppError) {
    res.status(err.status).json({ error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } });
    return;
  }
  // body-parser errors carry a status (400 bad JSON, 413 too large).
  if (typeof err?.status === 'number' && err.status >= 400 && err.status < 500) {
    const message = err.type === 'entity.too.large' ? 'Request body is too large' : 'Request body is not valid JSON';
    res.status(err.status === 413 ? 413 : 400).json({ error: { code: 'bad_request', message } });
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json({ error: { code: 'internal', message: 'Something went wrong. Please try again.' } });
};
