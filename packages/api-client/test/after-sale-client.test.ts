import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../src/index';

const answering = (body: unknown, calls: string[] = []) =>
  createApiClient({
    fetch: async (url, init) => {
      calls.push(`${init?.method} ${String(url)} ${init?.body ?? ''}`.trim());
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });

const message = { id: 'm1', workshop_id: 'w1', subject: 'Hi', body: 'Hello', sent_by: null, created_at: '2026-01-01T00:00:00Z', recipients: [] };

describe('after-sale client', () => {
  it('calls the after-sale paths and hands back answers of the shared shapes', async () => {
    const calls: string[] = [];
    await expect(answering({ refundCents: 500 }, calls).admin.registration.refund('r1', { amount_cents: 500, reason: 'goodwill' })).resolves.toEqual({ refundCents: 500 });
    await expect(answering({ refundCents: 0 }, calls).admin.registration.cancel('r1')).resolves.toEqual({ refundCents: 0 });
    await expect(answering({ queued: false }, calls).admin.registration.resend('r1')).resolves.toEqual({ queued: false });
    await expect(answering([message], calls).admin.messages.list('w1')).resolves.toEqual([message]);
    await expect(answering(message, calls).admin.messages.send('w1', { subject: 'Hi', body: 'Hello', idempotency_key: 'key-12345' })).resolves.toEqual(message);
    await expect(answering({ items: [], total: 0 }, calls).admin.activity.list({ page: 2, pageSize: 25 })).resolves.toEqual({ items: [], total: 0 });
    expect(calls).toEqual([
      'POST /api/admin/registrations/r1/refund {"amount_cents":500,"reason":"goodwill"}',
      'POST /api/admin/registrations/r1/cancel {}',
      'POST /api/admin/registrations/r1/resend {}',
      'GET /api/admin/workshops/w1/messages',
      'POST /api/admin/workshops/w1/messages {"subject":"Hi","body":"Hello","idempotency_key":"key-12345"}',
      'GET /api/admin/activity?page=2&pageSize=25',
    ]);
  });

  it('refuses an answer of another shape', async () => {
    await expect(answering({ refunded: 5 }).admin.registration.refund('r1', { amount_cents: 5, reason: 'x' })).rejects.toBeInstanceOf(ApiError);
    await expect(answering({ queued: 'yes' }).admin.registration.resend('r1')).rejects.toBeInstanceOf(ApiError);
    await expect(answering({ registration: {} }).admin.registration.get('r1')).rejects.toBeInstanceOf(ApiError);
    await expect(answering([{ ...message, recipients: [{ to_email: 'a@b.c', status: 'bounced' }] }]).admin.messages.list('w1')).rejects.toBeInstanceOf(ApiError);
  });
});
