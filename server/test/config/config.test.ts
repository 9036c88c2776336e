import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const DB = 'postgres://app:pw@db.internal:5432/workshop';

function problems(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('expected loadConfig to refuse');
}

describe('loadConfig', () => {
  it('has working defaults with only DATABASE_URL set', () => {
    const c = loadConfig({ DATABASE_URL: DB });
    expect(c).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', SANDBOX: 'off', HOLD_MINUTES: 10, HOLDS_PER_IP: 3, SESSION_TTL_HOURS: 720, LOG_LEVEL: 'info', TRUST_PROXY: false, isProduction: false });
    expect(c.publicBaseUrl).toBe('http://localhost:3000');
  });

  it('reads values from the environment', () => {
    const c = loadConfig({ DATABASE_URL: DB, PORT: '8080', HOLD_MINUTES: '15', TRUST_PROXY: 'true', PUBLIC_BASE_URL: 'https://workshops.example.com/', NODE_ENV: 'test' });
    expect(c).toMatchObject({ PORT: 8080, HOLD_MINUTES: 15, TRUST_PROXY: 1, publicBaseUrl: 'https://workshops.example.com' });
  });

  it('takes TRUST_PROXY as true or false, a hop count, or the proxies\' addresses', () => {
    expect(loadConfig({ DATABASE_URL: DB, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ DATABASE_URL: DB, TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ DATABASE_URL: DB, TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ DATABASE_URL: DB, TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,loopback,::1' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback', '::1']);
    expect(problems({ DATABASE_URL: DB, TRUST_PROXY: '10.0.0.1,proxy.internal' })).toContain(
      'TRUST_PROXY: must be "true", "false", a hop count from 1 to 10, or the proxies\' addresses, such as 10.0.0.1,10.0.0.0/8 or loopback (got "10.0.0.1,proxy.internal")',
    );
  });

  it('bounds how long a provider call may take (a refund claim outlives any call)', () => {
    expect(loadConfig({ DATABASE_URL: DB }).PROVIDER_TIMEOUT_MS).toBe(20_000);
    expect(loadConfig({ DATABASE_URL: DB, PROVIDER_TIMEOUT_MS: '5000' }).PROVIDER_TIMEOUT_MS).toBe(5000);
    expect(problems({ DATABASE_URL: DB, PROVIDER_TIMEOUT_MS: '500' })).toContain('PROVIDER_TIMEOUT_MS: must be at least 1000 (got "500")');
    expect(problems({ DATABASE_URL: DB, PROVIDER_TIMEOUT_MS: '90000' })).toContain('PROVIDER_TIMEOUT_MS: must be at most 60000 (got "90000")');
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ DATABASE_URL: DB, PORT: '', HOLD_MINUTES: '' })).toMatchObject({ PORT: 3000, HOLD_MINUTES: 10 });
  });

  it('names every bad value, with what was given, in one message', () => {
    const message = problems({
      DATABASE_URL: DB,
      PORT: 'eighty',
      HOLD_MINUTES: '0',
      SESSION_TTL_HOURS: '1.5',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'yes',
      PUBLIC_BASE_URL: 'workshops',
      NODE_ENV: 'prod',
    });
    expect(message.split('\n')[0]).toBe('Invalid configuration:');
    expect(message).toContain('PORT: must be a whole number from 0 to 65535 (got "eighty")');
    expect(message).toContain('HOLD_MINUTES: must be a whole number above 0 (got "0")');
    expect(message).toContain('SESSION_TTL_HOURS: must be a whole number above 0 (got "1.5")');
    expect(message).toMatch(/LOG_LEVEL: .*"info".* \(got "loud"\)/);
    expect(message).toMatch(/TRUST_PROXY: .*"true".* \(got "yes"\)/);
    expect(message).toContain('PUBLIC_BASE_URL: must be a full URL such as https://workshops.example.com (got "workshops")');
    expect(message).toMatch(/NODE_ENV: .*"production".* \(got "prod"\)/);
  });

  it('explains a missing or wrong DATABASE_URL without echoing it (it may hold a password)', () => {
    expect(problems({})).toContain('DATABASE_URL: is required (postgres://user:password@host:5432/database)');
    const wrong = problems({ DATABASE_URL: 'mysql://root:hunter2@db/app' });
    expect(wrong).toContain('DATABASE_URL: must be a postgres:// connection string');
    expect(wrong).not.toContain('hunter2');
  });

  it('refuses a port out of range', () => {
    expect(problems({ DATABASE_URL: DB, PORT: '70000' })).toContain('PORT: must be a whole number from 0 to 65535 (got "70000")');
  });
});
