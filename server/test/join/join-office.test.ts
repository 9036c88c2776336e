import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createWorkshop } from '../payments/payments-helpers';
import { insertRegistration } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

/**
 * A company's team behind one office address follows its join links in the same minute: the join
 * link has a limit of its own (thirty times the form limit), not the booking page's (three times),
 * which would turn away everyone after the 60th.
 */
const h = useTestServer({ env: { RATE_LIMIT_FORMS_MAX: '20', RATE_LIMIT_FORMS_WINDOW_SECONDS: '60' } });
const MEETING = 'https://meet.example.com/office-room';

describe('join links followed from one office address', () => {
  it('let 100 attendees in within a minute, while the booking page reads from that address are limited at 60', async () => {
    const w = await createWorkshop(h.db, { date: new Date(Date.now() + 5 * 60_000), duration_hours: 2, join_url: MEETING, max_participants: 200 });
    const seats: { id: string; join_token: string }[] = [];
    for (let i = 0; i < 100; i++) {
      const reg = await insertRegistration(h.db, w.id, { name: `Office Person ${i}` });
      seats.push(await h.db('attendees').where({ registration_id: reg.id, position: 1 }).first('id', 'join_token'));
    }
    const follow = (token: string) => fetch(`${h.server.url}/join/${token}`, { redirect: 'manual' });
    const answers = await Promise.all(seats.map(async (s) => {
      const r = await follow(s.join_token);
      return `${r.status} ${r.headers.get('location')}`;
    }));
    expect(answers.filter((a) => a === `302 ${MEETING}`)).toHaveLength(100);
    await expect
      .poll(async () => Number((await h.db('attendees').whereIn('id', seats.map((s) => s.id)).whereNotNull('first_joined_at').count('* as n').first())!.n), { timeout: 10_000 })
      .toBe(100);

    const reads = await Promise.all(Array.from({ length: 61 }, () => fetch(`${h.server.url}/api/booking/${randomBytes(32).toString('base64url')}`).then((r) => r.status)));
    expect(reads.filter((s) => s === 429)).toHaveLength(1);
  });
});
