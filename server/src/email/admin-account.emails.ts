import { formatDateTime } from '@workshop/shared';
import type { Knex } from 'knex';
import type { EmailSender } from './email.data';
import { queueEmail } from './email.outbox';

const adminData = (admin: { email: string }, sender: EmailSender) => ({
  registrationId: '',
  name: admin.email,
  email: admin.email,
  phone: '',
  accessId: '',
  workshopTitle: '',
  workshopDate: new Date(0).toISOString(),
  amount: 0,
  paymentMethod: null,
  publicBaseUrl: sender.publicBaseUrl,
  from: sender.from,
});

/** A forgotten password's single-use reset link, to the admin's own address (the link is scrubbed once sent). */
export async function queuePasswordReset(trx: Knex.Transaction, admin: { userId: string; email: string; resetUrl: string; why: 'asked' | 'two_factor_reset' }, sender: EmailSender): Promise<void> {
  await queueEmail(trx, null, 'admin_password_reset', admin.email, { ...adminData(admin, sender), resetUrl: admin.resetUrl, details: { Why: admin.why } }, { dedupeKey: `admin_password_reset:${admin.userId}:${Date.now()}:${admin.resetUrl.slice(-8)}` });
}

/** Tells an admin their password was changed (issue 24), at their own address; once per change. */
export async function queuePasswordChanged(trx: Knex.Transaction, admin: { userId: string; email: string }, sender: EmailSender): Promise<void> {
  const now = new Date();
  await queueEmail(
    trx,
    null,
    'admin_password_changed',
    admin.email,
    { ...adminData(admin, sender), details: { Changed: formatDateTime(now.toISOString()) } },
    { dedupeKey: `admin_password_changed:${admin.userId}:${now.getTime()}` },
  );
}

/** Tells an admin a way to sign in as them was added or taken away, at their own address; once per change. */
export async function queueSignInChanged(trx: Knex.Transaction, admin: { userId: string; email: string; change: string; name?: string }, sender: EmailSender): Promise<void> {
  const now = new Date();
  const details: Record<string, string> = { Change: admin.change, Changed: formatDateTime(now.toISOString()) };
  if (admin.name) details.Passkey = admin.name;
  await queueEmail(trx, null, 'admin_sign_in_changed', admin.email, { ...adminData(admin, sender), details }, { dedupeKey: `admin_sign_in_changed:${admin.userId}:${admin.change}:${now.getTime()}` });
}
