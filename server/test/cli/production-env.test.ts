import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config';
import { builtSite, productionConfig, requireDatabaseUrl } from '../../src/cli/production-env';
import { PRODUCTION_ENV } from '../support/prod-process';

const dir = mkdtempSync(path.join(tmpdir(), 'wk-site-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the production configuration', () => {
  it('defaults NODE_ENV to production and accepts a complete environment', () => {
    const config = productionConfig({ ...PRODUCTION_ENV, DATABASE_URL: 'postgres://app@db:5432/workshop' });
    expect(config.isProduction).toBe(true);
    expect(config.publicBaseUrl).toBe('https://workshops.example.com');
  });

  it('refuses a missing site build with what to run', () => {
    expect(() => builtSite({ SITE_DIST: dir }, '/nowhere')).toThrow(new ConfigError(`The built site is missing (${path.join(dir, 'index.html')}): run npm run build first, or set SITE_DIST.`));
    writeFileSync(path.join(dir, 'index.html'), '<html></html>');
    expect(builtSite({ SITE_DIST: dir }, '/nowhere')).toBe(dir);
    // Without SITE_DIST: site/dist beside the server's dist folder (server/dist → ../../site/dist).
    expect(() => builtSite({}, path.join(dir, 'server/dist'))).toThrow(path.join(dir, 'site/dist/index.html'));
  });

  it('the release commands need DATABASE_URL and never fall back to an embedded database', () => {
    expect(() => requireDatabaseUrl({})).toThrow('DATABASE_URL: is required');
    expect(() => requireDatabaseUrl({ DATABASE_URL: 'mysql://x' })).toThrow('must be a postgres:// connection string');
    expect(requireDatabaseUrl({ DATABASE_URL: 'postgresql://a@b/c' })).toBe('postgresql://a@b/c');
  });
});
