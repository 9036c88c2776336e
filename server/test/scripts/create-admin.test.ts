import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/auth/password';
import { createTestDb, type TestDb } from '../support/test-db';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The README's command, for real: npm run admin:create -- --email E --password P.
 * The refusals run the same script without npm in front, to keep the suite quick.
 */
function adminCreate(args: string[], databaseUrl: string, viaNpm = false): Promise<{ code: number | null; out: string; err: string }> {
  const [cmd, argv] = viaNpm
    ? ['npm', ['run', '--silent', 'admin:create', '--', ...args]]
    : [path.join(root, 'node_modules/.bin/tsx'), ['scripts/create-admin.ts', ...args]];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, npm_config_loglevel: 'error' },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.drop());

describe('npm run admin:create', () => {
  it('creates an admin who can sign in', async () => {
    const res = await adminCreate(['--email', 'First@Example.com', '--password', 'first-admin-pass'], t.url, true);
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(res.out).toContain('Admin user created successfully for First@Example.com');
    const user = await t.db('users as u').join('user_roles as r', 'r.user_id', 'u.id').where('u.email', 'First@Example.com').first('u.password_hash', 'r.role');
    expect(user.role).toBe('admin');
    expect(await verifyPassword('first-admin-pass', user.password_hash)).toBe(true);
  });

  it('refuses missing values with the SPEC message and a duplicate email, creating nothing', async () => {
    const missing = await adminCreate(['--email', 'x@example.com'], t.url);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Email and password are required');
    const dup = await adminCreate(['--email', 'first@example.com', '--password', 'another-pass'], t.url);
    expect(dup.code).toBe(1);
    expect(dup.err).toContain('already exists');
    expect(await t.db('users').count('* as n').first()).toEqual({ n: 1 });
  });
});
