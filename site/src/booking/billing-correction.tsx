import { checkoutBillingSchema, firstMessage, type BookingDocuments } from '@workshop/shared';
import { useState, type FormEvent } from 'react';
import { api, userMessage } from '../lib/api';
import { toast } from '../lib/toast';
import { BillingFields, type BillingDraft } from '../registration/billing-fields';

/**
 * Issue 25: the buyer corrects the company details on their invoice. The server credits the old
 * invoice and issues a new one; this form says so before it is sent.
 */
export function BillingCorrection({ token, docs, onDone }: { token: string; docs: BookingDocuments; onDone: (docs: BookingDocuments) => void }) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<BillingDraft>(docs.billing);
  const [busy, setBusy] = useState(false);
  if (!open)
    return (
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)} data-testid="billing-correct">
        Correct the company details
      </button>
    );

  async function save(e: FormEvent) {
    e.preventDefault();
    const checked = checkoutBillingSchema(docs.tax_id_label).safeParse({ billing: draft });
    if (!checked.success) {
      toast({ title: 'Error', description: firstMessage(checked.error), variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      const next = await api.booking.correctBilling(token, { billing: checked.data.billing });
      toast({ title: 'Invoice corrected', description: next.invoice ? `Invoice ${next.invoice.number} replaces the old one, which is credited in full.` : 'Saved.', variant: 'success' });
      setOpen(false);
      onDone(next);
    } catch (err) {
      toast({ title: 'Error', description: userMessage(err, 'The company details could not be saved. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card form" onSubmit={save} data-testid="billing-correction" noValidate>
      <p className="small muted">An invoice never changes once issued: saving credits the current one in full and issues a new invoice with these details.</p>
      <BillingFields value={draft} onChange={setDraft} taxIdLabel={docs.tax_id_label} disabled={busy} open />
      <p className="booking-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Issue the corrected invoice
        </button>
        <button type="button" className="btn btn-outline" onClick={() => setOpen(false)} disabled={busy}>
          Keep the invoice as it is
        </button>
      </p>
    </form>
  );
}
