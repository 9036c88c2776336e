import { formatCents, formatShortDate, type BookingDocuments } from '@workshop/shared';
import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import { BillingCorrection } from './billing-correction';

const base = (token: string) => `/api/booking/${encodeURIComponent(token)}`;

/**
 * Issue 25: the order's invoice and its credit notes, as PDFs for the buyer's books. Only on the
 * buyer's own link (an attendee's opens their seat, not the order's money); nothing for a free seat.
 */
export function BookingDocumentsList({ token, status }: { token: string; status: string }) {
  const [docs, setDocs] = useState<BookingDocuments | null>(null);
  useEffect(() => {
    // A refund issues a credit note: the status changing is when a new one may be there.
    api.booking.documents(token).then(setDocs, () => setDocs(null));
  }, [token, status]);
  if (!docs?.invoice) return null;
  return (
    <>
      <h2>Invoice</h2>
      <div data-testid="booking-documents">
      <ul className="booking-documents">
        <li>
          <a href={`${base(token)}/invoice.pdf`} download={`${docs.invoice.number}.pdf`}>
            {docs.invoice.title} {docs.invoice.number} (PDF)
          </a>{' '}
          <span className="muted">
            {formatShortDate(docs.invoice.issued_at)} · {formatCents(docs.invoice.total_cents)}
          </span>
        </li>
        {docs.credit_notes.map((n) => (
          <li key={n.number}>
            <a href={`${base(token)}/credit-notes/${encodeURIComponent(n.number)}.pdf`} download={`${n.number}.pdf`}>
              Credit note {n.number} (PDF)
            </a>{' '}
            <span className="muted">
              {formatShortDate(n.issued_at)} · {n.reason === 'refund' ? `${formatCents(n.total_cents)} refunded` : `cancels invoice ${n.credits} to correct its details`}
            </span>
          </li>
        ))}
      </ul>
      {docs.correctable && <BillingCorrection token={token} docs={docs} onDone={setDocs} />}
      </div>
    </>
  );
}
