import Papa from 'papaparse';
import { formatDateTime } from '@workshop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbNow, insertWorkshop, localDate } from '../support/fixtures';
import { adminToken, useTestServer } from '../support/test-server';

const h = useTestServer({ admin: true });

interface Lead {
  name: string;
  email: string;
  workshop_title: string | null;
}
const names = (items: Lead[]) => items.map((i) => i.name);
const list = (query = '', token = h.token) => h.api('GET', `/api/admin/video-leads${query}`, { token });

let demoted: string;
let workshops: Record<'basics' | 'automation', string>;

beforeAll(async () => {
  demoted = await adminToken(h.server, { email: 'demoted@test.local', password: 'demoted-password' });
  const u = await h.db('users').where({ email: 'demoted@test.local' }).first('id');
  await h.db('user_roles').where({ user_id: u.id }).delete();

  workshops = {
    basics: (await insertWorkshop(h.db, { title: 'No-Code Basics' })).id,
    automation: (await insertWorkshop(h.db, { title: 'Automation Deep Dive' })).id,
  };
  const now = await dbNow(h.db);
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  await h.db('video_leads').insert([
    { name: 'Alice Walker', email: 'alice@example.com', workshop_id: workshops.basics, created_at: at(1) },
    { name: 'Bob Stone', email: 'bob@EXAMPLE.org', workshop_id: null, created_at: at(2) },
    { name: 'Carol King', email: 'carol@example.com', workshop_id: workshops.automation, created_at: at(3) },
    { name: 'Dan Brown', email: 'dan@example.net', workshop_id: workshops.basics, created_at: at(60 * 30) },
    { name: '100% Eve_', email: 'eve@example.com', workshop_id: null, created_at: at(60 * 24 * 3) },
    // The same person again, from another preview: one address for Email All.
    { name: 'Alice W.', email: 'alice@example.com', workshop_id: workshops.automation, created_at: at(60 * 24 * 4) },
  ]);
});

