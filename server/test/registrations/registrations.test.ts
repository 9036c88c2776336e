import Papa from 'papaparse';
import { formatDateTime } from '@workshop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbNow, insertRefund, insertRegistration, insertWorkshop, localDate, rowCounts } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

type Item = { name: string; status: string; access_id: string; amount: number };

async function seed() {
  await h.db('workshop_registrations').delete();
  const w = await insertWorkshop(h.db, { title: 'Spring Build' });
  const now = await dbNow(h.db);
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  const rows = [
    { name: 'Alice Walker', email: 'alice@example.com', access_id: 'NC-AAAA2222', status: 'completed', amount: 9900, payment_id: 'PAY-ALICE', created_at: at(1) },
    { name: 'Bob Stone', email: 'bob@EXAMPLE.org', access_id: 'NC-BBBB3333', status: 'pending', amount: 9900, created_at: at(2) },
    { name: 'Carol King', email: 'carol@example.com', access_id: 'NC-CCCC4444', status: 'failed', amount: 4900, created_at: at(3) },
    { name: 'Dan Brown', email: 'dan@example.net', access_id: 'NC-DDDD5555', status: 'completed', amount: 12900, payment_id: 'PAY-DAN', created_at: at(60 * 30) },
    { name: 'Eve Adams', email: 'eve@example.com', access_id: 'NC-EEEE6666', status: 'completed', amount: 100, payment_id: 'PAY-EVE', created_at: at(60 * 24 * 3) },
  ];
  for (const r of rows) await insertRegistration(h.db, w.id, r);
  return w;
}

const list = (query = '') => h.api('GET', `/api/admin/registrations${query}`, { token: h.token });
const names = (res: { body: { items: Item[] } }) => res.body.items.map((i) => i.name);

describe('GET /api/admin/registrations', () => {
  beforeAll(seed);

  it('lists newest first with workshop title, total and the summary cards over every status', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Alice Walker', 'Bob Stone', 'Carol King', 'Dan Brown', 'Eve Adams']);
    expect(res.body.items[0]).toMatchObject({ workshop_title: 'Spring Build', access_id: 'NC-AAAA2222', payment_id: 'PAY-ALICE', amount: 9900, status: 'completed' });
    expect(res.body.total).toBe(5);
    expect(res.body.summary).toMatchObject({ total: 5, completed: 3, revenue_cents: 9900 + 9900 + 4900 + 12900 + 100 });
  });

  it('searches name, email and access id case-insensitively', async () => {
    expect(names(await list('?q=alice'))).toEqual(['Alice Walker']);
    expect(names(await list('?q=EXAMPLE.ORG'))).toEqual(['Bob Stone']);
    expect(names(await list('?q=nc-cccc'))).toEqual(['Carol King']);
    expect(names(await list('?q=%20%20dan%20'))).toEqual(['Dan Brown']);
    expect(names(await list('?q=PAY-ALICE'))).toEqual([]);
  });

  it('finds orders by the start of an access id, however many it matches, and only by its start', async () => {
    const prefix = await h.db('workshop_registrations').where({ name: 'Carol King' }).first('access_id');
    // The whole id, its start in any case, with stray spaces.
    expect(names(await list(`?q=${prefix.access_id}`))).toEqual(['Carol King']);
    expect(names(await list(`?q=${encodeURIComponent(` ${prefix.access_id.slice(0, 6).toLowerCase()} `)}`))).toContain('Carol King');
    // "NC-" is the start of every id: every order, counted as the list counts them.
    const all = await list('?q=NC-');
    expect(all.body.total).toBe((await list('')).body.total);
    // The middle of an id is still found by the usual search.
    expect(names(await list(`?q=${prefix.access_id.slice(4)}`))).toEqual(['Carol King']);
  });

  it("filters by status ('all' = every one) and counts the filtered total", async () => {
    const completed = await list('?status=completed');
    expect(names(completed)).toEqual(['Alice Walker', 'Dan Brown', 'Eve Adams']);
    expect(completed.body.total).toBe(3);
    expect((await list('?status=all')).body.total).toBe(5);
    expect(names(await list('?status=pending'))).toEqual(['Bob Stone']);
    expect(names(await list('?status=completed&q=example.com'))).toEqual(['Alice Walker', 'Eve Adams']);
    const bad = await list('?status=paid');
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.status).toBeTruthy();
  });

  it('filters by workshop, with search and status', async () => {
    const other = await insertWorkshop(h.db, { title: 'Autumn Build' });
    await insertRegistration(h.db, other.id, { name: 'Zed Other', email: 'zed@example.com', access_id: 'NC-ZZZZ2222' });
    const spring = await h.db('workshops').where({ title: 'Spring Build' }).first();
    expect(names(await list(`?workshop_id=${other.id}`))).toEqual(['Zed Other']);
    expect((await list(`?workshop_id=${spring.id}&status=completed`)).body.total).toBe(3);
    expect((await list('?workshop_id=all')).body.total).toBe(6);
    const bad = await list('?workshop_id=nope');
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.workshop_id).toBe('Unknown workshop');
    const csv = await h.api('GET', `/api/admin/registrations/export.csv?workshop_id=${other.id}`, { token: h.token });
    expect(Papa.parse<string[]>(csv.text.trim()).data.slice(1).map((r) => r[1])).toEqual(['Zed Other']);
    expect((await h.api('GET', `/api/admin/registrations/emails?workshop_id=${other.id}`, { token: h.token })).body.emails).toEqual(['zed@example.com']);
    await h.db('workshop_registrations').where({ workshop_id: other.id }).delete();
  });

  it('pages with a stable order', async () => {
    expect(names(await list('?pageSize=2'))).toEqual(['Alice Walker', 'Bob Stone']);
    expect(names(await list('?pageSize=2&page=2'))).toEqual(['Carol King', 'Dan Brown']);
    const last = await list('?pageSize=2&page=3');
    expect(names(last)).toEqual(['Eve Adams']);
    expect(last.body.total).toBe(5);
    expect(names(await list('?pageSize=2&page=4'))).toEqual([]);
  });

  it("counts 'Today' on the viewer's calendar day", async () => {
    const rows = await h.db('workshop_registrations').select('created_at');
    const now = await dbNow(h.db);
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Asia/Kolkata']) {
      const expected = rows.filter((r) => localDate(new Date(r.created_at), tz) === localDate(now, tz)).length;
      expect({ tz, today: (await list(`?tz=${encodeURIComponent(tz)}`)).body.summary.today }).toEqual({ tz, today: expected });
    }
    // An unknown zone falls back to Eastern rather than failing the page.
    const eastern = rows.filter((r) => localDate(new Date(r.created_at), 'America/New_York') === localDate(now, 'America/New_York')).length;
    expect((await list('?tz=Mars/Olympus')).body.summary.today).toBe(eastern);
  });
});

