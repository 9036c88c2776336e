import type { ErrorCode } from '@workshop/shared';

/** The API's one error shape, as an Error the UIs can switch on by `code`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network_error',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the server could not be reached at all (offline, DNS, refused). */
  get isNetworkError(): boolean {
    return this.code === 'network_error';
  }
}
