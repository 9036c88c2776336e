import type { Knex } from 'knex';
import type { Db } from '../db/knex';
import type { AttachmentSource, EmailAttachment } from '../email/email.attachments';
import { registrationEmailData, type EmailSender } from '../email/email.data';
import { queueEmail } from '../email/email.outbox';
import { documentsOfOrder, pdfOf, sameAddress } from './invoice-files';
import type { IssuedDocument } from './pdf/invoice-pdf';

/** The payer hears that the money is back, with its credit note; once per credit note. */
export async function queueCreditNoteEmail(
  trx: Knex.Transaction,
  registrationId: string,
  note: { number: string; invoiceNumber: string; cents: number; byHand: boolean; buyerEmail: string; buyerName: string },
  sender: EmailSender,
): Promise<void> {
  const data = await registrationEmailData(trx, registrationId, sender);
  const details = { 'Refund cents': String(note.cents), 'Credit note': note.number, Invoice: note.invoiceNumber, ...(note.byHand ? { 'Given back': 'by hand' } : {}) };
  // To whom the invoice was made out (a booking handed on since is still their money).
  await queueEmail(trx, registrationId, 'credit_note', note.buyerEmail, { ...data, email: note.buyerEmail, name: note.buyerName, details }, { dedupeKey: `credit_note:${note.number}` });
}

const asAttachment = async (db: Db, row: IssuedDocument): Promise<EmailAttachment> => ({
  filename: `${row.number}.pdf`,
  type: 'application/pdf',
  content: (await pdfOf(db, row)).toString('base64'),
  disposition: 'attachment',
});

/**
 * The PDFs an email carries (registered with email.attachments.ts): the order's invoice on its
 * confirmation (and a resend of it), the credit note on its own email. An order with no invoice
 * (a free seat, one booked before invoicing) sends none.
 */
export const invoiceAttachments: AttachmentSource = async (db: Db, email) => {
  if (!email.registration_id) return [];
  if (email.kind === 'confirmation' || email.kind === 'confirmation_resend') {
    const { invoice } = await documentsOfOrder(db, email.registration_id);
    // The invoice is the payer's: a booking handed to someone else confirms to them without it.
    return invoice && sameAddress(invoice.document.buyer.email, email.to_email) ? [await asAttachment(db, invoice)] : [];
  }
  if (email.kind === 'credit_note') {
    const { creditNotes } = await documentsOfOrder(db, email.registration_id);
    const note = creditNotes.find((n) => n.number === email.data.details?.['Credit note']);
    return note ? [await asAttachment(db, note)] : [];
  }
  return [];
};
