import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createWorkshop } from '../payments/payments-helpers';
import { insertRegistration } from '../support/fixtures';
import { useTestServer } from '../support/test-server';

/**
 * Issue 26, point 8: a link that opens nothing answers the same 404, in about the same time,
 * whether its token was never issued, altered by one character, or belonged to a seat that was
 * cancelled (the same lookup finds nothing in each case). Fastest of several tries, as the sign-in
 * timing test does, so a busy machine's noise does not decide.
 */
const h = useTestServer();

async function fastest(path: string, tries = 7): Promise<{ status: number; body: string; ms: number }> {
  let best = { status: 0, body: '', ms: Infinity };
  for (let i = 0; i < tries; i++) {
    const started = performance.now();
    const res = await fetch(`${h.server.url}${path}`);
    const body = await res.text();
    const ms = performance.now() - started;
    if (ms < best.ms) best = { status: res.status, body, ms };
  }
  return best;
}

describe('links that open no seat', () => {
  it('answer the same 404 in about the same time, whatever the token was', async () => {
    const w = await createWorkshop(h.db, { date: new Date(Date.now() - 3 * 3600_000), duration_hours: 2, join_url: 'https://meet.example.com/timing', recording_url: 'https://video.example.com/timing' });
    const reg = await insertRegistration(h.db, w.id, { name: 'Cancelled Seat' });
    const { join_token: token } = await h.db('attendees').where({ registration_id: reg.id, position: 1 }).first('join_token');
    await h.db('workshop_registrations').where({ id: reg.id }).update({ status: 'cancelled', cancelled_at: new Date() });
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const tokens = { neverIssued: randomBytes(32).toString('base64url'), altered, cancelledSeat: token as string };
    for (const page of ['join', 'recording', 'feedback']) {
      const answers = await Promise.all(Object.values(tokens).map((t) => fastest(`/api/${page}/${t}`)));
      expect(new Set(answers.map((a) => `${a.status} ${a.body}`)).size, page).toBe(1);
      expect(answers[0].status).toBe(404);
      const ms = answers.map((a) => a.ms);
      expect(Math.max(...ms) - Math.min(...ms), `${page}: ${ms.map((m) => m.toFixed(1)).join(' / ')} ms`).toBeLessThan(15);
    }
  });
});
