import { privacyConfirmResultSchema } from '@workshop/shared';
import { expect } from 'vitest';
import { sandboxEmails, waitFor } from '../payments/payments-helpers';
import type { TestServerHandle } from '../support/test-server';

/** Asks for an erasure of `email`, takes the link from its inbox and confirms it: the parsed answer. */
export async function eraseByInbox(h: TestServerHandle, email: string) {
  const ask = await h.api('POST', '/api/privacy/requests', { body: { email, kind: 'erasure' } });
  expect(ask.status, ask.text).toBe(202);
  const mail = await waitFor(async () => (await sandboxEmails(h.server, email)).find((m) => m.subject === 'Confirm your data request' && m.text_body?.includes('erasure')));
  const token = mail.text_body?.match(/\/privacy\/confirm\?token=([A-Za-z0-9_-]{43})&kind=erasure/)?.[1];
  expect(token, mail.text_body ?? '').toBeTruthy();
  const res = await h.api('POST', '/api/privacy/requests/confirm', { body: { token } });
  expect(res.status, res.text).toBe(200);
  return privacyConfirmResultSchema.parse(res.body);
}

/** The public tables any of whose rows still hold `text` anywhere. */
export async function tablesHolding(h: TestServerHandle, text: string): Promise<string[]> {
  const tables = (await h.db.raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE 'knex_%' ORDER BY 1`)).rows as { tablename: string }[];
  const found: string[] = [];
  for (const { tablename } of tables) {
    const r = await h.db.raw(`SELECT count(*)::int AS n FROM "${tablename}" t WHERE t::text ILIKE ?`, [`%${text}%`]);
    if (r.rows[0].n > 0) found.push(tablename);
  }
  return found;
}

/** The emails (kind → to) whose row still holds `text`. */
export async function emailsHolding(h: TestServerHandle, text: string): Promise<string[]> {
  const r = await h.db.raw(`SELECT kind, to_email FROM email_messages m WHERE m::text ILIKE ? ORDER BY kind`, [`%${text}%`]);
  return (r.rows as { kind: string; to_email: string }[]).map((m) => `${m.kind} → ${m.to_email}`);
}
