import type { TestServerHandle } from '../support/test-server';

/** Creates a code through the admin API, as an admin would; answers the created code. */
export async function createCode(h: TestServerHandle, body: Record<string, unknown>) {
  const res = await h.api('POST', '/api/admin/promo-codes', { token: h.token, body: { kind: 'percent', value: 10, active: true, ...body } });
  if (res.status !== 201) throw new Error(`create code: ${res.status} ${res.text}`);
  return res.body as { id: string; code: string };
}

export const HOUR = 3_600_000;
export const iso = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString();
