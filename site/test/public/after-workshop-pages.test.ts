import { FEEDBACK_MESSAGES, RECORDING_MESSAGES } from '@workshop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUpWorkshop } from '../../../server/src/after-workshop/follow-up.service';
import { emailSender } from '../../../server/src/email/email.data';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { addWorkshop, screenshot, seriousA11yViolations, type Site, startSite } from './site-harness';

/**
 * After the workshop (issue 26, points 5 to 7) as an attendee sees it: the feedback form at 375 px,
 * the recording page when the link does not go straight to the recording, the join page's way to
 * the recording, and a certificate's public page; none indexed, unknown ones the site's 404.
 */
let site: Site;
beforeAll(async () => {
  site = await startSite();
}, 120_000);
afterAll(() => site.stop());

const MIN = 60_000;
const DAY = 86_400_000;
const db = () => site.server.deps.db;

/** A 2-hour workshop that ended `ago` ms ago (negative: ends later), and one seat of it. */
async function seat(tag: string, ago: number, recording: string | null = 'https://videos.example.com/rec-7') {
  const w = await addWorkshop(site, { title: `Afterwards ${tag}`, date: new Date(Date.now() - ago - 120 * MIN), duration_hours: 2, recording_url: recording });
  const reg = await insertRegistration(db(), w.id, { name: 'Fay Feedback', email: `fay.${tag}@example.com` });
  const a = await db()('attendees').where({ registration_id: reg.id }).first('id', 'join_token');
  return { w, id: a.id as string, token: a.join_token as string };
}

describe('after the workshop, on the site', () => {
  it('takes a rating and a comment at 375 px, says what is missing, and lets the answer be changed', async () => {
    const s = await seat('form', 10 * MIN);
    const page = await site.page(375);
    const res = await page.goto(site.url(`/feedback/${s.token}`));
    expect(res?.status()).toBe(200);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.getByTestId('feedback-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Afterwards form');
    await page.getByTestId('feedback-submit').click();
    expect(await page.getByRole('alert').first().textContent()).toBe(FEEDBACK_MESSAGES.rating);
    expect(await db()('workshop_feedback').where({ attendee_id: s.id })).toEqual([]);

    await page.getByText('Very good', { exact: true }).click();
    await page.getByLabel('Anything to keep or change? (optional)').fill('More time for questions, please.');
    await page.getByTestId('feedback-submit').click();
    expect(await page.getByTestId('feedback-saved').textContent()).toBe(FEEDBACK_MESSAGES.saved);
    expect(await db()('workshop_feedback').where({ attendee_id: s.id }).first('rating', 'comment')).toEqual({ rating: 4, comment: 'More time for questions, please.' });
    expect(await page.getByTestId('feedback-submit').textContent()).toBe('Update feedback');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'feedback-375');

    // Back later: the answer so far, changed.
    await page.reload();
    await page.getByTestId('feedback-page').waitFor();
    expect(await page.getByRole('radio', { name: /Very good/ }).isChecked()).toBe(true);
    await page.getByText('Excellent', { exact: true }).click();
    await page.getByTestId('feedback-submit').click();
    await page.getByTestId('feedback-saved').waitFor();
    expect((await db()('workshop_feedback').where({ attendee_id: s.id }).first('rating')).rating).toBe(5);
  });

  it('keeps the form closed before the end and after its 14 days', async () => {
    const early = await seat('early', -30 * MIN);
    const late = await seat('late', 15 * DAY);
    const page = await site.page(1024);
    for (const [s, message] of [
      [early, FEEDBACK_MESSAGES.notYet],
      [late, FEEDBACK_MESSAGES.closed],
    ] as const) {
      await page.goto(site.url(`/feedback/${s.token}`));
      await page.getByTestId('feedback-page').waitFor();
      expect(await page.getByText(message).count()).toBe(1);
      expect(await page.getByTestId('feedback-submit').count()).toBe(0);
      expect(await page.getByRole('radio').first().isDisabled()).toBe(true);
    }
  });

  it('says why the recording link did not open the recording, and the join page leads to it after the end', async () => {
    const page = await site.page(375);
    for (const [s, state, message] of [
      [await seat('upcoming', -30 * MIN), 'upcoming', RECORDING_MESSAGES.upcoming],
      [await seat('missing', MIN, null), 'not_added', RECORDING_MESSAGES.notAdded],
      [await seat('expired', 31 * DAY), 'expired', RECORDING_MESSAGES.expired],
    ] as const) {
      const res = await page.goto(site.url(`/recording/${s.token}`));
      expect(res?.status()).toBe(200);
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
      expect(await page.getByTestId('recording-page').getAttribute('data-state')).toBe(state);
      expect(await page.getByTestId('recording-message').textContent()).toBe(message);
    }
    await screenshot(page, 'recording-expired-375');

    const up = await seat('watch', 10 * MIN);
    await page.goto(site.url(`/join/${up.token}`));
    await page.getByTestId('join-ended').waitFor();
    expect(await page.getByTestId('join-recording').getAttribute('href')).toBe(`/recording/${up.token}`);
    const res = await fetch(site.url(`/recording/${up.token}`), { redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).toEqual([302, 'https://videos.example.com/rec-7']);
    expect(await page.content()).not.toContain('videos.example.com');

    for (const p of ['/recording/not-a-token', '/feedback/not-a-token', '/certificates/0123456789abcdef0123']) {
      const missing = await fetch(site.url(p));
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('Page not found');
    }
  });

  it("confirms a certificate on its public page: the name, the workshop and the date, never the email", async () => {
    const s = await seat('certified', 5 * MIN);
    await db()('attendees').where({ id: s.id }).update({ first_joined_at: new Date(Date.now() - 60 * MIN) });
    await followUpWorkshop(db(), emailSender(site.server.deps.config), s.w.id);
    const { id } = await db()('certificates').where({ attendee_id: s.id }).first('id');
    const page = await site.page(375);
    const res = await page.goto(site.url(`/certificates/${id}`));
    expect(res?.status()).toBe(200);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.getByTestId('certificate-name').textContent()).toBe('Fay Feedback');
    expect(await page.getByTestId('certificate-workshop').textContent()).toBe('Afterwards certified');
    expect(await page.content()).not.toContain('fay.certified@example.com');
    const pdf = await fetch(site.url((await page.getByTestId('certificate-pdf').getAttribute('href'))!));
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'certificate-375');
  });
});
