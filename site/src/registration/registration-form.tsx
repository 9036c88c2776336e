import { useState, type FormEvent } from 'react';
import { formatPrice, normalizePhoneInput, type PaymentMethod, type PromoPreview, type PublicWorkshop } from '@workshop/shared';
import { EventTime } from '../components/event-time';
import { Field } from '../components/field';
import { Modal } from '../components/modal';
import { siteStore } from '../lib/data';
import { toast } from '../lib/toast';
import { openWaitlist, type DialogState, type OfferPrefill } from '../lib/ui';
import { BillingFields, type BillingDraft } from './billing-fields';
import { payWithCard, payWithPaypal } from './checkout';
import { PromoCodeField } from './promo-code-field';
import { attendeesToSend, mostSeats, type SeatDraft } from './seat-attendees';
import { SeatsField } from './seats-field';
import { WorkshopPicker } from './workshop-picker';

interface Props {
  workshops: PublicWorkshop[];
  /** The workshop whose Register Now was clicked. */
  initialWorkshopId?: string;
  prefill?: DialogState['prefill'];
  /** Opened from a waitlist offer's link: the details are filled in and the held seat is claimed. */
  offer?: OfferPrefill;
  onClose: () => void;
  onPaid: (accessId: string, name: string, email: string) => void;
}

const METHODS: { id: PaymentMethod; label: string; hint: string }[] = [
  { id: 'paypal', label: 'PayPal', hint: 'PayPal balance or any card' },
  { id: 'razorpay', label: 'Razorpay', hint: 'UPI, cards and netbanking (India)' },
];

export function RegistrationForm({ workshops, initialWorkshopId, prefill, offer, onClose, onPaid }: Props) {
  const bookable = workshops.filter((w) => w.registration_open);
  const lowest = Math.min(...(bookable.length ? bookable : workshops).map((w) => w.price_usd_cents));
  const [workshopId, setWorkshop] = useState(() =>
    workshops.some((w) => w.id === initialWorkshopId) ? initialWorkshopId! : workshops.length === 1 ? workshops[0].id : '',
  );
  const known = offer ?? prefill;
  const [name, setName] = useState(known?.name ?? '');
  const [email, setEmail] = useState(known?.email ?? '');
  const [phone, setPhone] = useState(known?.phone ?? '');
  const [method, setMethod] = useState<PaymentMethod>('paypal');
  const [busy, setBusy] = useState(false);
  const [providerOpen, setProviderOpen] = useState(false);
  const [promo, setPromo] = useState<PromoPreview | null>(null);
  const [seatCount, setSeats] = useState(1);
  const [others, setOthers] = useState<SeatDraft[]>([]);
  const [billing, setBilling] = useState<BillingDraft>({});
  const site = siteStore.use();
  const taxIdLabel = site.status === 'ready' ? (site.data.tax_id_label ?? '') : '';
  // A code is priced for one workshop: choosing another asks for it again.
  const setWorkshopId = (id: string) => {
    setWorkshop(id);
    setPromo(null);
  };

  const selected = workshops.find((w) => w.id === workshopId);
  const held = Boolean(offer) && selected?.id === initialWorkshopId;
  // The offered seat is held for this person, whatever the public count says.
  const soldOut = !held && selected?.seats_left === 0;
  const closed = !held && selected !== undefined && !selected.registration_open;
  const applied = promo && promo.workshop_id === workshopId ? promo : null;
  const most = mostSeats(selected, held);
  // Fewer seats left than chosen (another workshop, a sale meanwhile): the stepper follows.
  const seats = Math.min(seatCount, most);
  const unitCents = applied ? applied.amount_cents : (selected?.price_usd_cents ?? lowest);
  const price = formatPrice(unitCents * seats);
  const free = applied?.amount_cents === 0;
  const chooseSeats = (n: number) => {
    setSeats(n);
    setOthers((now) => Array.from({ length: n - 1 }, (_, i) => now[i] ?? { name: '', email: '' }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const named = attendeesToSend({ name, email }, others.slice(0, seats - 1));
    if ('error' in named) {
      toast({ title: 'Error', description: named.error, variant: 'destructive' });
      return;
    }
    setBusy(true);
    const values = { name, email, phone, workshopId, method, promoCode: applied?.code, waitlistToken: held ? offer?.token : undefined, seats, attendees: named.attendees, billing, taxIdLabel };
    // A free seat needs no payment method: the PayPal endpoint books it without asking PayPal.
    if (method === 'paypal' || free) {
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
        chooseSeats(1);
        setBilling({});
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
          <WorkshopPicker workshops={workshops} value={workshopId} onChange={setWorkshopId} />
        ) : (
          <div className="selected-workshop">
            <p className="selected-title">{workshops[0].title}</p>
            <p className="small muted">
              <EventTime iso={workshops[0].date} />
            </p>
            <p className="small strong">{formatPrice(workshops[0].price_usd_cents)}</p>
          </div>
        )}
        {held && (
          <p className="notice" role="status" data-testid="offer-notice">
            A seat is being held for you from the waitlist. Complete your payment to book it.
          </p>
        )}
        {soldOut && (
          <p className="notice notice-warn" role="alert" data-testid="sold-out-notice">
            {selected?.max_participants === 1 ? 'This workshop is full: its only seat has been taken' : `This workshop is full: all ${selected?.max_participants ?? ''} seats have been taken`}, so it
            cannot be booked. Please choose another date.
          </p>
        )}
        {(soldOut || closed) && selected && (
          <button type="button" className="btn btn-outline btn-block" onClick={() => openWaitlist(selected.id)} data-testid="form-waitlist">
            Join the waitlist
          </button>
        )}
        <Field label="Full Name" name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        <Field label="Email Address" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        {/* A text field, not tel: the national number's autofill (tel-national) is only valid on one. */}
        <Field
          label="Phone Number"
          name="phone"
          type="text"
          inputMode="numeric"
          autoComplete="tel-national"
          required
          value={phone}
          onChange={(e) => setPhone(normalizePhoneInput(e.target.value))}
          hint="10 digits, numbers only"
        />
        {!soldOut && <SeatsField seats={seats} most={most} onSeats={chooseSeats} others={others} onOthers={setOthers} unitCents={unitCents} disabled={busy} />}
        <PromoCodeField workshopId={workshopId} applied={applied} onApplied={setPromo} disabled={busy} />
        {!free && <BillingFields value={billing} onChange={setBilling} taxIdLabel={taxIdLabel} disabled={busy} />}
        {!free && (
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
        )}
        <button type="submit" className="btn btn-primary btn-lg btn-block" disabled={busy || soldOut} data-testid="pay-button">
          {busy && <span className="spinner" aria-hidden="true" />}
          {free ? (seats === 1 ? 'Book my free seat' : `Book ${seats} free seats`) : method === 'paypal' ? `Pay with PayPal - ${price}` : `Pay with Razorpay - ${price}`}
        </button>
        {/* The policy's age rule (SPEC §9) said where the buyer agrees, not a checkbox: the flows stay as the SPEC has them. */}
        <p className="small muted" data-testid="terms-notice">
          By registering you accept the{' '}
          <a href="/terms" target="_blank" rel="noopener">
            Terms
          </a>{' '}
          and confirm you are 18 or older, or 13-17 with a parent&apos;s or guardian&apos;s consent.
        </p>
        <p className="small muted">Your workshop link and materials will be emailed to you after payment.</p>
        <p className="small muted">Tip: use a personal email address and check your junk/spam folder if you don&apos;t see our email.</p>
      </form>
    </Modal>
  );
}
