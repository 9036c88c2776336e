import { useState, type FormEvent } from 'react';
import { fieldErrors, normalizePhoneInput, waitlistJoinSchema, type WaitlistJoinResponse } from '@workshop/shared';
import { EventTime } from '../components/event-time';
import { Field } from '../components/field';
import { MaintenanceNotice } from '../components/maintenance-notice';
import { Modal } from '../components/modal';
import { api, ApiError, userMessage } from '../lib/api';
import { useMaintenance, workshopsStore } from '../lib/data';
import { openRegistration } from '../lib/ui';
import { toast } from '../lib/toast';
import { useFormFields } from '../lib/use-form-fields';
import '../styles/forms.css';

const EMPTY = { name: '', email: '', phone: '' };

/**
 * "Join the waitlist" for a full or closed workshop: the registration's fields and rules. When a
 * seat frees, the first in line gets an email with a link that holds it for them.
 */
export default function WaitlistModal({ workshopId, onClose }: { workshopId?: string; onClose: () => void }) {
  const state = workshopsStore.use();
  const maintenance = useMaintenance();
  const workshop = state.status === 'ready' ? state.data.find((w) => w.id === workshopId) : undefined;
  const { values, errors, setErrors, edit } = useFormFields(EMPTY);
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<WaitlistJoinResponse | undefined>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !workshopId) return;
    const parsed = waitlistJoinSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setBusy(true);
    try {
      setJoined(await api.waitlist.join(workshopId, parsed.data));
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else {
        toast({ title: 'Could not join the waitlist', description: userMessage(err, 'Please try again in a moment.'), variant: 'destructive' });
        // Seats opened up meanwhile: show them, so the buyer can simply book.
        if (err instanceof ApiError && err.code === 'conflict') workshopsStore.reload();
      }
    } finally {
      setBusy(false);
    }
  }

  const bookable = workshop && workshop.registration_open && workshop.seats_left !== 0;
  return (
    <Modal title="Join the waitlist" description={<p>This workshop is full or closed. Leave your details and we will email you the moment a seat frees up.</p>} onClose={onClose} testId="waitlist-modal">
      {maintenance.enabled ? (
        <MaintenanceNotice message={maintenance.message} />
      ) : joined ? (
        <div className="form">
          <p className="notice" role="status" data-testid="waitlist-joined">
            {joined.message}
            {joined.position !== null && <strong> You are number {joined.position} in line.</strong>}
          </p>
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      ) : (
        <form className="form" onSubmit={submit} noValidate data-testid="waitlist-form">
          {workshop && (
            <div className="selected-workshop">
              <p className="selected-title">{workshop.title}</p>
              <p className="small muted">
                <EventTime iso={workshop.date} />
              </p>
            </div>
          )}
          {bookable && (
            <p className="notice" data-testid="waitlist-seats-open">
              Seats are available again.{' '}
              <button type="button" className="btn btn-ghost" onClick={() => openRegistration(workshop.id)}>
                Register now
              </button>
            </p>
          )}
          <Field label="Full Name" name="name" autoComplete="name" value={values.name} onChange={edit('name')} error={errors.name} />
          <Field label="Email Address" name="email" type="email" autoComplete="email" value={values.email} onChange={edit('email')} error={errors.email} />
          {/* A text field, not tel: the national number's autofill (tel-national) is only valid on one. */}
          <Field
            label="Phone Number"
            name="phone"
            type="text"
            inputMode="numeric"
            autoComplete="tel-national"
            value={values.phone}
            onChange={(e) => edit('phone')({ target: { value: normalizePhoneInput(e.target.value) } })}
            error={errors.phone}
            hint="10 digits, numbers only"
          />
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy || !workshopId} data-testid="waitlist-submit">
              {busy ? 'Joining...' : 'Join the waitlist'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
