import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, SENDGRID_TIMEOUT_MS } from '../../src/email/email.worker';
import { errorText } from '../../src/http/error-text';

// The network edge only: a "SendGrid" that accepts the request and never answers.
let silent: Server;
let baseUrl: string;
beforeAll(async () => {
  silent = createServer(() => {});
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((r) => silent.close(r));
});

describe('a SendGrid that never answers', () => {
  it('fails the send after the timeout instead of holding a worker slot (and the refunds behind it) forever', async () => {
    const mailer = createMailer({ apiKey: 'SG.test-key', baseUrl, timeoutMs: 300 });
    const started = Date.now();
    const sent = mailer.send({ to: 'buyer@example.com', from: 'hello@example.com', subject: 'Hi', text: 'Hi' });
    await expect(sent).rejects.toThrow(/timeout/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(SENDGRID_TIMEOUT_MS).toBe(30_000);
  });
});

describe('errorText', () => {
  it('cuts by characters, never through an emoji, so the text fits a jsonb column', () => {
    const text = errorText(new Error(`${'a'.repeat(9)}😀 and more`), 10);
    expect(text).toBe(`${'a'.repeat(9)}😀`);
    expect(() => JSON.parse(JSON.stringify({ text }))).not.toThrow();
    expect(encodeURIComponent(text)).toBeTruthy(); // throws on a lone surrogate
  });
});
