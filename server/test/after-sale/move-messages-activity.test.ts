import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { insertRegistration } from '../support/fixtures';
import { useTestServer } from '../support/test-server';
import { buyer, createWorkshop, payWithPaypal, sandboxEmails, waitFor } from '../payments/payments-helpers';

const h = useTestServer({ admin: true });

describe('moving a booking', () => {
  it('moves it to a workshop with a free seat, keeps one seat in all, and refuses a full one', async () => {
    const from = await createWorkshop(h.db, { title: 'From Workshop' });
    const to = await createWorkshop(h.db, { title: 'To Workshop', max_participants: 1 });
    const full = await createWorkshop(h.db, { title: 'Full Workshop', max_participants: 1 });
    await insertRegistration(h.db, full.id, { status: 'completed' });
    const who = buyer('mover');
    await payWithPaypal(h.server, from.id, who);
    const reg = await h.db('workshop_registrations').where({ email: who.email }).first();

    const refused = await h.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: h.token, body: { workshop_id: full.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('That workshop has no seat left.');
    const moved = await h.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: h.token, body: { workshop_id: to.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.registration).toMatchObject({ workshop_id: to.id, workshop_title: 'To Workshop', status: 'completed' });
    expect(await h.db('workshop_registrations').where({ email: who.email, status: 'completed' })).toHaveLength(1);
    const seats = (await h.api('GET', '/api/workshops')).body;
    expect(seats.find((x: { id: string }) => x.id === to.id).seats_left).toBe(0);
    expect(seats.find((x: { id: string }) => x.id === from.id).seats_left).toBe(20);
    await waitFor(async () => (await sandboxEmails(h.server, who.email)).some((m) => m.subject === 'Updated: To Workshop'));
  });

  it('refuses, changing nothing, a workshop where its buyer already has a seat (one seat per person)', async () => {
    const from = await createWorkshop(h.db, { title: 'From Twice' });
    const to = await createWorkshop(h.db, { title: 'To Twice' });
    const who = buyer('twice');
    await payWithPaypal(h.server, from.id, who);
    await payWithPaypal(h.server, to.id, who);
    const reg = await h.db('workshop_registrations').where({ email: who.email, workshop_id: from.id }).first();
    const refused = await h.api('POST', `/api/admin/registrations/${reg.id}/move`, { token: h.token, body: { workshop_id: to.id } });
    expect([refused.status, refused.body.error.message]).toEqual([409, `${who.email} already has a seat in this workshop.`]);
    expect((await h.db('workshop_registrations').where({ id: reg.id }).first()).workshop_id).toBe(from.id);
  });
});

describe('messaging attendees', () => {
  it('emails every completed registrant once, tracks each delivery, and a retried request sends nothing new', async () => {
    const w = await createWorkshop(h.db, { title: 'Messaged Workshop' });
    const a = buyer('msg-a');
    const b = buyer('msg-b');
    await payWithPaypal(h.server, w.id, a);
    await payWithPaypal(h.server, w.id, b);
    await insertRegistration(h.db, w.id, { status: 'pending', payment_id: null, email: 'not-paid@example.com' });
    const body = { subject: 'Bring a laptop', body: 'See you Saturday.\n\nBring a charger too.', idempotency_key: randomUUID() };
    const sent = await h.api('POST', `/api/admin/workshops/${w.id}/messages`, { token: h.token, body });
    expect(sent.status).toBe(201);
    expect(sent.body.recipients.map((r: { to_email: string }) => r.to_email).sort()).toEqual([a.email, b.email]);
    const retried = await h.api('POST', `/api/admin/workshops/${w.id}/messages`, { token: h.token, body });
    expect(retried.body.id).toBe(sent.body.id);
    for (const who of [a, b]) {
      await waitFor(async () => (await sandboxEmails(h.server, who.email)).some((m) => m.subject === 'Bring a laptop'));
    }
    await waitFor(async () => {
      const [m] = (await h.api('GET', `/api/admin/workshops/${w.id}/messages`, { token: h.token })).body;
      return m.recipients.every((r: { status: string }) => r.status === 'sent');
    });
    expect((await sandboxEmails(h.server, a.email)).filter((m) => m.subject === 'Bring a laptop')).toHaveLength(1);
    expect(await sandboxEmails(h.server, 'not-paid@example.com')).toHaveLength(0);
    expect((await h.api('POST', `/api/admin/workshops/${w.id}/messages`, { token: h.token, body: { subject: '', body: 'x' } })).body.error.fields).toEqual({ subject: 'Subject is required' });
  });
});

describe('the activity log', () => {
  it('records every admin write with who, what, before and after, and nothing can change or delete it', async () => {
    const w = await createWorkshop(h.db, { title: 'Audited Workshop' });
    await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { title: 'Audited Workshop 2' } });
    await h.api('PUT', '/api/admin/settings/refund_policy', { token: h.token, body: { setting_value: { min_fee_cents: 100, fee_percent: 5 } } });
    const log = await waitFor(async () => {
      const res = await h.api('GET', '/api/admin/activity?pageSize=10', { token: h.token });
      const actions = res.body.items.map((i: { action: string }) => i.action);
      return actions.includes('PUT /api/admin/settings/:key') && actions.includes('PATCH /api/admin/workshops/:id') ? res.body : undefined;
    });
    // Each row is written as its answer finishes, so two quick writes may land in either order.
    const setting = log.items.find((i: { action: string }) => i.action === 'PUT /api/admin/settings/:key');
    const patch = log.items.find((i: { action: string }) => i.action === 'PATCH /api/admin/workshops/:id');
    expect(setting).toMatchObject({ actor_email: 'admin@test.local', action: 'PUT /api/admin/settings/:key', target_type: 'setting', target_id: 'refund_policy', status: 200 });
    expect(setting.after.row.setting_value).toEqual({ min_fee_cents: 100, fee_percent: 5 });
    expect(patch).toMatchObject({ action: 'PATCH /api/admin/workshops/:id', target_type: 'workshop', target_id: w.id });
    expect(patch.before.title).toBe('Audited Workshop');
    expect(patch.after.row.title).toBe('Audited Workshop 2');
    await expect(h.db('admin_activity').delete()).rejects.toThrow(/append-only/);
    await expect(h.db('admin_activity').update({ action: 'nothing happened' })).rejects.toThrow(/append-only/);
    // A login's password is never kept.
    await h.api('POST', '/api/admin/users', { token: h.token, body: { email: 'second@test.local', password: 'another long password' } });
    await waitFor(async () => (await h.db('admin_activity').where({ action: 'POST /api/admin/users' })).length === 1);
    expect(JSON.stringify(await h.db('admin_activity').where({ action: 'POST /api/admin/users' }))).not.toContain('another long password');
    expect((await h.api('GET', '/api/admin/activity')).status).toBe(401);
  });
});
