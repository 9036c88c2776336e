import { describe, expect, it } from 'vitest';
import { actionLabel } from '../../../packages/admin-ui/src/screens/activity/activity-labels';
import { waitFor } from '../payments/payments-helpers';
import { useTestServer } from '../support/test-server';

/** The activity log reads as sentences with their targets (issue 21, 10). */
const h = useTestServer({ admin: true });

describe('the activity log', () => {
  it('has a sentence for every admin write the server mounts', () => {
    const writes = h.server.routes.filter((r) => r.access === 'admin' && r.method !== 'get').map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(writes.length).toBeGreaterThan(20);
    expect(writes.filter((w) => !actionLabel(w))).toEqual([]);
  });

  it('names what a creation made: the workshop, the promo code, the revive entry, the admin', async () => {
    const workshop = await h.api('POST', '/api/admin/workshops', {
      token: h.token,
      body: { title: 'Logged Workshop', description: 'x', date: new Date(Date.now() + 86_400_000 * 20).toISOString(), price_usd_cents: 9900, duration_hours: 3, is_active: true, registration_open: true },
    });
    expect(workshop.status, workshop.text).toBe(201);
    const promo = await h.api('POST', '/api/admin/promo-codes', { token: h.token, body: { code: 'LOGGED10', kind: 'percent', value: 10 } });
    expect(promo.status, promo.text).toBe(201);
    const revive = await h.api('POST', '/api/admin/revive', { token: h.token, body: { name: 'Ann Logged', email: 'ann.logged@example.com' } });
    expect(revive.status, revive.text).toBe(201);
    const admin = await h.api('POST', '/api/admin/users', { token: h.token, body: { email: 'logged@test.local', password: 'a long enough password' } });
    expect(admin.status, admin.text).toBe(201);

    const entry = (action: string) => waitFor(() => h.db('admin_activity').where({ action }).first());
    expect(await entry('POST /api/admin/workshops')).toMatchObject({ target_type: 'workshop', target_id: workshop.body.id });
    expect(await entry('POST /api/admin/promo-codes')).toMatchObject({ target_type: 'promo_code', target_id: promo.body.id });
    expect(await entry('POST /api/admin/revive')).toMatchObject({ target_type: 'revive', target_id: String(revive.body.id) });
    expect(await entry('POST /api/admin/users')).toMatchObject({ target_type: 'user', target_id: 'logged@test.local' });
  });

  it('names no target for a creation that was refused', async () => {
    const refused = await h.api('POST', '/api/admin/promo-codes', { token: h.token, body: { code: '' } });
    expect(refused.status).toBe(422);
    const row = await waitFor(() => h.db('admin_activity').where({ action: 'POST /api/admin/promo-codes', status: 422 }).first());
    expect(row).toMatchObject({ target_type: null, target_id: null });
  });

  it('keeps the entry of a write whose request holds what PostgreSQL cannot store (a NUL, a lone surrogate), with U+FFFD in their place', async () => {
    const refused = await h.api('POST', '/api/admin/revive', { token: h.token, body: { name: '', 'a\u0000': 'x\uD800y' } });
    expect(refused.status).toBe(400);
    const row = await waitFor(() => h.db('admin_activity').where({ action: 'POST /api/admin/revive', status: 400 }).first());
    expect(row.after.request).toEqual({ name: '', 'a\uFFFD': 'x\uFFFDy' });

    const removed = await h.api('DELETE', '/api/admin/users/%00', { token: h.token });
    expect(removed.status).toBeGreaterThanOrEqual(400);
    const entry = await waitFor(() => h.db('admin_activity').where({ action: 'DELETE /api/admin/users/:id' }).first());
    expect(entry.target_id).toBe('\uFFFD');
  });
});

