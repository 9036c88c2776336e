import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../src/index';

const answering = (body: unknown, calls: string[] = []) =>
  createApiClient({
    fetch: async (url, init) => {
      calls.push(`${init?.method} ${String(url)}`);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });

describe('attention client', () => {
  it('returns answers that match the shared schema', async () => {
    const calls: string[] = [];
    const api = answering({ items: [], total: 0 }, calls);
    await expect(api.admin.attention.list()).resolves.toEqual({ items: [], total: 0 });
    await expect(answering({ item: null }, calls).admin.attention.retryRefund('r1')).resolves.toEqual({ item: null });
    await expect(answering({ item: null }, calls).admin.attention.retryRegistration('g1')).resolves.toEqual({ item: null });
    expect(calls).toEqual(['GET /api/admin/attention', 'POST /api/admin/attention/refunds/r1/retry', 'POST /api/admin/attention/registrations/g1/retry']);
  });

  it('refuses an answer of another shape instead of handing it to a screen', async () => {
    const err = await answering({ items: [{ id: 'x', kind: 'something_new' }], total: 1 }).admin.attention.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('The server answered in a form this app does not understand. Update the app or the server.');
    await expect(answering({ total: 0 }).admin.attention.list()).rejects.toBeInstanceOf(ApiError);
  });
});
