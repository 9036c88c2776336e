import { ATTENDANCE_MESSAGES, CERTIFICATE_MESSAGES } from '@workshop/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../server/src/after-workshop/follow-up.service';
import { emailSender } from '../../../server/src/email/email.data';
import { waitFor } from '../../../server/test/payments/payments-helpers';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { navLink, newContext, screenshot, signIn, startSignedIn, type AdminHarness } from './admin-harness';
import { seedWorkshop } from './admin-seed';

/**
 * The register (issue 26, point 4): who came in by their join link and when, the admin's marks
 * over it, and the rate on the workshop card; on a phone as cards.
 */
let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

const db = () => h.server.deps.db;
const MIN = 60_000;
const MEETING = 'https://meet.example.com/register-room';

/** A workshop that began 10 minutes ago with three booked seats; Ada came in by her link. */
async function underway(title: string) {
  const w = await seedWorkshop(db(), { title, date: new Date(Date.now() - 10 * MIN), duration_hours: 2, join_url: MEETING });
  for (const name of ['Ada Early', 'Bo Quiet', 'Cy Late']) await insertRegistration(db(), w.id, { name, email: `${name.split(' ')[0].toLowerCase()}.${w.id.slice(0, 6)}@example.com` });
  const ada = await db()('attendees').where({ workshop_id: w.id, name: 'Ada Early' }).first('id', 'join_token');
  const res = await fetch(`${h.server.url}/join/${ada.join_token}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  await waitFor(async () => (await db()('attendees').where({ id: ada.id }).first('first_joined_at')).first_joined_at);
  return w;
}
const markOf = async (workshopId: string, name: string) => (await db()('attendees').where({ workshop_id: workshopId, name }).first('attendance_mark')).attendance_mark;

describe('attendance in the admin', () => {
  it('shows who joined and when, lets the admin mark over it, and keeps the card’s rate with it', async () => {
    await underway('Register Workshop');
    await navLink(page, 'Workshops').click();
    const card = page.getByTestId('workshop-card').filter({ hasText: 'Register Workshop' });
    await expect.poll(() => card.getByTestId('attendance-rate').innerText()).toBe('1 of 3 attended (33%)');
    await card.getByTestId('open-attendance').click();
    const drawer = page.getByRole('dialog', { name: 'Attendance: Register Workshop' });
    await expect.poll(() => drawer.getByTestId('attendance-summary').innerText()).toBe('1 of 3 attended (33%) · 1 came in by their join link');
    const row = (name: string) => drawer.getByTestId('attendance-row').filter({ hasText: name });
    expect(await row('Ada Early').getByTestId('attendance-joined').innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M E[SD]T$/);
    expect(await row('Ada Early').getByTestId('attendance-status').innerText()).toBe('Attended');
    expect(await row('Bo Quiet').getByTestId('attendance-joined').innerText()).toBe('Not joined');
    expect(await row('Bo Quiet').getByTestId('attendance-status').innerText()).toBe('No sign of them');
    await screenshot(page, 'attendance-drawer');

    // Bo was in the room on a colleague's screen; Ada clicked in and left at once.
    await row('Bo Quiet').getByTestId('attendance-mark').getByText('Attended', { exact: true }).click();
    await expect.poll(() => row('Bo Quiet').getByTestId('attendance-status').innerText()).toBe('Attended (marked)');
    await row('Ada Early').getByTestId('attendance-mark').getByText('Absent', { exact: true }).click();
    await expect.poll(() => row('Ada Early').getByTestId('attendance-status').innerText()).toBe('Absent (marked)');
    const w = await db()('workshops').where({ title: 'Register Workshop' }).first('id');
    expect([await markOf(w.id, 'Ada Early'), await markOf(w.id, 'Bo Quiet'), await markOf(w.id, 'Cy Late')]).toEqual(['absent', 'attended', null]);
    await expect.poll(() => drawer.getByTestId('attendance-summary').innerText()).toBe('1 of 3 attended (33%) · 1 came in by their join link');

    // Back to the link's record.
    await row('Ada Early').getByTestId('attendance-mark').getByText('By link', { exact: true }).click();
    await expect.poll(() => row('Ada Early').getByTestId('attendance-status').innerText()).toBe('Attended');
    await expect.poll(() => drawer.getByTestId('attendance-summary').innerText()).toBe('2 of 3 attended (67%) · 1 came in by their join link');
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
    await expect.poll(() => card.getByTestId('attendance-rate').innerText()).toBe('2 of 3 attended (67%)');
  });

  it('keeps marks off until the join links open, and says when they do', async () => {
    const w = await seedWorkshop(db(), { title: 'Not Yet Workshop', date: new Date(Date.now() + 3 * 60 * MIN) });
    await insertRegistration(db(), w.id, { name: 'Di Ahead', email: 'di.ahead@example.com' });
    await page.reload();
    const card = page.getByTestId('workshop-card').filter({ hasText: 'Not Yet Workshop' });
    await card.getByTestId('open-attendance').click();
    expect(await card.getByTestId('attendance-rate').count()).toBe(0);
    const drawer = page.getByRole('dialog', { name: 'Attendance: Not Yet Workshop' });
    await expect.poll(() => drawer.getByTestId('attendance-summary').innerText()).toBe(`1 seat booked. ${ATTENDANCE_MESSAGES.notYet}`);
    const radios = drawer.getByTestId('attendance-row').getByRole('radio');
    expect(await radios.count()).toBe(3);
    for (const r of await radios.all()) expect(await r.isDisabled()).toBe(true);
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('is a list of cards on a phone, each mark within the screen', async () => {
    const w = await underway('Phone Register Workshop');
    const phone = await (await newContext(h, { width: 375, height: 812 })).newPage();
    await signIn(phone);
    await phone.goto('/admin/workshops');
    const card = phone.getByTestId('workshop-card').filter({ hasText: 'Phone Register Workshop' });
    await card.getByTestId('open-attendance').click();
    const drawer = phone.getByRole('dialog', { name: 'Attendance: Phone Register Workshop' });
    const rows = drawer.getByTestId('attendance-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await drawer.getByTestId('attendance-table').count()).toBe(0);
    // The drawer slides in from the right: measure where it comes to rest, not mid-slide.
    const rightEdge = async (el: typeof drawer) => {
      const b = (await el.boundingBox())!;
      return Math.round(b.x + b.width);
    };
    await expect.poll(() => rightEdge(drawer)).toBeLessThanOrEqual(375);
    for (const r of await rows.all()) expect(await rightEdge(r.getByTestId('attendance-mark'))).toBeLessThanOrEqual(375);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await rows.filter({ hasText: 'Ada Early' }).getByTestId('attendance-joined').innerText()).toMatch(/^Joined [A-Z][a-z]{2} \d{1,2}, \d{4}, /);
    await rows.filter({ hasText: 'Cy Late' }).getByTestId('attendance-mark').getByText('Attended', { exact: true }).click();
    await expect.poll(() => markOf(w.id, 'Cy Late')).toBe('attended');
    await screenshot(phone, 'attendance-drawer-phone');
    await phone.context().close();
  });

  it('shows the feedback and the certificates after the workshop, reissues one after a name correction, and the dashboard has the average', async () => {
    const w = await seedWorkshop(db(), { title: 'Rated Register', date: new Date(Date.now() - 3 * 60 * MIN), duration_hours: 2 });
    const people = [
      ['Kay Keen', 5, 'Loved the live build.'],
      ['Lu Later', 4, ''],
    ] as const;
    for (const [name, rating, comment] of people) {
      const reg = await insertRegistration(db(), w.id, { name, email: `${name.split(' ')[0].toLowerCase()}@rated.example.com` });
      const seat = await db()('attendees').where({ registration_id: reg.id }).first('id', 'join_token');
      await db()('attendees').where({ id: seat.id }).update({ first_joined_at: new Date(Date.now() - 170 * MIN) });
      expect((await fetch(`${h.server.url}/api/feedback/${seat.join_token}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ rating, comment }) })).status).toBe(200);
    }
    await followUpWorkshop(db(), emailSender(h.server.deps.config), w.id);
    await db()('attendees').where({ workshop_id: w.id, name: 'Kay Keen' }).update({ name: 'Kay Keen-Ortiz' });

    await page.reload();
    const card = page.getByTestId('workshop-card').filter({ hasText: 'Rated Register' });
    await card.getByTestId('open-attendance').click();
    const drawer = page.getByRole('dialog', { name: 'Attendance: Rated Register' });
    await expect.poll(() => drawer.getByTestId('feedback-summary').innerText()).toBe('4.5 from 2 answers');
    expect(await drawer.getByTestId('feedback-5').getAttribute('aria-label')).toBe('5 out of 5: 1');
    expect(await drawer.getByTestId('feedback-comment').count()).toBe(1);
    expect(await drawer.getByTestId('feedback-comment').innerText()).toContain('Loved the live build.');
    const kay = drawer.getByTestId('attendance-row').filter({ hasText: 'Kay Keen-Ortiz' });
    const href = await kay.getByTestId('attendance-certificate').getAttribute('href');
    const id = href!.split('/').at(-1)!;
    expect((await db()('certificates').where({ id }).first('name')).name).toBe('Kay Keen');
    await kay.getByTestId('attendance-reissue').click();
    await page.getByText(CERTIFICATE_MESSAGES.reissued).waitFor();
    expect((await db()('certificates').where({ id }).first('name')).name).toBe('Kay Keen-Ortiz');
    await screenshot(page, 'attendance-feedback');
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();

    await navLink(page, 'Dashboard').click();
    const row = page.getByTestId('dashboard-feedback').locator('tr', { hasText: 'Rated Register' });
    await expect.poll(() => row.getByTestId('dashboard-feedback-rating').innerText()).toBe('4.5 from 2 answers');
  });
});
