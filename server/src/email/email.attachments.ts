import type { Logger } from 'pino';
import type { Db } from '../db/knex';
import { errorText } from '../http/error-text';
import type { EmailData } from './email.data';
import type { EmailKind } from './email.outbox';
import type { EmailContent } from './email.templates';

export type EmailAttachment = NonNullable<EmailContent['attachments']>[number];
export interface QueuedEmail {
  id: string;
  kind: EmailKind;
  registration_id: string | null;
  to_email: string;
  data: EmailData;
}
export type AttachmentSource = (db: Db, email: QueuedEmail) => Promise<EmailAttachment[]>;

const sources = new Map<string, AttachmentSource>();

/**
 * Files a higher domain adds to an email as it is sent (the invoice to a confirmation, the credit
 * note to its email), registered by name in the composition root: email never imports them. A
 * source that fails is logged and the email goes without its file (the buyer can still download
 * it from the booking page): a missing attachment never holds back a confirmation.
 */
export const emailAttachments = {
  provide(name: string, source: AttachmentSource): void {
    sources.set(name, source);
  },
  providers: (): string[] => [...sources.keys()],
  async of(db: Db, email: QueuedEmail, logger: Logger): Promise<EmailAttachment[]> {
    const found: EmailAttachment[] = [];
    for (const [name, source] of sources) {
      try {
        found.push(...(await source(db, email)));
      } catch (err) {
        logger.error({ emailId: email.id, source: name, err: errorText(err, 500) }, 'an attachment could not be made: the email goes without it');
      }
    }
    return found;
  },
};
