import { formatPrice } from '@workshop/shared';
import { useId } from 'react';
import type { SeatDraft } from './seat-attendees';

interface Props {
  seats: number;
  most: number;
  onSeats: (seats: number) => void;
  /** Seats 2..N: who sits in them (optional). */
  others: SeatDraft[];
  onOthers: (others: SeatDraft[]) => void;
  unitCents: number;
  disabled?: boolean;
}

/**
 * "Seats": one by default, as many as are left up to ten, with the total kept beside it. Each
 * further seat may be named here or later from the booking page.
 */
export function SeatsField({ seats, most, onSeats, others, onOthers, unitCents, disabled }: Props) {
  const id = useId();
  const set = (n: number) => onSeats(Math.max(1, Math.min(most, n)));
  const edit = (i: number, patch: Partial<SeatDraft>) => onOthers(others.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <div className="field seats-field">
      <label htmlFor={`${id}-seats`}>Seats</label>
      <div className="stepper">
        <button type="button" className="btn btn-outline" aria-label="One seat fewer" onClick={() => set(seats - 1)} disabled={disabled || seats <= 1}>
          −
        </button>
        <input
          id={`${id}-seats`}
          name="seats"
          type="number"
          inputMode="numeric"
          min={1}
          max={most}
          value={seats}
          onChange={(e) => set(Number.parseInt(e.target.value, 10) || 1)}
          disabled={disabled}
          aria-describedby={`${id}-total`}
          data-testid="seats-input"
        />
        <button type="button" className="btn btn-outline" aria-label="One seat more" onClick={() => set(seats + 1)} disabled={disabled || seats >= most}>
          +
        </button>
        <p id={`${id}-total`} className="seats-total" aria-live="polite" data-testid="seats-total">
          {seats === 1 ? `1 seat · ${formatPrice(unitCents)}` : `${seats} seats × ${formatPrice(unitCents)} = ${formatPrice(unitCents * seats)}`}
        </p>
      </div>
      {seats > 1 && (
        <fieldset className="attendees" data-testid="attendee-fields">
          <legend>Who is coming? (optional)</legend>
          <p className="field-hint">Seat 1 is yours. Name the others now or later from your booking page: each gets their own confirmation and link.</p>
          {others.slice(0, seats - 1).map((seat, i) => (
            <div className="attendee-row" key={i}>
              <input
                aria-label={`Seat ${i + 2} name`}
                placeholder={`Seat ${i + 2} name`}
                autoComplete="off"
                value={seat.name}
                onChange={(e) => edit(i, { name: e.target.value })}
                disabled={disabled}
              />
              <input
                aria-label={`Seat ${i + 2} email`}
                placeholder={`Seat ${i + 2} email`}
                type="email"
                autoComplete="off"
                value={seat.email}
                onChange={(e) => edit(i, { email: e.target.value })}
                disabled={disabled}
              />
            </div>
          ))}
        </fieldset>
      )}
    </div>
  );
}