describe('GET /api/admin/registrations/emails', () => {
  beforeAll(seed);

  it('answers every distinct address of the filter, beyond one page', async () => {
    const emails = (query: string) => h.api('GET', `/api/admin/registrations/emails${query}`, { token: h.token });
    const all = await emails('');
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ emails: ['alice@example.com', 'bob@EXAMPLE.org', 'carol@example.com', 'dan@example.net', 'eve@example.com'] });
    expect((await emails('?status=completed&q=example.com&page=2&pageSize=1')).body.emails).toEqual(['alice@example.com', 'eve@example.com']);
    expect((await h.api('GET', '/api/admin/registrations/emails')).status).toBe(401);
  });
});

describe('GET /api/admin/registrations/export.csv', () => {
  beforeAll(seed);

  it('streams the filtered rows with the SPEC columns, dollars and file name', async () => {
    const res = await h.api('GET', '/api/admin/registrations/export.csv?status=completed&q=example.com', { token: h.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="workshop_registrations_${new Date().toISOString().slice(0, 10)}.csv"`);
    // A UTF-8 byte order mark first, so Excel reads non-ASCII names right.
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const rows = Papa.parse<string[]>(res.text.trim()).data;
    expect(rows[0]).toEqual(['Registration ID', 'Name', 'Email', 'Amount', 'Status', 'Payment ID', 'Registration Date', 'Promo Code', 'Discount', 'Order ID', 'Seats', 'Joined At']);
    const alice = await h.db('workshop_registrations').where({ access_id: 'NC-AAAA2222' }).first();
    const eve = await h.db('workshop_registrations').where({ access_id: 'NC-EEEE6666' }).first();
    expect(rows.slice(1)).toEqual([
      ['NC-AAAA2222', 'Alice Walker', 'alice@example.com', '99.00', 'Completed', 'PAY-ALICE', formatDateTime(alice.created_at), '', '0.00', alice.id, '1', ''],
      ['NC-EEEE6666', 'Eve Adams', 'eve@example.com', '1.00', 'Completed', 'PAY-EVE', expect.any(String), '', '0.00', eve.id, '1', ''],
    ]);
  });

  it('exports every row without filters, pending ones with an empty payment id', async () => {
    const res = await h.api('GET', '/api/admin/registrations/export.csv', { token: h.token });
    const rows = Papa.parse<string[]>(res.text.trim()).data;
    expect(rows).toHaveLength(6);
    expect(rows.find((r) => r[0] === 'NC-BBBB3333')).toEqual(['NC-BBBB3333', 'Bob Stone', 'bob@EXAMPLE.org', '99.00', 'Pending', '', expect.any(String), '', '0.00', expect.any(String), '1', '']);
  });

  it('quotes commas and quotes in names', async () => {
    const w = await insertWorkshop(h.db);
    await insertRegistration(h.db, w.id, { name: 'Lee, "Jr"', access_id: 'NC-QQQQ7777' });
    const res = await h.api('GET', '/api/admin/registrations/export.csv?q=NC-QQQQ7777', { token: h.token });
    expect(Papa.parse<string[]>(res.text.trim()).data[1][1]).toBe('Lee, "Jr"');
  });

  it('exports a name that starts like a formula as text (a leading single quote)', async () => {
    const w = await insertWorkshop(h.db);
    await insertRegistration(h.db, w.id, { name: '-2+3+cmd|calc!A0', access_id: 'NC-FFFF8888' });
    const res = await h.api('GET', '/api/admin/registrations/export.csv?q=NC-FFFF8888', { token: h.token });
    expect(Papa.parse<string[]>(res.text.trim()).data[1][1]).toBe("'-2+3+cmd|calc!A0");
  });
});

describe('DELETE /api/admin/registrations (clear all)', () => {
  it('needs ?confirm=true and changes nothing without it', async () => {
    await seed();
    const before = await rowCounts(h.db);
    const res = await h.api('DELETE', '/api/admin/registrations', { token: h.token });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Add ?confirm=true to clear all registration data.');
    expect(await rowCounts(h.db)).toEqual(before);
  });

  it('archives every settled registration and keeps holds, rows still owed a refund and bookings of workshops not ended', async () => {
    const w = await seed();
    // The seeded workshop ended long ago (past its recordings window): its bookings are history.
    await h.db('workshops').where({ id: w.id }).update({ date: new Date(Date.now() - 40 * 86_400_000) });
    const owed = await insertRegistration(h.db, w.id, { name: 'Owed Olive', status: 'refund_pending', payment_id: 'PAY-OWED', status_reason: 'workshop_full_refunded' });
    const paidTwice = await insertRegistration(h.db, w.id, { name: 'Twice Tom', status: 'completed', payment_id: 'PAY-TOM' });
    await insertRefund(h.db, { idempotency_key: 'auto:paypal:PAY-TOM-2', registration_id: paidTwice.id, provider: 'paypal', payment_id: 'PAY-TOM-2', amount_cents: 9900, currency: 'USD', reason: 'duplicate_payment' });
    // Someone's seat in a workshop still to come is theirs: never cleared.
    const upcoming = await insertWorkshop(h.db, { title: 'Summer Build' });
    await insertRegistration(h.db, upcoming.id, { name: 'Fay Future', status: 'completed', payment_id: 'PAY-FAY' });
    const all = await h.db('workshop_registrations').select('id', 'name');
    const keptNames = ['Bob Stone', 'Fay Future', 'Owed Olive', 'Twice Tom'];
    const cleared = all.filter((r) => !keptNames.includes(r.name)).map((r) => r.id).sort();

    const res = await h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: cleared.length, kept: 4 });
    expect(names(await list()).sort()).toEqual(keptNames);
    expect((await h.db('workshop_registrations').where({ id: owed.id }).first()).status).toBe('refund_pending');
    const archived = await h.db('workshop_registrations_archive').whereIn('id', cleared).select('id', 'record');
    expect(archived.map((a) => a.id).sort()).toEqual(cleared);
    expect(archived.find((a) => a.record.access_id === 'NC-AAAA2222')?.record).toMatchObject({ name: 'Alice Walker', payment_id: 'PAY-ALICE', amount: 9900 });
  });

  it('keeps a booking given a refund while the clear was running: the clear waits for that decision and sees its refund', async () => {
    const w = await insertWorkshop(h.db, { title: 'Long Past Build', date: new Date(Date.now() - 40 * 86_400_000) });
    const reg = await insertRegistration(h.db, w.id, { name: 'Racing Rae', status: 'completed', payment_id: 'PAY-RAE', seats_bought: 2, seats: 2 });
    // An admin's seat refund, as its transaction runs: the booking's row changed and a refund owed, not yet committed.
    const decision = await h.db.transaction();
    try {
      await decision('workshop_registrations').where({ id: reg.id }).update({ seats: 1, updated_at: decision.fn.now() });
      await insertRefund(decision as never, { idempotency_key: 'seat:PAY-RAE:2', registration_id: reg.id, provider: 'paypal', payment_id: 'PAY-RAE', amount_cents: 4950, reason: 'admin_refund' });
      const clearing = h.api('DELETE', '/api/admin/registrations?confirm=true', { token: h.token });
      // The clear reaches the booking's row and waits on it.
      await expect.poll(async () => (await h.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%workshop_registrations%'`)).rows[0].n).toBeGreaterThan(0);
      await decision.commit();
      expect((await clearing).status).toBe(200);
    } catch (err) {
      await decision.rollback().catch(() => {});
      throw err;
    }
    expect(await h.db('workshop_registrations').where({ id: reg.id }).first('status', 'seats')).toEqual({ status: 'completed', seats: 1 });
    expect(await h.db('refunds').where({ payment_id: 'PAY-RAE' }).first('registration_id')).toEqual({ registration_id: reg.id });
  });
});
