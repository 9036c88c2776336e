import { spawnSync } from 'node:child_process';
import { ensureChromium, realHost } from './e2e/chromium';

/** First step of `npm test`: a Chromium for the browser tests, or one line saying what to run. */
const result = ensureChromium({
  ...realHost(),
  isRoot: process.getuid?.() === 0,
  install: (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', timeout: 15 * 60_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0,
  log: (line) => console.error(line),
});
if (result.ok) {
  console.log(`Chromium for the browser tests: ${result.path} (${result.source})`);
} else {
  console.error(result.message);
  process.exit(1);
}
