import { formatPrice, type PublicWorkshop } from '@workshop/shared';
import { EventTime } from '../components/event-time';

interface Props {
  workshops: PublicWorkshop[];
  value: string;
  onChange: (id: string) => void;
}

const note = (w: PublicWorkshop) => (!w.registration_open ? 'Registration Closed' : w.seats_left === 0 ? 'Sold Out' : null);

/**
 * SPEC §2's 'Select Workshop' as a list of choices rather than a dropdown: a phone's native
 * select cuts long titles and hides the date and price, here each choice shows all three whole.
 */
export function WorkshopPicker({ workshops, value, onChange }: Props) {
  return (
    <fieldset className="choices" data-testid="workshop-choices">
      <legend>Select Workshop</legend>
      {workshops.map((w) => {
        const why = note(w);
        return (
          <label key={w.id} className={`choice ${value === w.id ? 'choice-on' : ''} ${why ? 'choice-off' : ''}`} data-testid="workshop-choice">
            <input type="radio" name="workshop" value={w.id} checked={value === w.id} onChange={() => onChange(w.id)} />
            <span className="choice-body">
              <span className="choice-title">{w.title}</span>
              <span className="choice-meta">
                <EventTime iso={w.date} />
                <strong className="choice-price">{formatPrice(w.price_usd_cents)}</strong>
              </span>
              {why && <span className="choice-note">{why}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
