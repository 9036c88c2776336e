import { describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../src/after-workshop/follow-up.service';
import { emailSender } from '../../../src/email/email.data';
import { insertRegistration, insertWorkshop } from '../../support/fixtures';
import { useTestServer } from '../../support/test-server';

/**
 * Found by a second review of the "run again" trigger: an admin who lengthens a workshop that
 * overran, after its scheduled end, or corrects its start to a moment already past, changes the
 * same session: its joins, marks and certificates stay. Only a start moved into the future (the
 * workshop runs again) forgets them.
 */
const h = useTestServer({ admin: true, env: { FOLLOW_UP_INTERVAL_SECONDS: '3600' } });
const MIN = 60_000;

describe('a workshop changed after its session', () => {
  it('keeps that session when it is lengthened or its start corrected to a moment already past', async () => {
    const w = await insertWorkshop(h.db, { title: 'Overran', date: new Date(Date.now() - 150 * MIN), duration_hours: 2 });
    const reg = await insertRegistration(h.db, w.id, { name: 'Ola Overran', email: 'ola.overran@example.com' });
    const seat = await h.db('attendees').where({ registration_id: reg.id }).first('id');
    await h.db('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - 140 * MIN) });
    expect(await followUpWorkshop(h.db, emailSender(h.server.deps.config), w.id)).toBe(1);
    const held = async () => ({
      joined: Boolean((await h.db('attendees').where({ id: seat.id }).first('first_joined_at')).first_joined_at),
      certificate: Boolean(await h.db('certificates').where({ attendee_id: seat.id }).first('id')),
    });
    expect(await held()).toEqual({ joined: true, certificate: true });

    const lengthened = await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { duration_hours: 3 } });
    expect(lengthened.status, lengthened.text).toBe(200);
    const corrected = await h.api('PATCH', `/api/admin/workshops/${w.id}`, { token: h.token, body: { date: new Date(Date.now() - 100 * MIN).toISOString() } });
    expect(corrected.status, corrected.text).toBe(200);
    expect(await held()).toEqual({ joined: true, certificate: true });
    // (Moved to a start still to come after it ended, it forgets them: rescheduled-keeps-old-attendance.test.ts.)
  });
});
