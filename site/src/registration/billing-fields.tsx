import { asksForGstin, type CheckoutBillingInput } from '@workshop/shared';
import type { ChangeEvent } from 'react';
import { Field, TextArea } from '../components/field';

export type BillingDraft = NonNullable<CheckoutBillingInput['billing']>;

interface Props {
  value: BillingDraft;
  onChange: (next: BillingDraft) => void;
  /** What the seller calls a tax ID (GSTIN, VAT ID); "Tax ID" when it has not said. */
  taxIdLabel: string;
  disabled?: boolean;
  /** Shown unfolded (the booking page's correction form). */
  open?: boolean;
}

/**
 * Issue 25: a company's details for the invoice, folded away so the SPEC's form stays as it is
 * for everyone who does not need them. All optional; the server checks them again.
 */
export function BillingFields({ value, onChange, taxIdLabel, disabled, open }: Props) {
  const set = (key: keyof BillingDraft) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange({ ...value, [key]: e.target.value });
  return (
    <details className="billing" data-testid="billing-details" open={open}>
      <summary>Need an invoice for a company?</summary>
      <p className="small muted">Optional: printed on the invoice we email you after payment.</p>
      <Field label="Company name" name="billing_company" autoComplete="organization" maxLength={200} value={value.company ?? ''} onChange={set('company')} disabled={disabled} />
      <TextArea label="Billing address" name="billing_address" autoComplete="street-address" rows={3} maxLength={500} value={value.address ?? ''} onChange={set('address')} disabled={disabled} />
      <Field
        label={taxIdLabel.trim() || 'Tax ID'}
        name="billing_tax_id"
        maxLength={50}
        value={value.tax_id ?? ''}
        onChange={set('tax_id')}
        disabled={disabled}
        hint={asksForGstin(taxIdLabel) ? '15 characters, for example 29ABCDE1234F1Z5' : undefined}
      />
    </details>
  );
}
