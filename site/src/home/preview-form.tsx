import { useState, type FormEvent } from 'react';
import { useFormFields } from '../lib/use-form-fields';
import { fieldErrors, STORAGE_KEYS, videoLeadSchema } from '@workshop/shared';
import { Field } from '../components/field';
import { api, ApiError } from '../lib/api';
import { writeStore } from '../lib/storage';
import { toast } from '../lib/toast';

interface Props {
  workshopId: string | null;
  onUnlocked: () => void;
}

export default function PreviewForm({ workshopId, onUnlocked }: Props) {
  const { values, errors, setErrors, edit } = useFormFields({ name: '', email: '' });
  const [busy, setBusy] = useState(false);


  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = videoLeadSchema.safeParse({ ...values, workshop_id: workshopId });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setBusy(true);
    try {
      await api.videoLeads.submit(parsed.data);
      writeStore('session', STORAGE_KEYS.videoUnlocked, 'true');
      toast({ title: 'Success!', description: 'Enjoy the preview video', variant: 'success' });
      onUnlocked();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      toast({ title: 'Error', description: 'Failed to submit. Please try again.', variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Unlock the preview video" data-testid="preview-form">
      <h2 className="preview-title">Unlock the free preview</h2>
      <Field label="Name" name="name" autoComplete="name" value={values.name} onChange={edit('name')} error={errors.name} />
      <Field label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={edit('email')} error={errors.email} />
      <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
        {busy ? 'Unlocking...' : 'Watch Preview'}
      </button>
    </form>
  );
}
