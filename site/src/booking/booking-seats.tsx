import { attendeeInputSchema, firstMessage, formatEventDate, type BookingView } from '@workshop/shared';
import { useState, type FormEvent } from 'react';
import { api, userMessage } from '../lib/api';
import { toast } from '../lib/toast';
import '../styles/forms.css';

type Seat = BookingView['seats'][number];

interface Props {
  token: string;
  booking: BookingView;
  /** Seats ticked for cancelling. */
  chosen: string[];
  onChoose: (ids: string[]) => void;
  onRenamed: (booking: BookingView) => void;
  busy: boolean;
}

/** The buyer's seats: who sits in each, renaming until 24 hours before, ticking some to cancel. */
export function BookingSeats({ token, booking, chosen, onChoose, onRenamed, busy }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const canCancel = booking.status === 'completed';
  const toggle = (id: string) => onChoose(chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id]);
  return (
    <ul className="booking-seats" data-testid="booking-seats">
      {booking.seats.map((seat) => (
        <li key={seat.id} className={`card booking-seat ${seat.status === 'cancelled' ? 'booking-seat-off' : ''}`} data-testid={`seat-${seat.position}`}>
          {editing === seat.id ? (
            <RenameForm token={token} seat={seat} onDone={(b) => (setEditing(null), b && onRenamed(b))} />
          ) : (
            <>
              <div className="booking-seat-who">
                {canCancel && seat.status === 'active' && (
                  <input type="checkbox" aria-label={`Choose seat ${seat.position} to cancel`} checked={chosen.includes(seat.id)} onChange={() => toggle(seat.id)} disabled={busy} />
                )}
                <span>
                  <strong>Seat {seat.position}</strong> · {seat.name ? `${seat.name} (${seat.email})` : <span className="muted">not named yet</span>}
                  {seat.status === 'cancelled' && <span className="muted"> · cancelled</span>}
                  {seat.join_url && (
                    <span className="booking-seat-join" data-testid="seat-join">
                      Join link for whoever takes this seat: <a href={seat.join_url}>{seat.join_url}</a>
                    </span>
                  )}
                </span>
              </div>
              {booking.rename_until && seat.status === 'active' && (
                <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(seat.id)} disabled={busy}>
                  {seat.name ? 'Rename' : 'Name this seat'}
                </button>
              )}
            </>
          )}
        </li>
      ))}
      {booking.moved_seats.map((m, i) => (
        <li key={`moved-${i}`} className="card booking-seat booking-seat-off" data-testid="moved-seat">
          <span>
            <strong>{m.name}</strong> · moved to {m.workshop_title}, {formatEventDate(m.workshop_date)}
            <span className="muted"> (their own booking now, with its own link)</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function RenameForm({ token, seat, onDone }: { token: string; seat: Seat; onDone: (b?: BookingView) => void }) {
  const [name, setName] = useState(seat.name ?? '');
  const [email, setEmail] = useState(seat.email ?? '');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  async function save(e: FormEvent) {
    e.preventDefault();
    const parsed = attendeeInputSchema.safeParse({ name, email });
    if (!parsed.success) return setError(firstMessage(parsed.error));
    setSaving(true);
    try {
      const b = await api.booking.renameSeat(token, seat.id, parsed.data);
      toast({ title: 'Seat updated', description: `${parsed.data.name} gets their own confirmation and link at ${parsed.data.email}.`, variant: 'success' });
      onDone(b);
    } catch (err) {
      setError(userMessage(err, 'Could not save. Please try again in a minute.'));
      setSaving(false);
    }
  }
  return (
    <form className="form booking-rename" onSubmit={save} noValidate aria-label={`Seat ${seat.position}`}>
      <div className="field">
        <label htmlFor={`seat-name-${seat.id}`}>Seat {seat.position} name</label>
        <input id={`seat-name-${seat.id}`} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={`seat-email-${seat.id}`}>Seat {seat.position} email</label>
        <input id={`seat-email-${seat.id}`} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="booking-actions">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          Save
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => onDone()} disabled={saving}>
          Keep as it was
        </button>
      </p>
    </form>
  );
}
