import { formatDateTime } from '@workshop/shared';
import type { Knex } from 'knex';
import type { EmailSender } from './email.data';
import { queueEmail } from './email.outbox';

/** Tells an admin their password was changed (issue 24), at their own address; once per change. */
export async function queuePasswordChanged(trx: Knex.Transaction, admin: { userId: string; email: string }, sender: EmailSender): Promise<void> {
  const now = new Date();
  await queueEmail(
    trx,
    null,
    'admin_password_changed',
    admin.email,
    {
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
      details: { Changed: formatDateTime(now.toISOString()) },
    },
    { dedupeKey: `admin_password_changed:${admin.userId}:${now.getTime()}` },
  );
}
