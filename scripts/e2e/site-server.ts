import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import { startTestServer, type TestServer } from '../../server/test/support/test-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_DIST = path.join(root, 'site', 'dist');

/** The real server over a fresh database, serving the production build of the site (npm test builds it first). */
export async function startSiteServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!existsSync(path.join(SITE_DIST, 'index.html'))) {
    throw new Error('site/dist is missing: run `npm run build` first (npm test does).');
  }
  return startTestServer(env, { siteDist: SITE_DIST });
}
