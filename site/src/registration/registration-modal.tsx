import { useNavigate } from 'react-router-dom';
import { MaintenanceNotice } from '../components/maintenance-notice';
import { Modal } from '../components/modal';
import { useMaintenance, workshopsStore } from '../lib/data';
import { openWaitlist, type DialogState, type OfferPrefill } from '../lib/ui';
import { RegistrationForm } from './registration-form';
import '../styles/forms.css';

/** SPEC §2 registration dialog: loading, not available, all closed, or the form. */
export default function RegistrationModal({ workshopId, prefill, offer, onClose }: { workshopId?: string; prefill?: DialogState['prefill']; offer?: OfferPrefill; onClose: () => void }) {
  const loaded = workshopsStore.use();
  // A workshop the organiser called off is shown as such on the pages, never offered here.
  const state = loaded.status === 'ready' ? { ...loaded, data: loaded.data.filter((w) => w.status !== 'cancelled') } : loaded;
  const maintenance = useMaintenance();
  const navigate = useNavigate();

  if (maintenance.enabled) {
    return (
      <Modal title="Workshop Registration" onClose={onClose} testId="registration-modal">
        <MaintenanceNotice message={maintenance.message} />
      </Modal>
    );
  }
  if (state.status === 'loading') {
    return (
      <Modal title="Workshop Registration" onClose={onClose} testId="registration-modal">
        <p className="loading-line" aria-busy="true">
          <span className="spinner" aria-hidden="true" /> Loading workshop details...
        </p>
      </Modal>
    );
  }
  if (state.status === 'error' || state.data.length === 0) {
    return (
      <Modal title="Workshop Not Available" onClose={onClose} testId="registration-modal">
        <p className="muted">{state.status === 'error' ? state.error : 'No active workshops are currently available for registration.'}</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Close
          </button>
        </div>
      </Modal>
    );
  }
  // A waitlist offer is a personal invitation: it stands while registration is closed to the public.
  if (!offer && state.data.every((w) => !w.registration_open)) {
    const closed = state.data.find((w) => w.id === workshopId) ?? state.data[0];
    return (
      <Modal title="Registration Closed" onClose={onClose} testId="registration-modal">
        <p className="muted">Registration for this workshop is currently closed.</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Close
          </button>
          <button type="button" className="btn btn-primary" onClick={() => openWaitlist(closed.id)} data-testid="registration-waitlist">
            Join the waitlist
          </button>
        </div>
      </Modal>
    );
  }
  return (
    <RegistrationForm
      workshops={state.data}
      initialWorkshopId={workshopId}
      prefill={prefill}
      offer={offer}
      onClose={onClose}
      onPaid={(accessId, name, email) => {
        onClose();
        workshopsStore.reload();
        navigate(`/thank-you?${new URLSearchParams({ payment: 'success', method: 'razorpay', accessId, name, email })}`);
      }}
    />
  );
}
