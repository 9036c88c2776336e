import { isIP } from 'node:net';
import { type Config, ConfigError } from '../config';

/** Whether an address to listen on is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || /^::ffff:127\./.test(h);
  return false;
}

/**
 * The provider sandbox (every email sent, outage switches, a fake PayPal) has no
 * authentication. It is mounted on the main server only when that server listens on a
 * loopback address, or when SANDBOX=on says exposing it is intended (a shared demo).
 * Anything else stops start-up with the reason and the ways out. `usesSandbox`: some provider
 * runs without credentials (the payments domain says which). Answers whether the
 * sandbox is exposed on purpose (worth a warning in the log).
 */
export function assertSandboxNotExposed(config: Config, usesSandbox: boolean): boolean {
  if (isLoopbackHost(config.HOST) || !usesSandbox) return false;
  if (config.SANDBOX === 'on') return true;
  throw new ConfigError(
    [
      'Invalid configuration:',
      `  HOST=${config.HOST}: without provider credentials the server runs the built-in provider sandbox, which has no`,
      '  authentication: anyone who can reach this address could read every email sent and switch provider outages on.',
      '  Listen on 127.0.0.1 (the default), set the PayPal, Razorpay and SendGrid credentials, or set SANDBOX=on to expose',
      '  the sandbox on purpose.',
    ].join('\n'),
  );
}
