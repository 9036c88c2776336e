/**
 * npm test's last step (issue 27, point 4): every test server of the run logged at info level to
 * WK_TEST_LOG_DIR; not one line may hold a buyer's email, phone or link secret. `--clean` empties
 * the folder before a run. A run that logged (almost) nothing fails too: the check would prove nothing.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { personalDataIn } from './logs/personal-data';

const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--')) ?? 'artifacts/test-logs';
if (args.includes('--clean')) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.exit(0);
}
const files = readdirSync(dir).filter((f) => f.endsWith('.log'));
let lines = 0;
const findings = files.flatMap((f) => {
  const text = readFileSync(path.join(dir, f), 'utf8');
  lines += text.split('\n').length;
  return personalDataIn(text).map((x) => ({ ...x, file: f }));
});
const MIN_LINES = 1000;
if (lines < MIN_LINES) {
  console.error(`test logs: only ${lines} lines in ${dir} (at least ${MIN_LINES} expected): did the servers log?`);
  process.exit(1);
}
if (findings.length) {
  console.error(`test logs: ${findings.length} lines hold personal data or a secret:`);
  for (const f of findings.slice(0, 30)) console.error(`  ${f.file}: ${f.kind} ${JSON.stringify(f.match)} in ${f.line}`);
  process.exit(1);
}
console.log(`test logs: ${lines} lines in ${files.length} files, no email, phone or link secret`);
