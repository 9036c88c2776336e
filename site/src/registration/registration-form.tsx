import { useState, type FormEvent } from 'react';
import { formatEventDate, formatPrice, normalizePhoneInput, type PaymentMethod, type PublicWorkshop } from '@workshop/shared';
import { Field } from '../components/field';
import { Modal } from '../components/modal';
import { payWithCard, payWithPaypal } from './checkout';

interface Props {
  workshops: PublicWorkshop[];
  onClose: () => void;
  onPaid: (accessId: string, name: string, email: string) => void;
}

const METHODS: { id: PaymentMethod; label: string; hint: string }[] = [
  { id: 'paypal', label: 'PayPal', hint: 'PayPal balance or any card' },
  { id: 'razorpay', label: 'Razorpay', hint: 'UPI, cards and netbanking (India)' },
];

export function RegistrationForm({ workshops, onClose, onPaid }: Props) {
  const bookable = workshops.filter((w) => w.registration_open);
  const lowest = Math.min(...bookable.map((w) => w.price_usd_cents));
  const [workshopId, setWorkshopId] = useState(workshops.length === 1 ? workshops[0].id : '');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('paypal');
  const [busy, setBusy] = useState(false);
  const [providerOpen, setProviderOpen] = useState(false);

  const selected = workshops.find((w) => w.id === workshopId);
  const soldOut = selected?.seats_left === 0;
  const price = formatPrice(selected?.price_usd_cents ?? lowest);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    const values = { name, email, phone, workshopId, method };
    if (method === 'paypal') {
      // On success the browser is leaving for PayPal: keep the spinner until it does.
      if (!(await payWithPaypal(values))) setBusy(false);
      return;
    }
    const opened = await payWithCard(values, selected, {
      onProviderOpen: () => setProviderOpen(true),
      onDismiss: () => {
        setProviderOpen(false);
        setBusy(false);
      },
      onPaid: (accessId) => {
        const who = { name: name.trim(), email: email.trim() };
        setName('');
        setEmail('');
        setPhone('');
        setProviderOpen(false);
        setBusy(false);
        onPaid(accessId, who.name, who.email);
      },
      onVerifyFailed: () => {
        setProviderOpen(false);
        setBusy(false);
      },
    });
    if (!opened) setBusy(false);
  }

  return (
    <Modal
      title="Workshop Registration"
      description={
        <p>
          Register for our exclusive workshop{workshops.length > 1 ? 's' : ''} - Starting from <strong>{formatPrice(lowest)}</strong>!
        </p>
      }
      onClose={onClose}
      paused={providerOpen}
      testId="registration-modal"
    >
      {/* The card flow reports its checks as toasts in the SPEC's order, so the browser's own checks stay out of its way. */}
      <form className="form" onSubmit={submit} noValidate={method === 'razorpay'} data-testid="registration-form">
        {workshops.length > 1 ? (
          <div className="field">
            <label htmlFor="reg-workshop">Select Workshop</label>
            <select id="reg-workshop" value={workshopId} onChange={(e) => setWorkshopId(e.target.value)} required>
              <option value="">Choose a workshop</option>
              {workshops.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.title} - {formatEventDate(w.date)} - {formatPrice(w.price_usd_cents)}
                  {!w.registration_open ? ' (Registration Closed)' : w.seats_left === 0 ? ' (Sold Out)' : ''}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div className="selected-workshop">
            <p className="selected-title">{workshops[0].title}</p>
            <p className="small muted">
              {formatEventDate(workshops[0].date)} · {formatPrice(workshops[0].price_usd_cents)}
            </p>
          </div>
        )}
        {soldOut && (
          <p className="notice notice-warn" role="alert" data-testid="sold-out-notice">
            This workshop is full: all {selected?.max_participants ?? ''} seats have been taken, so it cannot be booked. Please choose another date.
          </p>
        )}
        <Field label="Full Name" name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        <Field label="Email Address" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field
          label="Phone Number"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required
          value={phone}
          onChange={(e) => setPhone(normalizePhoneInput(e.target.value))}
          hint="10 digits, numbers only"
        />
        <fieldset className="methods">
          <legend>Payment method</legend>
          {METHODS.map((m) => (
            <label key={m.id} className={`method ${method === m.id ? 'method-on' : ''}`}>
              <input type="radio" name="method" value={m.id} checked={method === m.id} onChange={() => setMethod(m.id)} />
              <span>
                <span className="method-label">{m.label}</span>
                <span className="method-hint">{m.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy || soldOut} data-testid="pay-button">
          {busy && <span className="spinner" aria-hidden="true" />}
          {method === 'paypal' ? `Pay with PayPal - ${price}` : `Pay with Razorpay - ${price}`}
        </button>
        <p className="small muted">Your workshop link and materials will be emailed to you after payment.</p>
        <p className="small muted">Tip: use a personal email address and check your junk/spam folder if you don&apos;t see our email.</p>
      </form>
    </Modal>
  );
}
