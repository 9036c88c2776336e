import { useState } from 'react';
import { formatCents, PROMO_MESSAGES, promoCodeField, type PromoPreview } from '@workshop/shared';
import { api, ApiError } from '../lib/api';

interface Props {
  workshopId: string;
  applied: PromoPreview | null;
  onApplied: (preview: PromoPreview | null) => void;
  disabled?: boolean;
}

/**
 * "Apply code": the server prices the code for the chosen workshop and the form shows that
 * price before paying. Checkout sends only the code; the server prices it again.
 */
export function PromoCodeField({ workshopId, applied, onApplied, disabled }: Props) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function apply() {
    if (busy) return;
    const parsed = promoCodeField.safeParse(code);
    if (!parsed.success) return setError(PROMO_MESSAGES.invalidFormat);
    if (!workshopId) return setError('Please select a workshop.');
    setBusy(true);
    setError('');
    try {
      onApplied(await api.promoCodes.preview(parsed.data, workshopId));
    } catch (err) {
      onApplied(null);
      setError(err instanceof ApiError && err.code !== 'internal' && err.code !== 'network_error' ? err.message : 'Could not check this code. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (applied) {
    return (
      <div className="promo-applied" data-testid="promo-applied">
        <p className="notice notice-ok" role="status">
          Code <strong>{applied.code}</strong> applied: <s>{formatCents(applied.price_cents)}</s> <strong data-testid="promo-price">{formatCents(applied.amount_cents)}</strong> (you save {formatCents(applied.discount_cents)})
        </p>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onApplied(null)} disabled={disabled}>
          Remove code
        </button>
      </div>
    );
  }
  return (
    <div className="field">
      <label htmlFor="promo-code">Promo code (optional)</label>
      <div className="promo-row">
        <input
          id="promo-code"
          name="promo_code"
          autoComplete="off"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            setError('');
          }}
          onKeyDown={(e) => {
            // Enter applies the code instead of submitting the payment.
            if (e.key === 'Enter') {
              e.preventDefault();
              void apply();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'promo-code-error' : undefined}
          data-testid="promo-code-input"
        />
        <button type="button" className="btn btn-outline" onClick={apply} disabled={busy || disabled || !code.trim()} data-testid="promo-apply">
          {busy && <span className="spinner" aria-hidden="true" />}
          Apply code
        </button>
      </div>
      {error && (
        <p id="promo-code-error" className="field-error" role="alert" data-testid="promo-error">
          {error}
        </p>
      )}
    </div>
  );
}
