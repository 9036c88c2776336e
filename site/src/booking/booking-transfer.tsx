import { normalizePhoneInput, transferInputSchema, type BookingView } from '@workshop/shared';
import { useState, type FormEvent } from 'react';
import { Field } from '../components/field';
import { api, userMessage } from '../lib/api';
import { toast } from '../lib/toast';

type Errors = Partial<Record<'name' | 'email' | 'phone', string>>;

/**
 * "Give my seat to someone else" (until 24 hours before the start): the booking, or an attendee's
 * own seat, goes to the person named, who gets their own confirmation and link; this link stops
 * working, so once done the page says so and offers nothing more.
 */
export function BookingTransfer({ token, booking, onDone }: { token: string; booking: BookingView; onDone: (name: string) => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [values, setValues] = useState({ name: '', email: '', phone: '' });
  // An error stays only while its field is as it was when checked.
  const change = (field: keyof Errors, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = transferInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path[0], i.message])) as Errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api.booking.transfer(token, parsed.data);
      onDone(parsed.data.name);
    } catch (err) {
      toast({ title: 'Could not transfer', description: userMessage(err, 'Please try again in a minute.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  if (!open) {
    return (
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)} data-testid="booking-transfer-open">
        {booking.role === 'attendee' ? 'Give my seat to someone else' : 'Transfer my booking'}
      </button>
    );
  }
  return (
    <form className="card booking-transfer form" onSubmit={submit} noValidate data-testid="booking-transfer">
      <h3>Who should have {booking.role === 'attendee' ? 'your seat' : 'your booking'}?</h3>
      <p className="muted small">They get their own confirmation and booking link; this link stops working. Nothing is charged, and any refund still goes to the original payment method.</p>
      <Field label="Name" value={values.name} onChange={(e) => change('name', e.target.value)} error={errors.name} autoComplete="off" />
      <Field label="Email" type="email" value={values.email} onChange={(e) => change('email', e.target.value)} error={errors.email} autoComplete="off" />
      <Field label="Phone" inputMode="numeric" value={values.phone} onChange={(e) => change('phone', normalizePhoneInput(e.target.value))} error={errors.phone} hint="10 digits, numbers only" />
      <p className="booking-actions">
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="booking-transfer-submit">
          Transfer
        </button>
        <button type="button" className="btn btn-outline" onClick={() => setOpen(false)} disabled={busy}>
          Keep it
        </button>
      </p>
    </form>
  );
}
