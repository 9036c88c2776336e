import { describe, expect, it } from 'vitest';
import { personalDataIn } from './personal-data';

/** The log check of npm test (issue 27, point 4) finds what it must, and nothing else. */
describe('personal data in a log line', () => {
  it('finds an address (also URL-encoded), a test phone and a link secret', () => {
    const lines = [
      '{"msg":"sent","to":"ann.lee@example.com"}',
      '{"req":{"url":"/api/admin/registrations?q=ann%40example.com"}}',
      '{"msg":"sms","phone":"+919876543210"}',
      '{"req":{"url":"/join/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde"}}',
    ].join('\n');
    expect(personalDataIn(lines).map((f) => f.kind)).toEqual(['email address', 'email address', 'phone number', 'link secret']);
  });

  it('lets ids, times and redacted URLs through', () => {
    const line = '{"level":30,"time":1764300000000,"reqId":"0e3f3a4c-8f0e-4b8a-9a43-7a6866690595","req":{"url":"/api/booking/:secret?q=%5Bredacted%5D"},"responseTime":12.98765432109,"paymentId":"pay_LG3K5NR2DF4K8W"}';
    expect(personalDataIn(line)).toEqual([]);
  });
});
