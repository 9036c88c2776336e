import { fieldErrors } from '@workshop/shared';
import { useState, type FormEvent } from 'react';
import { ApiError } from './api';
import { toast, type Toast } from './toast';
import { useFormFields } from './use-form-fields';

type SchemaError = Parameters<typeof fieldErrors>[0];
type Message = Pick<Toast, 'title' | 'description'>;

interface Options<T, P> {
  /** The shared schema the server checks with too: the form is checked before it is sent. */
  schema: { safeParse(values: T): { success: true; data: P } | { success: false; error: SchemaError } };
  send: (data: P) => Promise<unknown>;
  /** The success toast; `onSent` runs after it, once the form is cleared. */
  sent: Message;
  onSent?: () => void;
  /** The failure toast for what `send` threw; the server's field messages go on the fields instead. */
  failed: (err: unknown) => Message;
}

/**
 * A public form that posts to the API: `useFormFields` plus the submit the forms share. Invalid
 * input is shown on the fields (no toast on top) and never sent; the form is cleared only on success.
 */
export function useSubmitForm<T extends Record<string, string>, P>(initial: T, o: Options<T, P>) {
  const fields = useFormFields(initial);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = o.schema.safeParse(fields.values);
    if (!parsed.success) {
      // The messages are on the fields (announced as alerts): a toast on top would say it twice.
      fields.setErrors(fieldErrors(parsed.error));
      return;
    }
    setBusy(true);
    try {
      await o.send(parsed.data);
      toast({ ...o.sent, variant: 'success' });
      fields.reset();
      o.onSent?.();
    } catch (err) {
      if (err instanceof ApiError && err.fields) fields.setErrors(err.fields);
      else toast({ ...o.failed(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return { ...fields, busy, submit };
}
