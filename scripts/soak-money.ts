import { spawnSync } from 'node:child_process';

/**
 * `npm run soak:money -- --minutes N`: the money model test for N minutes (default 10), printing
 * the cases run and any counterexample (with fast-check's seed and path to replay it).
 */
const i = process.argv.indexOf('--minutes');
const minutes = i > 0 ? Number(process.argv[i + 1]) : 10;
if (!Number.isFinite(minutes) || minutes <= 0) {
  console.error('usage: npm run soak:money -- --minutes N');
  process.exit(2);
}
const r = spawnSync('npx', ['vitest', 'run', 'server/test/payments/money-model.test.ts', '--reporter=verbose'], {
  stdio: 'inherit',
  env: { ...process.env, MONEY_SOAK_SECONDS: String(Math.round(minutes * 60)) },
});
process.exit(r.status ?? 1);
