import { ADMINS_MESSAGES, privacyOnBehalfResultSchema, privacyRequestListSchema } from '@workshop/shared';
import { describe, expect, it } from 'vitest';
import { createWorkshop, waitFor } from '../payments/payments-helpers';
import { insertInterest, insertRegistration } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

/**
 * The owners' privacy requests (issue 27, point 3): every request and how it ended, and a request
 * run on a person's behalf with a reason, in the activity log without the person's address.
 */
const h = useTestServer({ admin: true, env: { JOB_POLL_INTERVAL_MS: '100' } });

const run = (body: unknown, token = h.token) => h.api('POST', '/api/admin/privacy/requests', { token, body });
const list = async () => privacyRequestListSchema.parse((await h.api('GET', '/api/admin/privacy/requests', { token: h.token })).body).items;

describe('privacy requests in the admin', () => {
  it('an owner exports and erases for a person who wrote in; the list says by whom, why and how it ended; the log keeps no address', async () => {
    const w = await createWorkshop(h.db, { title: 'Letter Workshop' });
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 30 * 86_400_000) });
    const reg = await insertRegistration(h.db, w.id, { name: 'Letty Letter', email: 'letty.letter@example.com' });
    await insertInterest(h.db, { name: 'Letty Letter', email: 'letty.letter@example.com' });
    expect((await h.api('POST', '/api/privacy/requests', { body: { email: 'someone.asking@example.com', kind: 'export' } })).status).toBe(202);

    const exported = await run({ email: 'letty.letter@example.com', kind: 'export', reason: 'Letter received 3 March' });
    expect(exported.status, exported.text).toBe(200);
    const ex = privacyOnBehalfResultSchema.parse(exported.body);
    if (ex.result.kind !== 'export') throw new Error(exported.text);
    expect(ex.result.export.bookings).toMatchObject([{ workshop: 'Letter Workshop', name: 'Letty Letter' }]);

    const erased = privacyOnBehalfResultSchema.parse((await run({ email: 'letty.letter@example.com', kind: 'erasure', reason: 'Phone call, 4 March' })).body);
    expect(erased.result).toMatchObject({ kind: 'erasure', outcome: 'erased', held: true, erased: { bookings: 1, interests: 1 } });
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first('name')).toEqual({ name: 'Erased' });

    const items = await list();
    expect(items.slice(0, 3)).toMatchObject([
      { id: erased.id, email: 'letty.letter@example.com', kind: 'erasure', via: 'admin', outcome: 'erased', requested_by: 'admin@test.local', reason: 'Phone call, 4 March' },
      { id: ex.id, kind: 'export', via: 'admin', outcome: 'exported', reason: 'Letter received 3 March' },
      { email: 'someone.asking@example.com', kind: 'export', via: 'person', outcome: null, confirmed_at: null, requested_by: null },
    ]);
    expect(items[0].completed_at).not.toBeNull();

    const entries = await waitFor(async () => {
      const rows = await h.db('admin_activity').where({ action: 'POST /api/admin/privacy/requests' }).orderBy('id');
      return rows.length === 2 && rows;
    });
    expect(entries.map((e) => [e.target_type, e.target_id, e.status])).toEqual([
      ['privacy_request', ex.id, 200],
      ['privacy_request', erased.id, 200],
    ]);
    expect(entries[1].after.request).toEqual({ email: '[the request’s address]', kind: 'erasure', reason: 'Phone call, 4 March' });
    expect(JSON.stringify(entries)).not.toContain('letty.letter@example.com');
  });

  it('needs a reason, an address and a kind; changes nothing otherwise', async () => {
    const before = (await list()).length;
    const noReason = await run({ email: 'x.reason@example.com', kind: 'erasure', reason: '  ' });
    expect([noReason.status, noReason.body.error.fields]).toEqual([422, { reason: 'Say who asked, and how' }]);
    expect((await run({ email: 'nope', kind: 'export', reason: 'r' })).status).toBe(422);
    expect((await run({ email: 'x.kind@example.com', kind: 'shred', reason: 'r' })).status).toBe(422);
    expect(await list()).toHaveLength(before);
  });

  it('is for owners only: staff are refused the list and the form', async () => {
    const staff = { email: 'privacy.staff@workshop.test', password: 'a long staff password 1' };
    expect((await h.api('POST', '/api/admin/users', { token: h.token, body: { ...staff, role: 'staff' } })).status).toBe(201);
    const token = (await h.api('POST', '/api/auth/login', { body: { ...staff, client: 'desktop' } })).body.token as string;
    const read = await h.api('GET', '/api/admin/privacy/requests', { token });
    expect([read.status, read.body.error.message]).toEqual([403, ADMINS_MESSAGES.ownerOnly]);
    expect((await run({ email: 'staff.try@example.com', kind: 'export', reason: 'r' }, token)).status).toBe(403);
    expect(await h.db('privacy_requests').where({ email: 'staff.try@example.com' }).first()).toBeUndefined();
    expect((await h.api('GET', '/api/admin/privacy/requests')).status).toBe(401);
  });
});
