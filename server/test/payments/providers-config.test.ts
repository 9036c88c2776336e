import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { resolveProviders } from '../../src/payments/providers.config';

const base = { DATABASE_URL: 'postgres://x@127.0.0.1/db' };
const full = {
  PUBLIC_BASE_URL: 'https://workshops.example.com',
  PAYPAL_CLIENT_ID: 'id',
  PAYPAL_CLIENT_SECRET: 'secret',
  PAYPAL_WEBHOOK_ID: 'WH-1',
  RAZORPAY_KEY_ID: 'rzp_live_x',
  RAZORPAY_KEY_SECRET: 'rs',
  RAZORPAY_WEBHOOK_SECRET: 'ws',
  SENDGRID_API_KEY: 'SG.x',
};

function messageOf(env: Record<string, string>): string {
  try {
    resolveProviders(loadConfig({ ...base, ...env }));
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  return '';
}

describe('provider credentials', () => {
  it('in production, a missing credential of an enabled provider stops start-up naming the variable', () => {
    for (const name of Object.keys(full)) {
      const env: Record<string, string> = { NODE_ENV: 'production', ...full };
      delete env[name];
      expect(messageOf(env)).toContain(name);
    }
  });

  it('in production, a disabled provider needs no credentials', () => {
    const { RAZORPAY_KEY_ID: _a, RAZORPAY_KEY_SECRET: _b, RAZORPAY_WEBHOOK_SECRET: _c, ...paypalOnly } = full;
    const setup = resolveProviders(loadConfig({ ...base, NODE_ENV: 'production', PAYMENT_PROVIDERS: 'paypal', ...paypalOnly }));
    expect(setup.usesSandbox).toBe(false);
    expect(setup.razorpay).toBeUndefined();
    expect(setup.paypal).toMatchObject({ clientId: 'id', sandbox: false });
  });

  it('outside production, absent credentials mean the sandbox; half a pair is an error', () => {
    const setup = resolveProviders(loadConfig({ ...base, NODE_ENV: 'development' }));
    expect(setup).toMatchObject({ usesSandbox: true, paypal: { sandbox: true }, razorpay: { sandbox: true }, sendgrid: { sandbox: true } });
    expect(messageOf({ RAZORPAY_KEY_ID: 'rzp_test_x' })).toContain('RAZORPAY_KEY_SECRET: required when RAZORPAY_KEY_ID is set');
  });
});
