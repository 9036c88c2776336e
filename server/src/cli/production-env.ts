import { existsSync } from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from '../config';
import { resolveProviders } from '../payments/providers.config';

const problemsOf = (err: ConfigError) => err.message.split('\n').filter((line) => line.startsWith('  '));

/**
 * The configuration `npm run start:prod` accepts: NODE_ENV=production (the default when unset;
 * any other value is refused, so a production build never mounts the provider sandbox),
 * DATABASE_URL, PUBLIC_BASE_URL and every credential of every enabled provider. One run names
 * everything that is missing, not only the first thing.
 */
export function productionConfig(env: NodeJS.ProcessEnv): Config {
  const problems: string[] = [];
  if (env.NODE_ENV && env.NODE_ENV !== 'production') {
    problems.push(`  NODE_ENV: must be production for start:prod (got "${env.NODE_ENV}"); npm start is the development server`);
  }
  const given = { ...env, NODE_ENV: 'production' };
  let config: Config | undefined;
  try {
    config = loadConfig(given);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    problems.push(...problemsOf(err));
  }
  try {
    // Checked even when DATABASE_URL is missing, so the operator sees every gap at once.
    resolveProviders(config ?? loadConfig({ ...given, DATABASE_URL: 'postgres://placeholder/check' }));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    problems.push(...problemsOf(err));
  }
  if (problems.length || !config) throw new ConfigError(`Invalid configuration:\n${[...new Set(problems)].join('\n')}`);
  return config;
}

/** The built site start:prod serves: SITE_DIST, else site/dist next to the server's dist folder. */
export function builtSite(config: Pick<Config, 'SITE_DIST'>, distDir: string): string {
  const siteDist = path.resolve(config.SITE_DIST ?? path.join(distDir, '../../site/dist'));
  if (!existsSync(path.join(siteDist, 'index.html'))) {
    throw new ConfigError(`The built site is missing (${path.join(siteDist, 'index.html')}): run npm run build first, or set SITE_DIST.`);
  }
  return siteDist;
}

/** The release-step commands need only the database, and never fall back to an embedded one. */
export function requireDatabaseUrl(env: NodeJS.ProcessEnv): string {
  const url = env.DATABASE_URL?.trim();
  if (!url) throw new ConfigError('Invalid configuration:\n  DATABASE_URL: is required (postgres://user:password@host:5432/database)');
  if (!/^postgres(ql)?:\/\//.test(url)) throw new ConfigError('Invalid configuration:\n  DATABASE_URL: must be a postgres:// connection string');
  return url;
}
