import { randomBytes } from 'node:crypto';
import { PRIVACY_LINK_HOURS, PRIVACY_MESSAGES, type PrivacyConfirmResult, type PrivacyRequestInput, type PrivacyRequestKind } from '@workshop/shared';
import type { Knex } from 'knex';
import { sha256 } from '../auth/auth.queries';
import type { Db } from '../db/knex';
import { detachedEmailData, type EmailSender } from '../email/email.data';
import { queueEmail } from '../email/email.queue';
import { AppError } from '../http/errors';
import { erase } from './privacy-erasure.service';
import { exportFor } from './privacy-export.queries';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const privacyConfirmUrl = (base: string, token: string, kind: PrivacyRequestKind) => `${base.replace(/\/$/, '')}/privacy/confirm?token=${token}&kind=${kind}`;

/**
 * A person asks about their data (issue 27, point 2). The same work whatever the address: a
 * request row and an email to that address with a single-use confirmation link (only its hash
 * kept), so neither the answer nor its timing says whether we know the address. Only its inbox
 * can confirm; nothing is looked up until then.
 */
export async function requestPrivacy(db: Db, sender: EmailSender, input: PrivacyRequestInput): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (trx) => {
    const [row] = await trx('privacy_requests')
      .insert({ email: input.email, kind: input.kind, token_hash: sha256(token), expires_at: trx.raw(`now() + make_interval(hours => ?)`, [PRIVACY_LINK_HOURS]) })
      .returning('id');
    const data = { ...detachedEmailData(sender, 0, '', {}), name: '', email: input.email, privacy: { confirmUrl: privacyConfirmUrl(sender.publicBaseUrl, token, input.kind), kind: input.kind } };
    await queueEmail(trx, null, 'privacy_confirm', input.email, data, { dedupeKey: `privacy_confirm:${row.id}` });
  });
}

/**
 * The link from the email, used: unused and under 24 hours old, it is used up and answered. An
 * export answers everything held about the address (or that nothing is); an erasure erases it,
 * or, while a booking of theirs is still to come, says so and leaves the link usable. An unknown,
 * altered, expired or used link: 400, nothing changed.
 */
export async function confirmPrivacy(db: Db, token: string): Promise<PrivacyConfirmResult> {
  const invalid = () => new AppError(400, 'bad_request', PRIVACY_MESSAGES.invalid);
  if (!TOKEN.test(token)) throw invalid();
  const live = await db('privacy_requests').where({ token_hash: sha256(token) }).whereNull('confirmed_at').where('expires_at', '>', db.fn.now()).first('id', 'email', 'kind');
  if (!live) throw invalid();
  const answer = await answerRequest(db, live as LiveRequest);
  if (!answer) throw invalid();
  return answer;
}

export interface LiveRequest {
  id: string;
  email: string;
  kind: PrivacyRequestKind;
}

/**
 * Does what a request asked, once: undefined when it was used meanwhile. A blocked erasure leaves
 * it unused (the person cancels, then uses the same link) and records why it stopped.
 */
export async function answerRequest(db: Db, request: LiveRequest): Promise<PrivacyConfirmResult | undefined> {
  if (request.kind === 'erasure') {
    const answer = await erase(db, request.email, (trx) => claim(trx, request.id), (trx, a) => completed(trx, request.id, a.held, a));
    if (answer === 'unclaimed') return undefined;
    if (answer.outcome === 'blocked') await db('privacy_requests').where({ id: request.id }).update({ outcome: JSON.stringify(answer) });
    return answer;
  }
  if (!(await claim(db, request.id))) return undefined;
  const data = await exportFor(db, request.email);
  await completed(db, request.id, data.held, { kind: 'export', held: data.held });
  return { kind: 'export', export: data };
}

/** Uses the request up, once, if it still may be. */
async function claim(q: Db | Knex.Transaction, id: string): Promise<boolean> {
  const used = await q('privacy_requests').where({ id }).whereNull('confirmed_at').where('expires_at', '>', q.fn.now()).update({ confirmed_at: q.fn.now() });
  return used === 1;
}

async function completed(q: Db | Knex.Transaction, id: string, found: boolean, outcome: unknown): Promise<void> {
  await q('privacy_requests').where({ id }).update({ completed_at: q.fn.now(), found, outcome: JSON.stringify(outcome) });
}
