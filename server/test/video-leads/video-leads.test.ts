import { describe, expect, it } from 'vitest';
import { insertWorkshop, rowCounts } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

const h = useTestServer();

describe('POST /api/video-leads (preview gate)', () => {
  it('saves a trimmed lead for a workshop', async () => {
    const w = await insertWorkshop(h.db);
    const res = await h.api('POST', '/api/video-leads', { body: { name: ' Vic ', email: ' vic@example.com', workshop_id: w.id } });
    expect(res.status).toBe(201);
    expect(await h.db('video_leads').where({ id: res.body.id }).first()).toMatchObject({ name: 'Vic', email: 'vic@example.com', workshop_id: w.id });
  });

  it('saves a lead without a workshop (null)', async () => {
    const res = await h.api('POST', '/api/video-leads', { body: { name: 'Nia', email: 'nia@example.com' } });
    expect(res.status).toBe(201);
    expect((await h.db('video_leads').where({ id: res.body.id }).first()).workshop_id).toBeNull();
  });

  it('gives the form messages for bad input and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '', email: 'a@example.com' }, 'name', 'Name is required'],
      [{ email: 'a@example.com' }, 'name', 'Name is required'],
      [{ name: 'n'.repeat(101), email: 'a@example.com' }, 'name', 'Name must be less than 100 characters'],
      [{ name: 'Ann', email: 'nope' }, 'email', 'Invalid email address'],
      [{ name: 'Ann', email: `${'a'.repeat(250)}@b.com` }, 'email', 'Email must be less than 255 characters'],
      [{ name: 'Ann', email: 'a@example.com', workshop_id: 'not-a-uuid' }, 'workshop_id', 'Invalid id'],
      [{ name: 'Ann', email: 'a@example.com', workshop_id: '00000000-0000-4000-8000-000000000000' }, 'workshop_id', 'Workshop not found'],
    ];
    const before = await rowCounts(h.db);
    for (const [body, field, message] of cases) {
      const res = await h.api('POST', '/api/video-leads', { body });
      expect({ status: res.status, message: res.body.error?.message, field: res.body.error?.fields?.[field] }).toEqual({ status: 422, message, field: message });
    }
    expect(await rowCounts(h.db)).toEqual(before);
  });
});
