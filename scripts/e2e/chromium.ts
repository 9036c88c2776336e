import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';

/**
 * Which Chromium the browser tests drive, in this order: CHROME_PATH (when set, only it), a
 * system `chromium` / `google-chrome` on PATH (the macOS app bundles too), then Playwright's own
 * download. `npm test` runs ensureChromium() first, which installs one where it can.
 */
export interface ChromiumHost {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  /** Where Playwright's own Chromium is, or would be once installed. */
  playwrightPath: () => string | undefined;
  /** The binary starts (`--version` exits 0): a snap stub or a half-removed package does not. */
  runs: (file: string) => boolean;
}

export type ChromiumSource = 'CHROME_PATH' | 'PATH' | 'playwright';
export interface FoundChromium {
  path: string;
  source: ChromiumSource;
}

export const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const MAC_APPS = ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium'];

export function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `command -v name` without a shell. */
export function onPath(name: string, envPath: string | undefined): string | undefined {
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

export function chromiumCandidates(host: Pick<ChromiumHost, 'env' | 'platform' | 'playwrightPath'>): FoundChromium[] {
  if (host.env.CHROME_PATH) return [{ path: host.env.CHROME_PATH, source: 'CHROME_PATH' }];
  const system = SYSTEM_NAMES.map((n) => onPath(n, host.env.PATH)).filter((p): p is string => !!p);
  if (host.platform === 'darwin') system.push(...MAC_APPS.filter(isExecutable));
  const own = host.playwrightPath();
  return [...system.map((p) => ({ path: p, source: 'PATH' as const })), ...(own ? [{ path: own, source: 'playwright' as const }] : [])];
}

/** The first candidate that exists and starts. */
export function findChromium(host: ChromiumHost = realHost()): FoundChromium | undefined {
  return chromiumCandidates(host).find((c) => isExecutable(c.path) && host.runs(c.path));
}

export function realHost(): ChromiumHost {
  return {
    env: process.env,
    platform: process.platform,
    playwrightPath: () => {
      try {
        return chromium.executablePath();
      } catch {
        return undefined; // a platform Playwright has no build for
      }
    },
    runs: (file) => spawnSync(file, ['--version'], { stdio: 'ignore', timeout: 20_000 }).status === 0,
  };
}

/** Playwright's own installer, run with this Node (no npx lookup). */
export function playwrightInstaller(): [string, string[]] {
  const pkg = createRequire(import.meta.url).resolve('playwright-core/package.json');
  return [process.execPath, [path.join(path.dirname(pkg), 'cli.js'), 'install', 'chromium']];
}

export interface EnsureHost extends ChromiumHost {
  isRoot: boolean;
  /** Runs an installer with its output shown; true when it exited 0. */
  install: (cmd: string, args: string[]) => boolean;
  log: (line: string) => void;
}

export type EnsureResult = ({ ok: true } & FoundChromium) | { ok: false; message: string };

/**
 * Finds a Chromium, or installs one where it can: Playwright's installer (needs its download
 * host), then, as root on Debian/Ubuntu, `apt-get install chromium`. Otherwise it answers with
 * one line telling exactly what to run.
 */
export function ensureChromium(host: EnsureHost): EnsureResult {
  const found = findChromium(host);
  if (found) return { ok: true, ...found };
  if (host.env.CHROME_PATH) {
    return { ok: false, message: `CHROME_PATH=${host.env.CHROME_PATH} is not a Chromium that starts: point it at one (e.g. /usr/bin/chromium) or unset it.` };
  }

  host.log('No Chromium found (CHROME_PATH, chromium or google-chrome on PATH, Playwright\'s own): trying Playwright\'s installer…');
  const [node, args] = playwrightInstaller();
  if (host.install(node, args)) {
    const own = findChromium(host);
    if (own) return { ok: true, ...own };
  }
  const apt = onPath('apt-get', host.env.PATH);
  if (apt && host.isRoot) {
    host.log('Playwright\'s download is not reachable: installing Debian\'s chromium with apt-get…');
    if (host.install(apt, ['update', '-q']) && host.install(apt, ['install', '-y', '-q', 'chromium'])) {
      const system = findChromium(host);
      if (system) return { ok: true, ...system };
    }
    return { ok: false, message: 'No Chromium for the browser tests and apt-get could not install one: run `apt-get update && apt-get install -y chromium`, or set CHROME_PATH to a Chrome or Chromium binary.' };
  }
  if (apt) return { ok: false, message: 'No Chromium for the browser tests: run `sudo apt-get install -y chromium`, or set CHROME_PATH to a Chrome or Chromium binary.' };
  return { ok: false, message: 'No Chromium for the browser tests: run `npx playwright-core install chromium` where its download host is reachable, or set CHROME_PATH to a Chrome or Chromium binary.' };
}
