import { describe, expect, it } from 'vitest';
import { dbNow, localDate, rowCounts } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

describe('admin revive list', () => {
  it('adds an entry (trimmed, email optional) and lists newest first with the cards', async () => {
    const now = await dbNow(h.db);
    await h.db('revive').insert({ name: 'Old Lead', email: 'old@example.com', source: 'abandoned_checkout', created_at: new Date(now.getTime() - 3 * 86_400_000) });
    const added = await h.api('POST', '/api/admin/revive', { token: h.token, body: { name: '  Rita Moreno ', email: 'rita@example.com' } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ name: 'Rita Moreno', email: 'rita@example.com', source: 'admin' });
    const noEmail = await h.api('POST', '/api/admin/revive', { token: h.token, body: { name: 'Sam' } });
    expect(noEmail.body).toMatchObject({ name: 'Sam', email: '' });

    const res = await h.api('GET', '/api/admin/revive?tz=UTC', { token: h.token });
    expect(res.status).toBe(200);
    expect(res.body.items.map((e: { name: string }) => e.name)).toEqual(['Sam', 'Rita Moreno', 'Old Lead']);
    expect(res.body.total).toBe(3);
    const rows = await h.db('revive').select('created_at');
    expect(res.body.summary).toEqual({ total: 3, today: rows.filter((r) => localDate(r.created_at, 'UTC') === localDate(now, 'UTC')).length });
    expect((await h.api('GET', '/api/admin/revive?q=RITA', { token: h.token })).body).toMatchObject({ total: 1, items: [{ name: 'Rita Moreno' }] });
    expect((await h.api('GET', '/api/admin/revive?pageSize=1&page=3', { token: h.token })).body.items.map((e: { name: string }) => e.name)).toEqual(['Old Lead']);
  });

  it('refuses a bad entry with the message and writes nothing', async () => {
    const before = await rowCounts(h.db);
    for (const [body, message] of [
      [{ name: '' }, 'Name is required'],
      [{}, 'Name is required'],
      [{ name: 'n'.repeat(101) }, 'Name must be less than 100 characters'],
      [{ name: 'Ann', email: 'nope' }, 'Invalid email address'],
    ] as const) {
      const res = await h.api('POST', '/api/admin/revive', { token: h.token, body });
      expect({ status: res.status, message: res.body.error?.message }).toEqual({ status: 422, message });
    }
    expect(await rowCounts(h.db)).toEqual(before);
  });

  it('removes an entry, then answers 404 for it', async () => {
    const { body } = await h.api('POST', '/api/admin/revive', { token: h.token, body: { name: 'Temp' } });
    expect((await h.api('DELETE', `/api/admin/revive/${body.id}`, { token: h.token })).status).toBe(204);
    expect(await h.db('revive').where({ id: body.id }).first()).toBeUndefined();
    const again = await h.api('DELETE', `/api/admin/revive/${body.id}`, { token: h.token });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Revive entry not found');
  });
});
