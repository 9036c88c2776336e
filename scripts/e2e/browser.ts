import { chromium, type Browser } from 'playwright-core';
import { findChromium, type FoundChromium } from './chromium';

let found: FoundChromium | undefined;

/**
 * The Chromium `npm test` made sure of (CHROME_PATH, a system chromium/google-chrome, or
 * Playwright's own; see ./chromium.ts), with the flags this machine needs.
 */
export function launchChromium(): Promise<Browser> {
  found ??= findChromium();
  if (!found) return Promise.reject(new Error('No Chromium for the browser tests: run `node_modules/.bin/tsx scripts/ensure-chromium.ts` (npm test runs it first) or set CHROME_PATH.'));
  return chromium.launch({
    executablePath: found.path,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}
