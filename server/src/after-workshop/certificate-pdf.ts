import { type CertificateView, formatShortDate, SITE_NAME } from '@workshop/shared';
import { newPdf, write } from '../invoices/pdf/pdf-text';

const MUTED = '#5d6275';
const ACCENT = '#4338ca';

/**
 * A certificate of completion: A4 landscape, the attendee's name in the fonts invoices use (so a
 * Devanagari or Chinese name prints as written), the workshop, its date and hours, and where anyone
 * can check it. Its dates are the certificate's own, so the same certificate is the same file.
 */
export function renderCertificatePdf(c: CertificateView, verifyUrl: string): Promise<Buffer> {
  const issued = new Date(c.reissued_at ?? c.issued_at);
  const { pdf, done } = newPdf({
    size: 'A4',
    layout: 'landscape',
    margin: 60,
    info: { Title: `Certificate of completion: ${c.name}`, Author: SITE_NAME, Subject: c.workshop_title, CreationDate: issued, ModDate: issued },
    lang: 'en',
    displayTitle: true,
  });
  const { width: pageWidth, height: pageHeight } = pdf.page;
  pdf.rect(30, 30, pageWidth - 60, pageHeight - 60).lineWidth(2).strokeColor(ACCENT).stroke();
  const x = 80;
  const width = pageWidth - 160;
  const centred = { width, align: 'center' as const };
  let y = 90;
  y = write(pdf, SITE_NAME, x, y, { ...centred, size: 14, color: MUTED, weight: 'bold' }) + 24;
  y = write(pdf, 'Certificate of completion', x, y, { ...centred, size: 30, weight: 'bold', color: ACCENT }) + 28;
  y = write(pdf, 'This certifies that', x, y, { ...centred, size: 13, color: MUTED }) + 12;
  y = write(pdf, c.name, x, y, { ...centred, size: 28, weight: 'bold' }) + 16;
  y = write(pdf, 'completed the live online workshop', x, y, { ...centred, size: 13, color: MUTED }) + 12;
  y = write(pdf, c.workshop_title, x, y, { ...centred, size: 20, weight: 'bold' }) + 14;
  y = write(pdf, `${formatShortDate(c.workshop_date)} · ${c.hours} ${c.hours === 1 ? 'hour' : 'hours'} of live training`, x, y, { ...centred, size: 13 }) + 40;
  write(pdf, `Certificate ${c.id}. Verify it at ${verifyUrl}`, x, Math.max(y, pageHeight - 120), { ...centred, size: 9, color: MUTED });
  pdf.end();
  return done;
}
