import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review, and fixed since (the test holds the fix): "recording a join never blocks the redirect". The write is fire-and-forget, but it takes
 * a pooled connection with no statement or lock timeout; writes that are slow (here: the seat's row
 * is held, as by any transaction touching it) pile up until the pool is gone, and then every join
 * link (any seat) waits for them.
 */
const h = useTestServer({ env: { DATABASE_POOL_MAX: '4' } });
const MIN = 60_000;
const MEETING = 'https://meet.example.com/live';

describe('a slow join write', () => {
  it('does not hold up the redirect of the next attendee', async () => {
    const w = await insertWorkshop(h.db, { title: 'Live', date: new Date(Date.now() - 10 * MIN), duration_hours: 2, join_url: MEETING });
    const [a, b] = await Promise.all(['a', 'b'].map((t) => insertRegistration(h.db, w.id, { name: `P ${t}`, email: `p.${t}.slow@example.com` })));
    const seatA = await h.db('attendees').where({ registration_id: a.id }).first('id', 'join_token');
    const seatB = await h.db('attendees').where({ registration_id: b.id }).first('join_token');

    const slow = new pg.Client({ connectionString: h.server.testDb.url });
    await slow.connect();
    await slow.query('BEGIN');
    await slow.query('SELECT id FROM attendees WHERE id = $1 FOR UPDATE', [seatA.id]);
    try {
      // Attendee A clicks (or reloads) as many times as the pool has connections: each answers at once, each leaves a join write waiting.
      const clicks: (number | string)[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await fetch(`${h.server.url}/join/${seatA.join_token}`, { redirect: 'manual', signal: AbortSignal.timeout(2_000) }).catch((e: Error) => e);
        clicks.push(r instanceof Error ? r.name : r.status);
      }
      expect(clicks).toEqual([302, 302, 302, 302]);
      // Attendee B, another seat, whose row nobody holds.
      const t0 = Date.now();
      const res = await fetch(`${h.server.url}/join/${seatB.join_token}`, { redirect: 'manual', signal: AbortSignal.timeout(5_000) }).catch((e: Error) => e);
      const took = Date.now() - t0;
      expect({ status: res instanceof Error ? res.name : res.status, fast: took < 1_000 }).toEqual({ status: 302, fast: true });
    } finally {
      await slow.query('ROLLBACK');
      await slow.end();
    }
  }, 30_000);
});
