import { beforeEach, describe, expect, it } from 'vitest';
import { writeSetting } from '../../src/settings/settings.queries';
import { DAY, insertRegistration, insertWorkshop, rowCounts } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });
beforeEach(async () => {
  await h.db('workshop_registrations').delete();
  await h.db('workshops').delete();
  await writeSetting(h.db, 'registration_limit', { enabled: false, max_registrations: 100 });
});

describe('GET /api/workshops (public)', () => {
  it('lists only active upcoming workshops, date ascending, with seats_left', async () => {
    const later = await insertWorkshop(h.db, { title: 'Later', date: new Date(Date.now() + 20 * DAY), max_participants: 20 });
    const sooner = await insertWorkshop(h.db, { title: 'Sooner', date: new Date(Date.now() + 2 * DAY), max_participants: 5, registration_open: false });
    await insertWorkshop(h.db, { title: 'Inactive', is_active: false });
    await insertWorkshop(h.db, { title: 'Past', date: new Date(Date.now() - DAY) });
    const unlimited = await insertWorkshop(h.db, { title: 'Unlimited', date: new Date(Date.now() + 30 * DAY), max_participants: null });

    await insertRegistration(h.db, later.id, { status: 'completed' });
    await insertRegistration(h.db, later.id, { status: 'pending' });
    await insertRegistration(h.db, later.id, { status: 'pending', hold_expires_at: new Date(Date.now() - 60_000) });
    await insertRegistration(h.db, later.id, { status: 'failed' });
    for (let i = 0; i < 5; i++) await insertRegistration(h.db, sooner.id);
    await insertRegistration(h.db, unlimited.id);

    const res = await h.api('GET', '/api/workshops');
    expect(res.status).toBe(200);
    expect(res.body.map((w: { title: string; seats_left: number | null }) => [w.title, w.seats_left])).toEqual([
      ['Sooner', 0],
      ['Later', 18],
      ['Unlimited', null],
    ]);
    expect(res.body[0]).toMatchObject({ id: sooner.id, registration_open: false, is_active: true, max_participants: 5, price_usd_cents: 9900, duration_hours: 2 });
    expect(res.body[0].date).toBe(new Date(sooner.date).toISOString());
  });

  it('applies the registration-limit setting to seats_left when it is on', async () => {
    const w = await insertWorkshop(h.db, { max_participants: 20 });
    const open = await insertWorkshop(h.db, { max_participants: null, date: new Date(Date.now() + 9 * DAY) });
    await insertRegistration(h.db, w.id);
    await writeSetting(h.db, 'registration_limit', { enabled: true, max_registrations: 3 });
    const res = await h.api('GET', '/api/workshops');
    expect(res.body.map((x: { id: string; seats_left: number }) => [x.id, x.seats_left])).toEqual([
      [w.id, 2],
      [open.id, 3],
    ]);
  });

  it('sends an ETag and answers 304 while the list is unchanged', async () => {
    const w = await insertWorkshop(h.db);
    const first = await h.api('GET', '/api/workshops');
    const etag = first.headers.get('etag')!;
    // fetch adds "cache-control: no-cache" to conditional requests unless one is given, as a browser revalidating does.
    const revalidate = { 'if-none-match': etag, 'cache-control': 'max-age=0' };
    expect(etag).toMatch(/^W\/"/);
    expect((await h.api('GET', '/api/workshops', { headers: revalidate })).status).toBe(304);
    await insertRegistration(h.db, w.id);
    const changed = await h.api('GET', '/api/workshops', { headers: revalidate });
    expect(changed.status).toBe(200);
    expect(changed.body[0].seats_left).toBe(19);
  });

  it('answers an empty list when nothing is on sale', async () => {
    expect((await h.api('GET', '/api/workshops')).body).toEqual([]);
  });
});

describe('admin workshops', () => {
  it('creates with the SPEC defaults', async () => {
    const before = Date.now();
    const res = await h.api('POST', '/api/admin/workshops', { token: h.token, body: {} });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'New Workshop',
      description: 'Workshop description',
      duration_hours: 2,
      price_usd_cents: 9900,
      max_participants: null,
      is_active: true,
      registration_open: true,
    });
    expect(Math.abs(new Date(res.body.date).getTime() - before)).toBeLessThan(10_000);
    expect(await h.db('workshops').where({ id: res.body.id }).first()).toBeTruthy();
  });

  it('creates with given values, and lists newest first with seat counts', async () => {
    const first = await h.api('POST', '/api/admin/workshops', {
      token: h.token,
      body: { title: '  Evening Build ', description: 'Bring a laptop', date: '2030-03-10T18:00:00-04:00', duration_hours: 24, price_usd_cents: 0, max_participants: 1, is_active: false, registration_open: false },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ title: 'Evening Build', date: '2030-03-10T22:00:00.000Z', duration_hours: 24, price_usd_cents: 0, max_participants: 1, is_active: false });
    await h.db('workshops').where({ id: first.body.id }).update({ created_at: new Date(Date.now() - DAY) });
    const second = (await h.api('POST', '/api/admin/workshops', { token: h.token, body: { title: 'Second' } })).body;
    await insertRegistration(h.db, second.id, { status: 'completed' });
    await insertRegistration(h.db, second.id, { status: 'pending' });

    const res = await h.api('GET', '/api/admin/workshops', { token: h.token });
    expect(res.status).toBe(200);
    type Row = { title: string; seats_taken: number; completed_count: number; registrations_count: number };
    expect(res.body.map((w: Row) => [w.title, w.seats_taken, w.completed_count, w.registrations_count])).toEqual([
      ['Second', 2, 1, 2],
      ['Evening Build', 0, 0, 0],
    ]);
  });

  it('refuses each out-of-range field with the form message and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ duration_hours: 0 }, 'duration_hours', 'Duration must be between 1 and 24 hours'],
      [{ duration_hours: 25 }, 'duration_hours', 'Duration must be between 1 and 24 hours'],
      [{ duration_hours: 1.5 }, 'duration_hours', 'Duration must be between 1 and 24 hours'],
      [{ price_usd_cents: -1 }, 'price_usd_cents', 'Price must be 0 cents or more'],
      [{ price_usd_cents: '9900' }, 'price_usd_cents', 'Price must be 0 cents or more'],
      [{ max_participants: 0 }, 'max_participants', 'Max participants must be at least 1, or empty for unlimited'],
      [{ title: '   ' }, 'title', 'Title is required'],
      [{ title: 't'.repeat(201) }, 'title', 'Title must be less than 200 characters'],
      [{ description: 'd'.repeat(5001) }, 'description', 'Description must be less than 5000 characters'],
      [{ date: 'next tuesday' }, 'date', 'Enter a valid date and time'],
      [{ date: '2030-03-10T18:00' }, 'date', 'Enter a valid date and time'],
    ];
    const w = await insertWorkshop(h.db);
    const before = await rowCounts(h.db);
    const snapshot = await h.db('workshops').where({ id: w.id }).first();
    for (const [body, field, message] of cases) {
      for (const [method, path] of [['POST', '/api/admin/workshops'], ['PATCH', `/api/admin/workshops/${w.id}`]]) {
        const res = await h.api(method, path, { token: h.token, body });
        expect({ method, body, status: res.status, message: res.body.error?.message, field: res.body.error?.fields?.[field] }).toEqual({
          method,
          body,
          status: 422,
          message,
          field: message,
        });
      }
    }
    expect(await rowCounts(h.db)).toEqual(before);
    expect(await h.db('workshops').where({ id: w.id }).first()).toEqual(snapshot);
  });

  it('accepts the boundaries: duration 1 and 24, price 0, max 1', async () => {
    for (const body of [{ duration_hours: 1 }, { duration_hours: 24 }, { price_usd_cents: 0 }, { max_participants: 1 }]) {
      expect((await h.api('POST', '/api/admin/workshops', { token: h.token, body })).status).toBe(201);
    }
  });

  it('updates fields, toggles flags independently, and clears max_participants to unlimited', async () => {
    const w = await insertWorkshop(h.db, { max_participants: 20 });
    const patch = (body: unknown) => h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body });
    expect((await patch({ registration_open: false })).body).toMatchObject({ registration_open: false, is_active: true });
    expect((await patch({ is_active: false })).body).toMatchObject({ registration_open: false, is_active: false });
    const edited = await patch({ title: 'Renamed', max_participants: null, price_usd_cents: 14900 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ title: 'Renamed', max_participants: null, price_usd_cents: 14900 });
    expect(await h.db('workshops').where({ id: w.id }).first()).toMatchObject({ title: 'Renamed', max_participants: null, is_active: false });
    const empty = await patch({});
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toBe('Nothing to update');
  });

  it('answers 404 for an unknown workshop', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await h.api('PATCH', `/api/admin/workshops/${missing}`, { token: h.token, body: { title: 'X' } })).body.error).toMatchObject({ code: 'not_found', message: 'Workshop not found' });
    expect((await h.api('DELETE', `/api/admin/workshops/${missing}`, { token: h.token })).status).toBe(404);
    expect((await h.api('DELETE', '/api/admin/workshops/not-an-id', { token: h.token })).status).toBe(404);
  });

  it('deletes a workshop without registrations', async () => {
    const w = await insertWorkshop(h.db);
    const res = await h.api('DELETE', `/api/admin/workshops/${w.id}`, { token: h.token });
    expect(res.status).toBe(204);
    expect(await h.db('workshops').where({ id: w.id }).first()).toBeUndefined();
  });

  it('refuses with 409 to delete a workshop that has registrations, and keeps it', async () => {
    const w = await insertWorkshop(h.db);
    await insertRegistration(h.db, w.id, { status: 'failed' });
    const res = await h.api('DELETE', `/api/admin/workshops/${w.id}`, { token: h.token });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This workshop has registrations and cannot be deleted. Mark it inactive instead.');
    expect(await h.db('workshops').where({ id: w.id }).first()).toBeTruthy();
  });
});
