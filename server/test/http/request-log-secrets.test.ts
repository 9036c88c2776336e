import { describe, expect, it } from 'vitest';
import { loggableUrl } from '../../src/http/request-log';

/** What the request log keeps of a URL: nothing that opens a booking or resets a password. */
describe('the request log', () => {
  it('keeps no link secret: tokens in the query or the path are replaced, the rest stays', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
    expect(loggableUrl(`/admin/reset-password?token=${token}`)).toBe('/admin/reset-password?token=%5Bredacted%5D');
    expect(loggableUrl(`/api/booking/${token}/cancel`)).toBe('/api/booking/:secret/cancel');
    expect(loggableUrl(`/?recover=${token}&utm_source=email`)).toBe('/?recover=%5Bredacted%5D&utm_source=email');
    expect(loggableUrl('/api/certificates/0e9efd5373fa1180b14c/pdf')).toBe('/api/certificates/:secret/pdf');
    expect(loggableUrl('/api/admin/registrations?status=completed&page=2')).toBe('/api/admin/registrations?status=completed&page=2');
  });

  it('keeps no person: a search, or the thank-you page’s name and address, are replaced (issue 27, point 4)', () => {
    expect(loggableUrl('/api/admin/registrations?q=ann%40example.com&page=2')).toBe('/api/admin/registrations?q=%5Bredacted%5D&page=2');
    expect(loggableUrl('/sandbox/sendgrid/messages?to=a%40example.com')).toBe('/sandbox/sendgrid/messages?to=%5Bredacted%5D');
    expect(loggableUrl('/thank-you?payment=success&accessId=NC-ABCD2345&name=Ann+Lee&email=ann%40example.com')).toBe('/thank-you?payment=success&accessId=NC-ABCD2345&name=%5Bredacted%5D&email=%5Bredacted%5D');
  });

  it('keeps only what it knows: an unknown parameter, an address or a phone number in any place is left out (a fuzzer found them)', () => {
    expect(loggableUrl('/api/site?%F1%9D%BB%B2=ada%40example.com')).toBe('/api/site?other_params=1');
    expect(loggableUrl('/api/site?status=9876543210&status=completed')).toBe('/api/site?status=%5Bredacted%5D&status=completed');
    expect(loggableUrl('/api/auth/logout?status=ada%40example.com&page=2&ada%40example.com=x')).toBe('/api/auth/logout?status=%5Bredacted%5D&page=2&other_params=1');
    expect(loggableUrl('/api/booking/n/credit-notes/ada%40example.com.pdf')).toBe('/api/booking/n/credit-notes/:redacted');
    expect(loggableUrl('/api/booking/9876543210/credit-notes/bf3f06a6-4cfa-4cc6-9d2b-e2b78977ffc9.pdf')).toBe('/api/booking/:redacted/credit-notes/bf3f06a6-4cfa-4cc6-9d2b-e2b78977ffc9.pdf');
    expect(loggableUrl('/api/workshops/bf3f06a6-4cfa-4cc6-9d2b-e2b78977ffc9/register')).toBe('/api/workshops/bf3f06a6-4cfa-4cc6-9d2b-e2b78977ffc9/register');
    expect(loggableUrl('/api/admin/invoices?from=2026-01-01&to=2026-12-31&PayerID=QWERTY123')).toBe('/api/admin/invoices?from=2026-01-01&to=2026-12-31&PayerID=%5Bredacted%5D');
  });
});
