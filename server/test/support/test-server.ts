import path from 'node:path';
import { destination as logDestination, type DestinationStream } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Db } from '../../src/db/knex';
import { startServer, type RunningServer, type StartOptions } from '../../src/server';
import { createAdminUser } from '../../src/auth/auth.queries';
import { hashPassword } from '../../src/auth/password';
import { createTestDb, type TestDb } from './test-db';

export interface TestServer extends RunningServer {
  testDb: TestDb;
  stop: () => Promise<void>;
}

/** The test servers' configuration: rate limits raised unless a test sets them. */
export function testConfig(env: Record<string, string>, databaseUrl: string) {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_FORMS_MAX: '100000',
    RATE_LIMIT_LOGIN_MAX: '100000',
    RATE_LIMIT_CALLBACK_MAX: '100000',
    RATE_LIMIT_WEBHOOK_REFUSED_MAX: '100000',
    // Every test buyer comes from 127.0.0.1; the per-IP hold cap has a test of its own.
    HOLDS_PER_IP: '100000',
    DATABASE_POOL_MAX: '20',
    ...env,
    DATABASE_URL: databaseUrl,
  });
}

/**
 * With WK_TEST_LOG_DIR set (npm test sets it), every test server of this worker logs at info level
 * to one file there, and scripts/check-test-logs.ts reads them all once the run is over: no
 * buyer's email, phone or link secret may be in a log (issue 27, point 4).
 */
let logFile: DestinationStream | undefined;
function runLog(): { env: Record<string, string>; destination?: DestinationStream } {
  const dir = process.env.WK_TEST_LOG_DIR;
  if (!dir) return { env: {} };
  // Written at once: a test worker that exits does not wait for a buffer to drain.
  logFile ??= logDestination({ dest: path.join(dir, `server-${process.pid}.log`), sync: true, mkdir: true, append: true });
  return { env: { LOG_LEVEL: 'info' }, destination: logFile };
}

/** The real server on a random port over a fresh database; rate limits raised unless a test sets them. */
export async function startTestServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  const testDb = await createTestDb();
  const log = runLog();
  const server = await startServer(testConfig({ ...log.env, ...env }, testDb.url), { ...(log.destination ? { logDestination: log.destination } : {}), ...options });
  return {
    ...server,
    testDb,
    stop: async () => {
      await server.close();
      await testDb.drop();
    },
  };
}

/** Another instance of the server over the same database, as behind a load balancer. */
export function startAnotherInstance(server: TestServer, env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(testConfig(env, server.testDb.url));
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export type ApiClient = <T = any>(method: string, path: string, opts?: RequestOptions) => Promise<ApiResponse<T>>;

/** Real HTTP against the running server; JSON in, JSON (or text) out. */
export function client(baseUrl: string): ApiClient {
  return async function request<T = any>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.body !== undefined) headers['content-type'] ??= 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await fetch(baseUrl + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
      redirect: 'manual',
    });
    // Bytes as sent: a byte order mark stays (Response.text() would drop it).
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    let body: unknown = text;
    if (res.headers.get('content-type')?.includes('json') && text) body = JSON.parse(text);
    return { status: res.status, body: body as T, headers: res.headers, text };
  };
}

export const ADMIN = { email: 'admin@test.local', password: 'correct horse battery' };

/** Creates an admin and signs in through the API as the desktop app does; returns the bearer token. */
export async function adminToken(server: TestServer, user = ADMIN): Promise<string> {
  await createAdminUser(server.deps.db, user.email, await hashPassword(user.password));
  const res = await client(server.url)('POST', '/api/auth/login', { body: { ...user, client: 'desktop' } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return res.body.token as string;
}

export interface UseTestServerOptions {
  env?: Record<string, string>;
  /** Sign an admin in (ADMIN) once the server is up, for `token`. */
  admin?: boolean;
}

export interface TestServerHandle {
  readonly server: TestServer;
  readonly api: ApiClient;
  readonly db: Db;
  readonly token: string;
}

/**
 * One server over a fresh database for the whole test file: started in beforeAll, stopped in afterAll.
 * The values are getters because they only exist once beforeAll has run: read them inside tests and
 * hooks, never at module level or by destructuring the handle there.
 */
export function useTestServer({ env = {}, admin = false }: UseTestServerOptions = {}): TestServerHandle {
  let server: TestServer | undefined;
  let api: ApiClient | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    server = await startTestServer(env);
    api = client(server.url);
    if (admin) token = await adminToken(server);
  });
  afterAll(() => server?.stop());

  const started = <T>(value: T | undefined, name: string): T => {
    if (value !== undefined) return value;
    throw new Error(name === 'token' && server ? 'useTestServer: no token; pass { admin: true } to sign an admin in' : `useTestServer: ${name} is read before beforeAll ran`);
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get api() {
      return started(api, 'api');
    },
    get db() {
      return started(server, 'server').deps.db;
    },
    get token() {
      return started(token, 'token');
    },
  };
}
