import { useState, type FormEvent } from 'react';
import { useFormFields } from '../lib/use-form-fields';
import { fieldErrors, firstMessage, issueFormSchema } from '@workshop/shared';
import { Field, TextArea } from '../components/field';
import { MaintenanceNotice } from '../components/maintenance-notice';
import { Modal } from '../components/modal';
import { api, ApiError } from '../lib/api';
import { useMaintenance } from '../lib/data';
import { toast } from '../lib/toast';
import '../styles/forms.css';

const EMPTY = { name: '', email: '', message: '' };

/** 'Facing issues?' (SPEC §2): the form is cleared only when the submission succeeds. */
export default function InterestModal({ onClose }: { onClose: () => void }) {
  const { values, errors, setErrors, edit, reset } = useFormFields(EMPTY);
  const [busy, setBusy] = useState(false);
  const maintenance = useMaintenance();


  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = issueFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      toast({ title: 'Please check the form', description: firstMessage(parsed.error), variant: 'destructive' });
      return;
    }
    setBusy(true);
    try {
      await api.interests.submitIssue(parsed.data);
      toast({ title: 'Thank you for your interest!', description: "We'll contact you soon with workshop details.", variant: 'success' });
      reset();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        setErrors(err.fields);
        toast({ title: 'Please check the form', description: err.message, variant: 'destructive' });
      } else {
        toast({ title: 'Submission failed', description: err instanceof ApiError && err.code === 'maintenance' ? err.message : 'Please try again or contact support.', variant: 'destructive' });
      }
    } finally {
      setBusy(false);
    }
  }

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
