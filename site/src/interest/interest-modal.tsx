import { issueFormSchema } from '@workshop/shared';
import { Field, TextArea } from '../components/field';
import { MaintenanceNotice } from '../components/maintenance-notice';
import { Modal } from '../components/modal';
import { api, ApiError } from '../lib/api';
import { useMaintenance } from '../lib/data';
import { useSubmitForm } from '../lib/use-submit-form';
import '../styles/forms.css';

const EMPTY = { name: '', email: '', message: '' };

/** 'Facing issues?' (SPEC §2): the form is cleared only when the submission succeeds. */
export default function InterestModal({ onClose }: { onClose: () => void }) {
  const { values, errors, edit, busy, submit } = useSubmitForm(EMPTY, {
    schema: issueFormSchema,
    send: (data) => api.interests.submitIssue(data),
    sent: { title: 'Thank you for your interest!', description: "We'll contact you soon with workshop details." },
    onSent: onClose,
    failed: (err) => ({ title: 'Submission failed', description: err instanceof ApiError && err.code === 'maintenance' ? err.message : 'Please try again or contact support.' }),
  });
  const maintenance = useMaintenance();

  return (
    <Modal title="Facing issues?" description={<p>Please fill in details and our team will reach out to you.</p>} onClose={onClose} testId="interest-modal">
      {maintenance.enabled ? (
        <MaintenanceNotice message={maintenance.message} />
      ) : (
        <form className="form" onSubmit={submit} noValidate data-testid="interest-form">
          <Field label="Full Name" name="name" autoComplete="name" value={values.name} onChange={edit('name')} error={errors.name} />
          <Field label="Email Address" name="email" type="email" autoComplete="email" value={values.email} onChange={edit('email')} error={errors.email} />
          <TextArea label="Explain your issue" name="message" rows={4} value={values.message} onChange={edit('message')} error={errors.message} />
          <div className="modal-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Submitting...' : 'Submit Interest'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
