import Papa from 'papaparse';
import { formatDateTime } from '@workshop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbNow, insertInterest, localDate, rowCounts } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

const ok = { name: 'Ann Lee', email: 'ann@example.com', phone: '' };

/** Posts a bad body and checks the SPEC message came back and no row was written. */
async function refused(body: Record<string, unknown>, field: string, message: string) {
  const before = await rowCounts(h.db);
  const res = await h.api('POST', '/api/interests', { body });
  expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
  expect(res.body.error.code).toBe('validation_failed');
  expect(res.body.error.message).toBe(message);
  expect(res.body.error.fields[field]).toBe(message);
  expect(await rowCounts(h.db)).toEqual(before);
}

describe('POST /api/interests: the interest form', () => {
  it('saves a trimmed interest with status interested', async () => {
    const res = await h.api('POST', '/api/interests', { body: { source: 'interest', name: '  Ann Lee ', email: ' ANN@example.com ', phone: ' 555 0100 ' } });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('interested');
    const row = await h.db('workshop_interests').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ name: 'Ann Lee', email: 'ANN@example.com', phone: '555 0100', status: 'interested', source: 'interest', message: '' });
  });

  it('treats a body without a source as the interest form, phone optional', async () => {
    const res = await h.api('POST', '/api/interests', { body: { name: 'No Source', email: 'nosource@example.com' } });
    expect(res.status).toBe(201);
    expect(await h.db('workshop_interests').where({ id: res.body.id }).first()).toMatchObject({ source: 'interest', phone: '' });
  });

  it('gives each SPEC §5 message and writes nothing', async () => {
    await refused({ ...ok, name: '' }, 'name', 'Name is required');
    await refused({ ...ok, name: '    ' }, 'name', 'Name is required');
    await refused({ email: ok.email }, 'name', 'Name is required');
    await refused({ ...ok, name: 'n'.repeat(101) }, 'name', 'Name must be less than 100 characters');
    await refused({ ...ok, email: 'not-an-email' }, 'email', 'Invalid email address');
    await refused({ ...ok, email: '' }, 'email', 'Invalid email address');
    await refused({ ...ok, email: `${'a'.repeat(64)}@${'b'.repeat(187)}.com` }, 'email', 'Email must be less than 255 characters');
    await refused({ ...ok, phone: '1'.repeat(16) }, 'phone', 'Phone number must be less than 15 digits');
  });

  it('accepts the boundaries: name 100, email 255, phone 15', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.${'e'.repeat(4)}`;
    expect(email).toHaveLength(255);
    const res = await h.api('POST', '/api/interests', { body: { name: 'n'.repeat(100), email, phone: '1'.repeat(15) } });
    expect(res.status).toBe(201);
  });

  it('answers 400 in the error shape for a body that is not JSON', async () => {
    const res = await h.api('POST', '/api/interests', { body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });
});

describe('POST /api/interests: issue, question and contact forms', () => {
  it('issue form: all three required, text up to 500', async () => {
    const issue = { source: 'issue', name: 'Ira', email: 'ira@example.com', message: 'Checkout fails' };
    const res = await h.api('POST', '/api/interests', { body: issue });
    expect(res.status).toBe(201);
    expect(await h.db('workshop_interests').where({ id: res.body.id }).first()).toMatchObject({ source: 'issue', message: 'Checkout fails', phone: '' });
    await refused({ ...issue, message: '  ' }, 'message', 'Please explain your issue');
    await refused({ ...issue, message: 'x'.repeat(501) }, 'message', 'Issue must be 500 characters or less');
    await refused({ ...issue, name: '' }, 'name', 'Name is required');
    await refused({ ...issue, email: 'x' }, 'email', 'Invalid email address');
    expect((await h.api('POST', '/api/interests', { body: { ...issue, message: 'x'.repeat(500) } })).status).toBe(201);
  });

  it("question widget: an empty question is stored as 'No question provided'", async () => {
    const res = await h.api('POST', '/api/interests', { body: { source: 'question', name: 'Quinn', email: 'quinn@example.com', message: '' } });
    expect(res.status).toBe(201);
    expect(await h.db('workshop_interests').where({ id: res.body.id }).first()).toMatchObject({ message: 'No question provided', source: 'question' });
    await refused({ source: 'question', name: 'Quinn', email: 'quinn@example.com', message: 'q'.repeat(501) }, 'message', 'Question must be 500 characters or less');
  });

  it('contact form: joins the name and keeps subject with the message', async () => {
    const contact = { source: 'contact', first_name: 'Cara', last_name: 'Diaz', email: 'cara@example.com', subject: 'Group rate', message: 'Do you offer one?' };
    const res = await h.api('POST', '/api/interests', { body: contact });
    expect(res.status).toBe(201);
    expect(await h.db('workshop_interests').where({ id: res.body.id }).first()).toMatchObject({ name: 'Cara Diaz', message: 'Group rate: Do you offer one?' });
    await refused({ ...contact, first_name: '' }, 'first_name', 'First name is required');
    await refused({ ...contact, subject: '' }, 'subject', 'Subject is required');
    await refused({ ...contact, message: '' }, 'message', 'Message is required');
  });

  it('contact form: two 50-character names still fit the name column', async () => {
    const res = await h.api('POST', '/api/interests', {
      body: { source: 'contact', first_name: 'f'.repeat(50), last_name: 'l'.repeat(50), email: 'long@example.com', subject: 's', message: 'm' },
    });
    expect(res.status).toBe(201);
    expect((await h.db('workshop_interests').where({ id: res.body.id }).first()).name).toHaveLength(100);
  });

  it('refuses an unknown source', async () => {
    const before = await rowCounts(h.db);
    const res = await h.api('POST', '/api/interests', { body: { ...ok, source: 'spam' } });
    expect(res.status).toBe(422);
    expect(res.body.error.fields.source).toBeTruthy();
    expect(await rowCounts(h.db)).toEqual(before);
  });
});

describe('admin interests', () => {
  let ids: Record<string, string>;

  beforeAll(async () => {
    await h.db('workshop_interests').delete();
    const now = await dbNow(h.db);
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    const rows = [
      { name: 'Alice Walker', email: 'alice@example.com', phone: '555-0101', status: 'interested', created_at: at(1) },
      { name: 'Bob Stone', email: 'bob@EXAMPLE.org', phone: '555-0202', status: 'contacted', created_at: at(2) },
      { name: 'Carol King', email: 'carol@example.com', phone: '', status: 'converted', created_at: at(3) },
      { name: 'Dan Brown', email: 'dan@example.net', phone: '777-0303', status: 'interested', created_at: at(60 * 30) },
      { name: '100% Eve_', email: 'eve@example.com', phone: '', status: 'interested', created_at: at(60 * 24 * 3) },
    ];
    ids = {};
    for (const r of rows) ids[r.name] = (await insertInterest(h.db, r)).id;
  });

  const list = (query: string) => h.api('GET', `/api/admin/interests${query}`, { token: h.token });

  it('lists newest first with the total and summary cards', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { name: string }) => i.name)).toEqual(['Alice Walker', 'Bob Stone', 'Carol King', 'Dan Brown', '100% Eve_']);
    expect(res.body.total).toBe(5);
    expect(res.body.summary).toMatchObject({ total: 5, interested: 3 });
  });

  it('searches name, email and phone case-insensitively, with wildcards taken literally', async () => {
    const names = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).body.items.map((i: { name: string }) => i.name);
    expect(await names('ALICE')).toEqual(['Alice Walker']);
    expect(await names('example.ORG')).toEqual(['Bob Stone']);
    expect(await names('777')).toEqual(['Dan Brown']);
    expect(await names('100%')).toEqual(['100% Eve_']);
    expect(await names('_')).toEqual(['100% Eve_']);
    expect(await names('nobody')).toEqual([]);
  });

  it("filters by status, 'all' meaning every status, and counts the filtered total", async () => {
    const res = await list('?status=interested');
    expect(res.body.items.map((i: { status: string }) => i.status)).toEqual(['interested', 'interested', 'interested']);
    expect(res.body.total).toBe(3);
    expect((await list('?status=all')).body.total).toBe(5);
    const both = await list('?status=interested&q=dan');
    expect(both.body.items.map((i: { name: string }) => i.name)).toEqual(['Dan Brown']);
    const bad = await list('?status=bogus');
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields.status).toBe('Status must be interested, contacted or converted');
  });

  it('pages through the list in order', async () => {
    const p1 = await list('?pageSize=2&page=1');
    const p3 = await list('?pageSize=2&page=3');
    expect(p1.body.items.map((i: { name: string }) => i.name)).toEqual(['Alice Walker', 'Bob Stone']);
    expect(p3.body.items.map((i: { name: string }) => i.name)).toEqual(['100% Eve_']);
    expect(p1.body.total).toBe(5);
    expect((await list('?pageSize=0')).body.error.message).toBe('Page size must be at least 1');
    expect((await list('?pageSize=201')).body.error.message).toBe('Page size must be at most 200');
    expect((await list('?page=0')).body.error.message).toBe('Page must be at least 1');
  });

  it("counts 'Today' on the viewer's calendar day (tz), not the server's", async () => {
    const rows = await h.db('workshop_interests').select('created_at');
    const now = await dbNow(h.db);
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York']) {
      const expected = rows.filter((r) => localDate(new Date(r.created_at), tz) === localDate(now, tz)).length;
      expect({ tz, today: (await list(`?tz=${encodeURIComponent(tz)}`)).body.summary.today }).toEqual({ tz, today: expected });
    }
  });

  it('exports the filtered rows as CSV with the SPEC columns and file name', async () => {
    const res = await h.api('GET', '/api/admin/interests/export.csv?status=interested&q=example.com', { token: h.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="workshop_interests_${today}.csv"`);
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(res.text.trim());
    expect(parsed.data[0]).toEqual(['Name', 'Email', 'Phone', 'Status', 'Submitted Date', 'Message']);
    const alice = await h.db('workshop_interests').where({ id: ids['Alice Walker'] }).first();
    expect(parsed.data.slice(1)).toEqual([
      ['Alice Walker', 'alice@example.com', '555-0101', 'interested', formatDateTime(alice.created_at), alice.message],
      ['100% Eve_', 'eve@example.com', '', 'interested', expect.any(String), expect.any(String)],
    ]);
    const all = Papa.parse<string[]>((await h.api('GET', '/api/admin/interests/export.csv', { token: h.token })).text.trim());
    expect(all.data).toHaveLength(6);
  });

  it('answers every distinct address of the filter for Email All', async () => {
    const res = await h.api('GET', '/api/admin/interests/emails?status=interested&pageSize=1', { token: h.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ emails: ['alice@example.com', 'dan@example.net', 'eve@example.com'] });
  });

  it('exports a formula typed into a public form as text, with its question', async () => {
    const name = '=HYPERLINK("http://evil.example","Click")';
    const posted = await h.api('POST', '/api/interests', { body: { source: 'question', name, email: 'formula@example.com', message: '@SUM(1+1)' } });
    expect(posted.status).toBe(201);
    const res = await h.api('GET', '/api/admin/interests/export.csv?q=formula%40example.com', { token: h.token });
    expect(Papa.parse<string[]>(res.text.trim()).data[1]).toEqual([`'${name}`, 'formula@example.com', '', 'interested', expect.any(String), "'@SUM(1+1)"]);
    await h.db('workshop_interests').where({ id: posted.body.id }).delete();
  });

  it('moves status forward only: interested → contacted → converted', async () => {
    const id = ids['Dan Brown'];
    const patch = (status: string) => h.api('PATCH', `/api/admin/interests/${id}`, { token: h.token, body: { status } });
    const contacted = await patch('contacted');
    expect(contacted.status).toBe(200);
    expect(contacted.body).toMatchObject({ id, status: 'contacted' });
    expect((await patch('converted')).body.status).toBe('converted');
    const back = await patch('interested');
    expect(back.status).toBe(409);
    expect(back.body.error.message).toMatch(/only moves forward/);
    expect((await h.db('workshop_interests').where({ id }).first()).status).toBe('converted');
    expect((await patch('bogus')).status).toBe(422);
    expect((await h.api('PATCH', '/api/admin/interests/00000000-0000-4000-8000-000000000000', { token: h.token, body: { status: 'contacted' } })).status).toBe(404);
    expect((await h.api('PATCH', '/api/admin/interests/not-a-uuid', { token: h.token, body: { status: 'contacted' } })).status).toBe(404);
  });
});
