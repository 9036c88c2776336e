import { JOIN_MESSAGES, joinViewSchema } from '@workshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { addWorkshop, screenshot, type Site, startSite } from './site-harness';

/**
 * Each seat's tracked join link (issue 26, point 3): into the meeting from 15 minutes before the
 * start until the scheduled end, recording the first and last join; the join page before and
 * after; a 404 for a token that opens no active seat. The meeting address is never on a page.
 */
let site: Site;
beforeAll(async () => {
  site = await startSite();
}, 120_000);
afterAll(() => site.stop());

const MEETING = 'https://meet.example.com/tracked-room';
const MIN = 60_000;
const db = () => site.server.deps.db;
const open = (token: string) => fetch(site.url(`/join/${token}`), { redirect: 'manual' });

/** A completed one-seat booking; its seat's join token. The workshop starts `startsIn` ms from now and lasts 2 hours. */
async function seat(startsIn: number, email: string) {
  const w = await addWorkshop(site, { title: 'Tracked Join Workshop', date: new Date(Date.now() + startsIn), duration_hours: 2, join_url: MEETING });
  const reg = await insertRegistration(db(), w.id, { name: 'Jo Joiner', email });
  const a = await db()('attendees').where({ registration_id: reg.id, position: 1 }).first('id', 'join_token');
  return { w, reg, seatId: a.id as string, token: a.join_token as string };
}
const startsIn = (workshopId: string, ms: number) => db()('workshops').where({ id: workshopId }).update({ date: new Date(Date.now() + ms) });
const joins = (seatId: string) => db()('attendees').where({ id: seatId }).first('first_joined_at', 'last_joined_at');

describe('a tracked join link', () => {
  it('lets its attendee in from 15 minutes before the start until the end, recording the first and last join', async () => {
    const { w, seatId, token } = await seat(16 * MIN, 'jo.edges@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const early = await open(token);
    expect(early.status).toBe(200);
    const page = await early.text();
    expect(page).toContain('noindex');
    expect(page).not.toContain(MEETING);
    expect(await joins(seatId)).toEqual({ first_joined_at: null, last_joined_at: null });

    await startsIn(w.id, 14 * MIN);
    const first = await open(token);
    expect([first.status, first.headers.get('location')]).toEqual([302, MEETING]);
    await expect.poll(async () => (await joins(seatId)).first_joined_at, { timeout: 5_000 }).not.toBeNull();
    const once = await joins(seatId);

    // An hour and 59 minutes in: still on; the first join is kept, the last follows.
    await startsIn(w.id, -119 * MIN);
    expect((await open(token)).status).toBe(302);
    await expect.poll(async () => (await joins(seatId)).last_joined_at.getTime(), { timeout: 5_000 }).toBeGreaterThan(once.last_joined_at.getTime());
    expect((await joins(seatId)).first_joined_at).toEqual(once.first_joined_at);

    await startsIn(w.id, -121 * MIN);
    expect((await open(token)).status).toBe(200);
    const api = await fetch(site.url(`/api/join/${token}`));
    const view = joinViewSchema.parse(await api.json());
    expect(view.state).toBe('ended');
    expect(JSON.stringify(view)).not.toContain('meet.example.com');
  });

  it('shows the join page while the organiser has not added the meeting yet', async () => {
    const { w, token } = await seat(10 * MIN, 'jo.noroom@example.com');
    await db()('workshops').where({ id: w.id }).update({ join_url: null });
    expect((await open(token)).status).toBe(200);
    expect(joinViewSchema.parse(await (await fetch(site.url(`/api/join/${token}`))).json()).state).toBe('open');
  });

  it('answers 404 with the not-found page for an altered token, a cancelled booking, a cancelled seat or one passed on', async () => {
    const { reg, seatId, token } = await seat(10 * MIN, 'jo.gone@example.com');
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const t of [altered, 'not-a-token', token.toUpperCase() === token ? `${token}x` : token.toUpperCase()]) {
      const res = await open(t);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Page not found');
      expect((await fetch(site.url(`/api/join/${t}`))).status).toBe(404);
    }
    // Passed on: the seat's new person has a new link; the old one opens nothing.
    await db()('attendees').where({ id: seatId }).update({ email: 'someone.else@example.com' });
    const renewed = (await db()('attendees').where({ id: seatId }).first('join_token')).join_token as string;
    expect(renewed).not.toBe(token);
    expect((await open(token)).status).toBe(404);
    expect((await open(renewed)).status).toBe(302);
    await db()('attendees').where({ id: seatId }).update({ status: 'cancelled', cancelled_at: new Date() });
    expect((await open(renewed)).status).toBe(404);
    await db()('attendees').where({ id: seatId }).update({ status: 'active', cancelled_at: null });
    await db()('workshop_registrations').where({ id: reg.id }).update({ status: 'refunded' });
    expect((await open(renewed)).status).toBe(404);
  });

  it('before the start, shows the workshop in the visitor’s time, a countdown and add-to-calendar, at 375 px', async () => {
    const { token } = await seat(3 * 60 * MIN, 'jo.early@example.com');
    const page = await site.page(375, { timezoneId: 'Asia/Kolkata' });
    await page.goto(site.url(`/join/${token}`));
    await page.getByTestId('join-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Tracked Join Workshop');
    expect(await page.getByTestId('join-start').textContent()).toMatch(/GMT\+5:30|IST/);
    await expect.poll(() => page.getByTestId('join-time-left').textContent()).toMatch(/^2 h 4\d min$/);
    expect(await page.getByTestId('join-ics').getAttribute('download')).toBe('workshop.ics');
    expect(await page.content()).not.toContain(MEETING);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'join-before-375');
  });

  it('counts down from the server’s clock, not a visitor’s clock an hour slow', async () => {
    const { token } = await seat(3 * 60 * MIN, 'jo.slowclock@example.com');
    const page = await site.page(1024);
    await page.clock.install({ time: new Date(Date.now() - 60 * MIN) });
    await page.goto(site.url(`/join/${token}`));
    await page.getByTestId('join-page').waitFor();
    await expect.poll(() => page.getByTestId('join-time-left').textContent()).toMatch(/^2 h 4\d min$/);
  });

  it('after the end, says the workshop has ended, at 375 px', async () => {
    const { token } = await seat(-3 * 60 * MIN, 'jo.late@example.com');
    const page = await site.page(375);
    await page.goto(site.url(`/join/${token}`));
    await page.getByTestId('join-ended').waitFor();
    expect(await page.getByTestId('join-ended').getByRole('heading').textContent()).toBe(JOIN_MESSAGES.ended);
    await screenshot(page, 'join-after-375');
  });
});
