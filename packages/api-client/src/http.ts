import { ApiError } from './api-error';

export interface ClientOptions {
  /** '' for same-origin (the site and web admin); the server URL for the desktop app. */
  baseUrl?: string;
  /** Bearer token (desktop); the web admin relies on the httpOnly cookie instead. */
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
  /** Called on every 401 from an admin call, so the UI can go back to sign-in. */
  onUnauthorized?: () => void;
}

export type Query = Record<string, string | number | undefined | null>;

export function toQueryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function createHttp(options: ClientOptions) {
  const base = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));

  async function send(method: string, path: string, body?: unknown, query?: Query): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let res: Response;
    try {
      res = await doFetch(`${base}${path}${toQueryString(query)}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiError(0, 'network_error', 'Cannot reach the server. Check your connection and try again.');
    }
    if (!res.ok) {
      const payload: { error?: { code?: string; message?: string; fields?: Record<string, string> } } = await res
        .json()
        .catch(() => ({}));
      if (res.status === 401 && path.startsWith('/api/admin')) options.onUnauthorized?.();
      const e = payload.error;
      throw new ApiError(res.status, (e?.code as ApiError['code']) ?? 'internal', e?.message ?? `Request failed (${res.status})`, e?.fields);
    }
    return res;
  }

  return {
    base,
    async json<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
      const res = await send(method, path, body, query);
      if (res.status === 204) return undefined as T;
      return (await res.json()) as T;
    },
    /** The body's bytes (a PDF). */
    async bytes(method: string, path: string, query?: Query): Promise<Uint8Array> {
      return new Uint8Array(await (await send(method, path, undefined, query)).arrayBuffer());
    },
    /** The body as sent: a leading byte order mark is kept (Response.text() would drop the CSV exports' one). */
    async text(method: string, path: string, query?: Query): Promise<string> {
      return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (await send(method, path, undefined, query)).arrayBuffer());
    },
  };
}

export type Http = ReturnType<typeof createHttp>;
