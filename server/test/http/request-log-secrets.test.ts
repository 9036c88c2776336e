import { describe, expect, it } from 'vitest';
import { loggableUrl } from '../../src/http/request-log';

/** What the request log keeps of a URL: nothing that opens a booking or resets a password. */
describe('the request log', () => {
  it('keeps no link secret: tokens in the query or the path are replaced, the rest stays', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
    expect(loggableUrl(`/admin/reset-password?token=${token}`)).toBe('/admin/reset-password?token=%5Bredacted%5D');
    expect(loggableUrl(`/api/booking/${token}/cancel`)).toBe('/api/booking/:secret/cancel');
    expect(loggableUrl(`/?recover=${token}&utm_source=email`)).toBe('/?recover=%5Bredacted%5D&utm_source=email');
    expect(loggableUrl('/api/admin/registrations?q=ann&page=2')).toBe('/api/admin/registrations?q=ann&page=2');
  });
});
