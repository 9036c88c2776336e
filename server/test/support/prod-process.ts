import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../../scripts/build-server';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** package.json's scripts: the tests run exactly these command lines. */
export const scripts: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;

/**
 * What `npm run build` produces for start:prod, made once per test run by the global setup (test
 * files run in parallel and must not rebuild under each other's running servers): the server is
 * always rebuilt (esbuild, well under a second, so no test runs a stale bundle); the site only
 * when missing (npm test has just built it).
 */
export async function buildForProductionTests(): Promise<void> {
  await buildServer();
  if (existsSync(path.join(root, 'site/dist/index.html'))) return;
  // vitest sets NODE_ENV=test, which would make the server-side bundle ask for React's dev JSX runtime.
  const built = await run('npm', ['run', 'build', '--workspace', 'site'], { NODE_ENV: 'production' });
  if (built.code !== 0) throw new Error(`site build failed:\n${built.out}`);
}

/** The test files that spawn the built server check it is there (the global setup built it). */
export function ensureBuilt(): void {
  for (const file of ['server/dist/main.js', 'site/dist/index.html']) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is missing: the global setup builds it (server/test/support/global-setup.ts)`);
  }
}

/** Everything a production start needs besides DATABASE_URL: credentials are stand-ins, never called. */
export const PRODUCTION_ENV: Record<string, string> = {
  PUBLIC_BASE_URL: 'https://workshops.example.com',
  PAYPAL_CLIENT_ID: 'test-paypal-client',
  PAYPAL_CLIENT_SECRET: 'test-paypal-secret',
  PAYPAL_WEBHOOK_ID: 'WH-TEST',
  RAZORPAY_KEY_ID: 'rzp_test_key',
  RAZORPAY_KEY_SECRET: 'test-razorpay-secret',
  RAZORPAY_WEBHOOK_SECRET: 'test-razorpay-webhook-secret',
  SENDGRID_API_KEY: 'SG.test-key',
};

/** A clean environment: nothing from the test runner (vitest sets NODE_ENV=test) leaks in. */
export function baseEnv(extra: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...extra };
}

export interface Proc {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  /** Resolves with the port once the server logged "server listening"; rejects if it exits first. */
  listening: () => Promise<number>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

/**
 * Spawns a package.json command line (e.g. `node … server/dist/main.js`) without a shell, or
 * through `npm run` itself (`viaNpm`), as a deployment's process manager does: then a signal goes
 * to npm, which must pass it on.
 */
export function spawnScript(name: string, env: Record<string, string>, args: string[] = [], viaNpm = false): Proc {
  const [cmd, ...argv] = viaNpm ? ['npm', 'run', '--silent', name, ...(args.length ? ['--'] : [])] : scripts[name].replace(/^exec\s+/, '').split(/\s+/);
  const child = spawn(cmd, [...argv, ...args], { cwd: root, env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const listening = () =>
    new Promise<number>((resolve, reject) => {
      const check = () => {
        const line = out.split('\n').find((l) => l.includes('"server listening"'));
        if (line) return resolve(JSON.parse(line).port);
        if (child.exitCode !== null) return reject(new Error(`${name} exited (${child.exitCode}) before listening:\n${out}`));
        setTimeout(check, 50);
      };
      check();
    });
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null) child.kill(signal);
    return exited;
  };
  return { child, output: () => out, exited, listening, stop };
}

/** Runs a command to completion. */
export function run(cmd: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}
