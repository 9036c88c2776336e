import { spawnSync } from 'node:child_process';

/**
 * `npm run soak:money -- --minutes N`: the money model test for N minutes (default 10), printing
 * the cases run and any counterexample (with fast-check's seed and path to replay it).
 * `npm run soak:money -- --survey N`: N cases that never stop at a failure; prints each kind of
 * broken promise found and the case that first showed it.
 */
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : undefined;
};
const survey = arg('--survey');
const minutes = arg('--minutes') ?? 10;
if (!Number.isFinite(minutes) || minutes <= 0 || (survey !== undefined && !(Number.isInteger(survey) && survey > 0))) {
  console.error('usage: npm run soak:money -- --minutes N | --survey CASES');
  process.exit(2);
}
const r = spawnSync('npx', ['vitest', 'run', 'server/test/payments/money-model.test.ts', '--reporter=verbose'], {
  stdio: 'inherit',
  env: { ...process.env, ...(survey ? { MONEY_SURVEY_CASES: String(survey) } : { MONEY_SOAK_SECONDS: String(Math.round(minutes * 60)) }) },
});
process.exit(r.status ?? 1);
