import path from 'node:path';
import type { FileSystem } from '../storage/file-system';

/** Where the renderer lives: a privileged standard scheme, so it has an origin of its own. */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://admin';

/**
 * Only our bundle runs; the API is reached through this same origin (see the proxy below),
 * so connect-src needs nothing else. antd writes its styles at run time, hence inline styles.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
};

/**
 * Headers the renderer may send on to the server; cookies, Origin and any Authorization stay
 * behind (main adds the session's own).
 */
const FORWARD_REQUEST = ['accept', 'content-type', 'last-event-id', 'x-request-id'];
/** Hop-by-hop or already undone by fetch (it decompresses): passing them on would break the body. */
const DROP_RESPONSE = new Set(['set-cookie', 'content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * The admin session as main holds it. The renderer never sees the token: the proxy adds it
 * to every request, takes it out of the sign-in answer, and forgets it at sign-out or when
 * the server says it is no longer valid.
 */
export interface ProxySession {
  token(serverUrl: string): Promise<string | null>;
  signedIn(serverUrl: string, token: string): Promise<void>;
  signedOut(serverUrl: string): Promise<void>;
}

export interface AppProtocolDeps {
  rendererDir: string;
  fs: Pick<FileSystem, 'readFile'>;
  /** Electron's net.fetch in the app. */
  fetch: typeof fetch;
  serverUrl: () => string | null;
  session: ProxySession;
}

/** Where a session is issued: the password step, or (two-factor on) the code step after it. */
const isLogin = (request: Request, url: URL) => request.method === 'POST' && (url.pathname === '/api/auth/login' || url.pathname === '/api/auth/login/two-factor');
const isLogout = (request: Request, url: URL) => request.method === 'POST' && url.pathname === '/api/auth/logout';
/** Where a 401 means the session is over (a 401 from the sign-in itself is a wrong password). */
const endsSession = (url: URL) => url.pathname === '/api/auth/session' || url.pathname.startsWith('/api/admin/');

/** The sign-in body as the desktop sends it: asking for the token, which only main keeps. */
async function desktopLogin(request: Request): Promise<ArrayBuffer | string> {
  const raw = await request.arrayBuffer();
  try {
    const body = JSON.parse(new TextDecoder().decode(raw)) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return JSON.stringify({ ...body, client: 'desktop' });
  } catch {
    // Not JSON: the server answers that in its own words.
  }
  return raw;
}

/**
 * The handler behind app://admin. Static files come from the renderer bundle; /api/* is
 * passed to the chosen server. The renderer thus stays same-origin (no CORS, a tight CSP)
 * while the server URL can change at run time. An unreachable server yields a network
 * error, exactly what a web page sees when it is offline.
 */
export function createAppProtocolHandler(deps: AppProtocolDeps): (request: Request) => Promise<Response> {
  const root = path.resolve(deps.rendererDir);

  async function serveStatic(pathname: string): Promise<Response> {
    let relative: string;
    try {
      relative = decodeURIComponent(pathname).replace(/^\/+/, '') || 'index.html';
    } catch {
      return new Response('Bad path', { status: 400 });
    }
    const file = path.resolve(root, relative);
    if (file !== root && !file.startsWith(root + path.sep)) return new Response('Not found', { status: 404 });
    const headers = { 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff' };
    try {
      const body = await deps.fs.readFile(file);
      return new Response(new Uint8Array(body), { headers: { ...headers, 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' } });
    } catch {
      if (path.extname(relative)) return new Response('Not found', { status: 404, headers });
      const index = await deps.fs.readFile(path.join(root, 'index.html'));
      return new Response(new Uint8Array(index), { headers: { ...headers, 'content-type': TYPES['.html'] } });
    }
  }

  async function proxy(request: Request, url: URL): Promise<Response> {
    const server = deps.serverUrl();
    if (!server) {
      return Response.json({ error: { code: 'unavailable', message: 'Choose a server first.' } }, { status: 503 });
    }
    const headers = new Headers();
    for (const name of FORWARD_REQUEST) {
      const value = request.headers.get(name);
      if (value) headers.set(name, value);
    }
    const token = await deps.session.token(server);
    if (token) headers.set('authorization', `Bearer ${token}`);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    let upstream: Response;
    try {
      upstream = await deps.fetch(`${server}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body: !hasBody ? undefined : isLogin(request, url) ? await desktopLogin(request) : await request.arrayBuffer(),
        redirect: 'manual',
      });
    } catch {
      return Response.error();
    }
    const out = new Headers();
    upstream.headers.forEach((value, name) => {
      if (!DROP_RESPONSE.has(name.toLowerCase())) out.set(name, value);
    });
    const answer = (body: BodyInit | null) => new Response(body, { status: upstream.status, statusText: upstream.statusText, headers: out });

    if (isLogin(request, url) && upstream.ok) {
      const { token: issued, ...rest } = (await upstream.json()) as { token?: unknown };
      if (typeof issued === 'string') await deps.session.signedIn(server, issued);
      return answer(JSON.stringify(rest));
    }
    if (isLogout(request, url) || (upstream.status === 401 && token && endsSession(url))) await deps.session.signedOut(server);
    return answer(upstream.body);
  }

  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return proxy(request, url);
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method not allowed', { status: 405 });
    return serveStatic(url.pathname);
  };
}