describe('admin video leads', () => {
  it('lists newest first with the workshop title, the total and the summary cards', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(names(res.body.items)).toEqual(['Alice Walker', 'Bob Stone', 'Carol King', 'Dan Brown', '100% Eve_', 'Alice W.']);
    expect(res.body.items[0]).toEqual({
      id: expect.any(String),
      name: 'Alice Walker',
      email: 'alice@example.com',
      workshop_id: workshops.basics,
      workshop_title: 'No-Code Basics',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
    expect(res.body.items[1]).toMatchObject({ name: 'Bob Stone', workshop_id: null, workshop_title: null });
    expect(res.body.total).toBe(6);
    expect(res.body.summary).toMatchObject({ total: 6, with_workshop: 4 });
  });

  it('searches name, email and workshop title case-insensitively, wildcards taken literally; the summary stays whole', async () => {
    const search = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).body;
    expect(names((await search('ALICE')).items)).toEqual(['Alice Walker', 'Alice W.']);
    expect(names((await search('example.ORG')).items)).toEqual(['Bob Stone']);
    expect(names((await search('basics')).items)).toEqual(['Alice Walker', 'Dan Brown']);
    expect(names((await search('100%')).items)).toEqual(['100% Eve_']);
    expect(names((await search('_')).items)).toEqual(['100% Eve_']);
    const none = await search('nobody');
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
    const deep = await search('deep dive');
    expect(deep.total).toBe(2);
    expect(deep.summary).toMatchObject({ total: 6, with_workshop: 4 });
  });

  it('pages through the list in order, the search applied before paging', async () => {
    const p1 = await list('?pageSize=2&page=1');
    const p3 = await list('?pageSize=2&page=3');
    expect(names(p1.body.items)).toEqual(['Alice Walker', 'Bob Stone']);
    expect(names(p3.body.items)).toEqual(['100% Eve_', 'Alice W.']);
    expect(p1.body.total).toBe(6);
    const searched = await list('?q=example.com&pageSize=2&page=2');
    expect(names(searched.body.items)).toEqual(['100% Eve_', 'Alice W.']);
    expect(searched.body.total).toBe(4);
    expect((await list('?pageSize=0')).body.error.message).toBe('Page size must be at least 1');
    expect((await list('?pageSize=201')).body.error.message).toBe('Page size must be at most 200');
    expect((await list('?page=0')).status).toBe(422);
  });

  it("counts 'Today' on the viewer's calendar day (tz), not the server's", async () => {
    const rows = await h.db('video_leads').select('created_at');
    const now = await dbNow(h.db);
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/New_York']) {
      const expected = rows.filter((r) => localDate(new Date(r.created_at), tz) === localDate(now, tz)).length;
      expect({ tz, today: (await list(`?tz=${encodeURIComponent(tz)}`)).body.summary.today }).toEqual({ tz, today: expected });
    }
  });

  it('exports the searched rows as CSV: byte order mark, Name/Email/Workshop/Submitted, video_leads_<date>.csv', async () => {
    const res = await h.api('GET', '/api/admin/video-leads/export.csv?q=example.com&pageSize=1', { token: h.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="video_leads_${today}.csv"`);
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(res.text.slice(1).trim());
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual(['Name', 'Email', 'Workshop', 'Submitted']);
    const stored: { name: string; created_at: Date }[] = await h.db('video_leads').select('name', 'created_at');
    const when = (name: string) => formatDateTime(stored.find((r) => r.name === name)!.created_at);
    // Every matching row, not one page: the export ignores paging.
    expect(parsed.data.slice(1)).toEqual([
      ['Alice Walker', 'alice@example.com', 'No-Code Basics', when('Alice Walker')],
      ['Carol King', 'carol@example.com', 'Automation Deep Dive', expect.any(String)],
      ['100% Eve_', 'eve@example.com', '', when('100% Eve_')],
      ['Alice W.', 'alice@example.com', 'Automation Deep Dive', expect.any(String)],
    ]);
    const all = Papa.parse<string[]>((await h.api('GET', '/api/admin/video-leads/export.csv', { token: h.token })).text.slice(1).trim());
    expect(all.data).toHaveLength(7);
  });

  it('exports a formula typed into the preview gate as text', async () => {
    const name = '=HYPERLINK("http://evil.example","Click")';
    const posted = await h.api('POST', '/api/video-leads', { body: { name, email: 'formula@example.com', workshop_id: workshops.basics } });
    expect(posted.status).toBe(201);
    const res = await h.api('GET', '/api/admin/video-leads/export.csv?q=formula%40example.com', { token: h.token });
    expect(Papa.parse<string[]>(res.text.slice(1).trim()).data[1]).toEqual([`'${name}`, 'formula@example.com', 'No-Code Basics', expect.any(String)]);
    await h.db('video_leads').where({ id: posted.body.id }).delete();
  });

  it('answers every distinct address of the search for Email All', async () => {
    const all = await h.api('GET', '/api/admin/video-leads/emails?pageSize=1', { token: h.token });
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ emails: ['alice@example.com', 'bob@EXAMPLE.org', 'carol@example.com', 'dan@example.net', 'eve@example.com'] });
    const searched = await h.api('GET', '/api/admin/video-leads/emails?q=deep%20dive', { token: h.token });
    expect(searched.body).toEqual({ emails: ['alice@example.com', 'carol@example.com'] });
  });

  it('keeps a lead whose workshop was deleted, with no workshop', async () => {
    const gone = await insertWorkshop(h.db, { title: 'Cancelled Preview' });
    await h.db('video_leads').insert({ name: 'Orphan Lead', email: 'orphan@example.com', workshop_id: gone.id });
    await h.db('workshops').where({ id: gone.id }).delete();
    const res = await list('?q=orphan');
    expect(res.body.items).toEqual([expect.objectContaining({ name: 'Orphan Lead', workshop_id: null, workshop_title: null })]);
    expect(res.body.summary).toMatchObject({ total: 7, with_workshop: 4 });
    await h.db('video_leads').where({ email: 'orphan@example.com' }).delete();
  });

  it('answers 401 without a session and 403 to a user who is not an admin, on every admin path', async () => {
    for (const path of ['/api/admin/video-leads', '/api/admin/video-leads/export.csv', '/api/admin/video-leads/emails']) {
      const anonymous = await h.api('GET', path);
      expect({ path, status: anonymous.status }).toEqual({ path, status: 401 });
      const forbidden = await h.api('GET', path, { token: demoted });
      expect({ path, status: forbidden.status }).toEqual({ path, status: 403 });
      expect(forbidden.text).not.toContain('alice@example.com');
    }
  });
});
