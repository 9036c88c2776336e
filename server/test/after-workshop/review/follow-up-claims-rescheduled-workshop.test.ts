import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { followUpEndedWorkshops } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { waitFor } from '../../payments/payments-helpers';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a fresh-eyes review (fixed): the sweep lists the workshops that have ended
 * (workshopsDue), then claims each in turn with `UPDATE ... WHERE followed_up_at IS NULL AND
 * status <> 'cancelled'`, without asking again whether it has ended. A workshop an admin moves to
 * a later date between the listing and its claim (while the sweep is busy with an earlier one)
 * is claimed anyway: everyone gets "Thank you for attending" before the session that will take
 * place, and, followed_up_at being set, nobody is thanked (or certified) after it.
 */
const h = useTestServer({ admin: true, env: { FOLLOW_UP_INTERVAL_SECONDS: '3600' } });
const MIN = 60_000;
const DAY = 86_400_000;

describe('a workshop rescheduled while the sweep is on its way to it', () => {
  it('is not thanked for a session that has not happened', async () => {
    // Two workshops that ended: A (earlier, the sweep does it first) and B.
    const a = await insertWorkshop(h.db, { title: 'Earlier one', date: new Date(Date.now() - 4 * 60 * MIN), duration_hours: 2 });
    const b = await insertWorkshop(h.db, { title: 'Postponed one', date: new Date(Date.now() - 3 * 60 * MIN), duration_hours: 2 });
    await insertRegistration(h.db, a.id, { name: 'Ann A', email: 'ann.claim@example.com' });
    const regB = await insertRegistration(h.db, b.id, { name: 'Bo B', email: 'bo.claim@example.com' });

    // Something holds A a moment (any checkout, transfer or edit of it does): the sweep waits on A's claim.
    const blocker = new pg.Client({ connectionString: h.server.testDb.url });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('SELECT id FROM workshops WHERE id = $1 FOR NO KEY UPDATE', [a.id]);
    const sweeping = followUpEndedWorkshops(h.db, emailSender(h.server.deps.config), () => {});
    try {
      await waitFor(async () => (await h.db.raw(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%followed_up_at%'`)).rows[0].n > 0);
      // Meanwhile the admin moves B to next week (B's session did not happen: the host was ill).
      const moved = await h.api('PATCH', `/api/admin/workshops/${b.id}`, { token: h.token, body: { date: new Date(Date.now() + 7 * DAY).toISOString() } });
      expect(moved.status, moved.text).toBe(200);
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    await sweeping;

    const after = await h.db('workshops').where({ id: b.id }).first('followed_up_at', 'date');
    const thanks = await h.db('email_messages').where({ registration_id: regB.id, kind: 'after_workshop' }).count<{ n: string }[]>('* as n').first();
    // B is a week away: not followed up, and nobody thanked for it yet.
    expect({ followedUp: after.followed_up_at !== null, thanks: Number(thanks?.n ?? 0) }).toEqual({ followedUp: false, thanks: 0 });
  });
});
