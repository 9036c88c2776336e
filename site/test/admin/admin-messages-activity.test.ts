import { WORKSHOP_MESSAGES } from '@workshop/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRegistration } from '../../../server/test/support/fixtures';
import { ADMIN, navLink, newContext, screenshot, signIn, startSignedIn, tableRows, type AdminHarness } from './admin-harness';

let h: AdminHarness;
let page: Page;
beforeAll(async () => {
  ({ h, page } = await startSignedIn());
});
afterAll(() => h.stop());

const db = () => h.server.deps.db;
const card = (title: string): Locator => page.getByTestId('workshop-card').filter({ has: page.locator('.ant-card-head', { hasText: title }) });
const workshop = (title: string) => db()('workshops').where({ title }).first();
const TITLE = 'Evening Build Session';

describe('where a workshop happens', () => {
  it('creates a workshop with its join link, passcode and materials, refusing a link that is not one', async () => {
    await navLink(page, 'Workshops').click();
    await page.getByRole('button', { name: 'Create Workshop' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Join link').inputValue()).toBe('');
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog.getByLabel('Date (Eastern Time)').fill('2027-05-20T18:00');
    await dialog.getByLabel('Join link').fill('zoom meeting 123');
    await dialog.getByLabel('Passcode').fill('4242');
    await dialog.getByLabel('Materials link').fill('ftp://files.example.com/slides');
    await dialog.getByRole('button', { name: 'Create Workshop' }).click();
    await dialog.getByText('Join link must be a full https:// or http:// address').waitFor();
    await dialog.getByText('Materials link must be a full https:// or http:// address').waitFor();
    expect(await workshop(TITLE)).toBeUndefined();

    await dialog.getByLabel('Join link').fill('https://meet.example.com/evening-room');
    await dialog.getByLabel('Materials link').fill('https://files.example.com/slides');
    await dialog.getByRole('button', { name: 'Create Workshop' }).click();
    await page.getByText('Workshop created successfully').waitFor();
    expect(await workshop(TITLE)).toMatchObject({ join_url: 'https://meet.example.com/evening-room', join_passcode: '4242', materials_url: 'https://files.example.com/slides' });
    await card(TITLE).getByTestId('join-url').getByText('https://meet.example.com/evening-room').waitFor();
    // Never on a public answer.
    expect(await (await fetch(`${h.server.url}/api/workshops`)).text()).not.toContain('evening-room');
  });

  it('edits them: a new passcode, an emptied materials link means none, a recording link must be a full address', async () => {
    const c = card(TITLE);
    await c.getByRole('button', { name: 'Edit' }).click();
    expect(await c.getByLabel('Passcode').inputValue()).toBe('4242');
    await c.getByLabel('Passcode').fill('9999');
    await c.getByLabel('Materials link').fill('');
    await c.getByLabel('Recording link').fill('videos.example.com/evening');
    await c.getByRole('button', { name: 'Save Changes' }).click();
    await c.getByText(WORKSHOP_MESSAGES.recordingUrl).waitFor();
    await c.getByLabel('Recording link').fill('https://videos.example.com/evening');
    await c.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Workshop updated successfully').waitFor();
    expect(await workshop(TITLE)).toMatchObject({ join_url: 'https://meet.example.com/evening-room', join_passcode: '9999', materials_url: null, recording_url: 'https://videos.example.com/evening' });
    await expect.poll(() => c.getByTestId('join-passcode').textContent()).toBe('9999');
    await c.getByTestId('workshop-join').getByText('Not set').waitFor();
    expect(await c.getByTestId('recording-url').textContent()).toBe('https://videos.example.com/evening');
  });
});

describe('message attendees', () => {
  const attendees = ['ana@example.com', 'bo@example.com'];
  let id: string;
  beforeAll(async () => {
    id = (await workshop(TITLE)).id;
    for (const [i, email] of attendees.entries()) await insertRegistration(db(), id, { name: `Attendee ${i}`, email });
    // Not paid: no message.
    await insertRegistration(db(), id, { name: 'Not Paid', email: 'unpaid@example.com', status: 'failed' });
    await page.reload();
  });

  it('sends once to everyone with a paid booking, even when the first answer is lost, and lists each recipient', async () => {
    await card(TITLE).getByTestId('message-attendees').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Emailed to each of the 2 people with a paid booking on this workshop.').waitFor();
    await dialog.getByText('No earlier messages for this workshop.').waitFor();
    await dialog.getByTestId('message-send').click();
    await dialog.getByText('Subject is required').waitFor();
    await dialog.getByText('Message is required').waitFor();

    await dialog.getByLabel('Subject').fill('Room change for Thursday');
    await dialog.getByLabel('Message').fill('We moved to a bigger room.\nSame link, same time.');
    await screenshot(page, 'message-dialog');
    // The server takes the message, but its answer never reaches the page.
    let dropped = false;
    await page.route('**/api/admin/workshops/*/messages', async (route) => {
      if (route.request().method() !== 'POST' || dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await dialog.getByTestId('message-send').click();
    await dialog.getByTestId('message-error').waitFor();
    expect(await db()('attendee_messages').where({ workshop_id: id })).toHaveLength(1);

    await dialog.getByTestId('message-send').click();
    const result = dialog.getByTestId('message-result');
    await result.waitFor();
    await page.unrouteAll({ behavior: 'wait' });
    expect(await result.locator('.ant-alert-title').textContent()).toBe('Sent to 2 attendees');
    expect((await result.getByTestId('recipient-email').allTextContents()).sort()).toEqual(attendees);
    // Pressed twice, sent once: one message, one email per attendee.
    expect(await db()('attendee_messages').where({ workshop_id: id })).toHaveLength(1);
    expect(await db()('email_messages').where({ kind: 'attendee_message' })).toHaveLength(2);
    // The dialog follows the emails until they are out.
    await expect.poll(() => result.getByTestId('send-status').allTextContents(), { timeout: 20_000 }).toEqual(['Sent', 'Sent']);
    await screenshot(page, 'message-dialog-sent');
    await dialog.getByTestId('message-close').click();
  });

  it('shows earlier messages, newest first, with their recipients', async () => {
    await card(TITLE).getByTestId('message-attendees').click();
    const dialog = page.getByRole('dialog');
    const earlier = dialog.getByTestId('history-item');
    await earlier.first().waitFor();
    expect(await earlier.count()).toBe(1);
    expect(await earlier.first().textContent()).toContain('Room change for Thursday');
    expect(await earlier.first().textContent()).toContain(`${ADMIN.email} · 2 sent`);
    await earlier.first().click();
    await dialog.getByTestId('message-history').getByText('We moved to a bigger room.', { exact: false }).waitFor();
    expect(await dialog.getByTestId('message-history').getByTestId('recipient-row').count()).toBe(2);

    const phone = await (await newContext(h, { width: 375, height: 812 })).newPage();
    await signIn(phone);
    await phone.goto('/admin/workshops');
    await phone.getByTestId('workshop-card').filter({ hasText: TITLE }).getByTestId('message-attendees').click();
    await phone.getByRole('dialog').getByTestId('history-item').first().click();
    await phone.getByRole('dialog').getByTestId('recipient-row').first().waitFor();
    await screenshot(phone, 'message-dialog-mobile');
    await phone.context().close();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

describe('cancellation policy', () => {
  it('saves the fee from Settings, and the public refund policy page says the same', async () => {
    await navLink(page, 'Settings').click();
    const section = page.getByTestId('section-refund-policy');
    expect(await section.getByLabel('Minimum fee (USD)').inputValue()).toBe('0.60');
    expect(await section.getByLabel('Fee percentage').inputValue()).toBe('3');
    expect(await section.getByTestId('refund-policy-example').textContent()).toBe('Example: a $99.00 booking cancelled more than 7 days ahead gets $96.03 back (fee $2.97).');

    await section.getByLabel('Fee percentage').fill('120');
    await section.getByTestId('refund-policy-save').click();
    await section.getByText('Fee percentage must be between 0 and 100').waitFor();
    await section.getByLabel('Minimum fee (USD)').fill('5');
    await section.getByLabel('Fee percentage').fill('2.5');
    expect(await section.getByTestId('refund-policy-example').textContent()).toBe('Example: a $99.00 booking cancelled more than 7 days ahead gets $94.00 back (fee $5.00).');
    await section.getByTestId('refund-policy-save').click();
    await page.getByText('Setting updated successfully').waitFor();
    await expect.poll(async () => (await db()('admin_settings').where({ setting_key: 'refund_policy' }).first())?.setting_value).toEqual({ min_fee_cents: 500, fee_percent: 2.5 });

    const visitor = await (await newContext(h)).newPage();
    await visitor.goto('/refund-policy');
    await expect
      .poll(() => visitor.getByRole('main').innerText())
      .toContain('More than 7 days before the workshop starts: full refund, minus a processing fee of $5.00 or 2.5% of the amount paid, whichever is higher.');
    await visitor.context().close();
  });
});

describe('activity', () => {
  const rows = () => tableRows(page, 'activity-table');

  it('lists the writes just made, newest first, with who, what, target and result', async () => {
    await navLink(page, 'Activity').click();
    await page.getByRole('heading', { name: 'Activity' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/activity');
    await expect.poll(async () => (await rows().getByTestId('activity-action').allTextContents()).length).toBeGreaterThanOrEqual(5);
    // Sign-ins are in the log too (issue 24); these are the writes among them.
    const actions = (await rows().getByTestId('activity-action').allTextContents()).filter((a) => !a.startsWith('POST /api/auth/login'));
    expect(actions.slice(0, 4)).toEqual(['PUT /api/admin/settings/:key', 'POST /api/admin/workshops/:id/messages', 'POST /api/admin/workshops/:id/messages', 'PATCH /api/admin/workshops/:id']);
    expect(actions).toContain('POST /api/admin/workshops');
    expect(new Set(await rows().getByTestId('activity-actor').allTextContents())).toEqual(new Set([ADMIN.email]));
    // The refused create never reached the server (the form stopped it); what did is listed with its result.
    expect(await rows().filter({ hasNotText: 'POST /api/auth/login' }).getByTestId('activity-status').allTextContents()).toEqual(actions.map(() => expect.stringMatching(/^20[01]$/)));
    await rows().filter({ hasText: 'Changed a workshop' }).getByText('Changed a workshop').waitFor();
    await screenshot(page, 'activity');
  });

  it('expands a write into its before and after', async () => {
    const patch = rows().filter({ hasText: 'PATCH /api/admin/workshops/:id' });
    await patch.click();
    const diff = page.getByTestId('activity-diff');
    await diff.waitFor();
    const passcode = diff.getByTestId('diff-row').filter({ has: page.getByTestId('diff-path').getByText('join_passcode', { exact: true }) });
    expect(await passcode.getAttribute('data-change')).toBe('changed');
    expect(await passcode.locator('td').allTextContents()).toEqual(['join_passcode', '"4242"', '"9999"']);
    const materials = diff.getByTestId('diff-row').filter({ has: page.getByTestId('diff-path').getByText('materials_url', { exact: true }) });
    expect(await materials.locator('td').allTextContents()).toEqual(['materials_url', '"https://files.example.com/slides"', 'null']);
    // What was unchanged stays out of the way until asked for.
    expect(await diff.getByTestId('diff-path').getByText('title', { exact: true }).count()).toBe(0);
    await diff.getByRole('switch', { name: 'Show unchanged fields' }).click();
    await diff.getByTestId('diff-path').getByText('title', { exact: true }).waitFor();
    await page.getByTestId('activity-request').getByText('"join_passcode": "9999"', { exact: false }).waitFor();
    await screenshot(page, 'activity-diff');
  });

  it('fits a phone screen', async () => {
    const phone = await (await newContext(h, { width: 375, height: 812 })).newPage();
    await signIn(phone);
    await phone.goto('/admin/activity');
    // A phone gets one card per write instead of the wide table.
    const patch = phone.getByTestId('activity-card').filter({ hasText: 'PATCH /api/admin/workshops/:id' });
    await patch.getByText('Show changes').click();
    await patch.getByTestId('activity-diff').getByText('join_passcode', { exact: true }).waitFor();
    expect(await phone.getByTestId('activity-card').filter({ hasNotText: 'POST /api/auth/login' }).count()).toBe(5);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(phone, 'activity-mobile');
    await phone.context().close();
  });
});
