import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureChromium, findChromium, playwrightInstaller, type EnsureHost } from '../e2e/chromium';

/**
 * The resolver and installer on a fake machine: PATH folders holding little shell scripts that
 * stand in for chromium, google-chrome and apt-get. Installers are recorded, never run.
 */
const base = mkdtempSync(path.join(tmpdir(), 'wk-chromium-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

let dir: string;
let n = 0;
beforeEach(() => {
  dir = path.join(base, String(n++));
  mkdirSync(path.join(dir, 'bin'), { recursive: true });
});

function fakeBinary(file: string, works = true): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, works ? '#!/bin/sh\necho "Chromium 140.0"\n' : '#!/bin/sh\necho "please install the snap" >&2\nexit 1\n');
  chmodSync(file, 0o755);
  return file;
}
const bin = (name: string) => path.join(dir, 'bin', name);

interface Fake extends EnsureHost {
  installs: string[];
  lines: string[];
}

/** A fake host; `onInstall` decides what an installer run does to the fake machine. */
function host(options: { env?: Record<string, string>; isRoot?: boolean; onInstall?: (cmd: string, args: string[]) => boolean } = {}): Fake {
  const installs: string[] = [];
  const lines: string[] = [];
  return {
    env: { PATH: path.join(dir, 'bin'), ...options.env },
    platform: 'linux',
    playwrightPath: () => path.join(dir, 'ms-playwright/chromium-1/chrome-linux64/chrome'),
    runs: (file) => spawnSync(file, ['--version'], { stdio: 'ignore' }).status === 0,
    isRoot: options.isRoot ?? false,
    install: (cmd, args) => {
      installs.push([path.basename(cmd), ...args.map((a) => (a.endsWith('cli.js') ? 'playwright-core/cli.js' : a))].join(' '));
      return options.onInstall?.(cmd, args) ?? false;
    },
    log: (line) => lines.push(line),
    installs,
    lines,
  };
}

describe('finding a Chromium', () => {
  it('prefers CHROME_PATH, then chromium / google-chrome on PATH, then Playwright\'s own', () => {
    const own = fakeBinary(path.join(dir, 'ms-playwright/chromium-1/chrome-linux64/chrome'));
    expect(findChromium(host())).toEqual({ path: own, source: 'playwright' });
    fakeBinary(bin('google-chrome'));
    expect(findChromium(host())).toEqual({ path: bin('google-chrome'), source: 'PATH' });
    fakeBinary(bin('chromium'));
    expect(findChromium(host())).toEqual({ path: bin('chromium'), source: 'PATH' });
    const chosen = fakeBinary(path.join(dir, 'custom/chrome'));
    expect(findChromium(host({ env: { CHROME_PATH: chosen } }))).toEqual({ path: chosen, source: 'CHROME_PATH' });
  });

  it('skips a binary that does not start (a snap stub) and one that is not executable', () => {
    fakeBinary(bin('chromium'), false);
    writeFileSync(bin('chromium-browser'), 'not a program');
    fakeBinary(bin('google-chrome-stable'));
    expect(findChromium(host())).toEqual({ path: bin('google-chrome-stable'), source: 'PATH' });
  });

  it('already there: installs nothing', () => {
    fakeBinary(bin('chromium'));
    const h = host({ isRoot: true });
    expect(ensureChromium(h)).toEqual({ ok: true, path: bin('chromium'), source: 'PATH' });
    expect(h.installs).toEqual([]);
  });

  it('a CHROME_PATH that does not start stops at once: installing something else would hide the mistake', () => {
    fakeBinary(bin('chromium'));
    const h = host({ env: { CHROME_PATH: path.join(dir, 'missing/chrome') }, isRoot: true });
    expect(ensureChromium(h)).toEqual({ ok: false, message: `CHROME_PATH=${path.join(dir, 'missing/chrome')} is not a Chromium that starts: point it at one (e.g. /usr/bin/chromium) or unset it.` });
    expect(h.installs).toEqual([]);
  });
});

describe('installing one where it can', () => {
  it('uses Playwright\'s installer first, where its download host answers', () => {
    const h = host({ onInstall: () => (fakeBinary(path.join(dir, 'ms-playwright/chromium-1/chrome-linux64/chrome')), true) });
    expect(ensureChromium(h)).toMatchObject({ ok: true, source: 'playwright' });
    expect(h.installs).toEqual([`${path.basename(process.execPath)} playwright-core/cli.js install chromium`]);
    expect(h.lines).toHaveLength(1);
  });

  it('as root on Debian, falls back to apt-get when Playwright\'s download is refused', () => {
    fakeBinary(bin('apt-get'));
    // Playwright's installer fails; apt-get's update and install succeed, the install putting chromium on PATH.
    const h = host({ isRoot: true, onInstall: (cmd, args) => cmd === bin('apt-get') && (args[0] !== 'install' || !!fakeBinary(bin('chromium'))) });
    expect(ensureChromium(h)).toEqual({ ok: true, path: bin('chromium'), source: 'PATH' });
    expect(h.installs.slice(1)).toEqual(['apt-get update -q', 'apt-get install -y -q chromium']);
  });

  it('otherwise stops with one line saying exactly what to run', () => {
    const noApt = host();
    const r1 = ensureChromium(noApt);
    expect(r1).toEqual({ ok: false, message: 'No Chromium for the browser tests: run `npx playwright-core install chromium` where its download host is reachable, or set CHROME_PATH to a Chrome or Chromium binary.' });

    fakeBinary(bin('apt-get'));
    const notRoot = host();
    const r2 = ensureChromium(notRoot);
    expect(r2).toEqual({ ok: false, message: 'No Chromium for the browser tests: run `sudo apt-get install -y chromium`, or set CHROME_PATH to a Chrome or Chromium binary.' });
    expect(notRoot.installs).toHaveLength(1); // Playwright's installer only: apt-get needs root

    const aptFails = host({ isRoot: true });
    const r3 = ensureChromium(aptFails);
    expect(r3).toMatchObject({ ok: false, message: expect.stringContaining('run `apt-get update && apt-get install -y chromium`') });
    for (const r of [r1, r2, r3]) expect(r.ok === false && r.message.includes('\n')).toBe(false);
  });

  it('runs Playwright\'s real installer script, with this Node', () => {
    const [cmd, args] = playwrightInstaller();
    expect(cmd).toBe(process.execPath);
    expect(spawnSync(cmd, [args[0], '--help'], { encoding: 'utf8' }).stdout).toContain('install');
    expect(args.slice(1)).toEqual(['install', 'chromium']);
  });
});

describe('scripts/ensure-chromium.ts, the first step of npm test', () => {
  const tsx = path.resolve('node_modules/.bin/tsx');
  it('names the Chromium it found, and a broken CHROME_PATH in one line', () => {
    fakeBinary(bin('chromium'));
    const ok = spawnSync(tsx, ['scripts/ensure-chromium.ts'], { encoding: 'utf8', env: { ...process.env, CHROME_PATH: bin('chromium') } });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe(`Chromium for the browser tests: ${bin('chromium')} (CHROME_PATH)\n`);
    const bad = spawnSync(tsx, ['scripts/ensure-chromium.ts'], { encoding: 'utf8', env: { ...process.env, CHROME_PATH: '/nowhere/chrome' } });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('CHROME_PATH=/nowhere/chrome is not a Chromium that starts: point it at one (e.g. /usr/bin/chromium) or unset it.\n');
  });
});
