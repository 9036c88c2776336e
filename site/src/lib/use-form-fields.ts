import { useState } from 'react';

/**
 * Field values plus per-field messages for the public forms. A field's message goes away as
 * soon as it is edited (SPEC §4); `reset` clears the form, which the forms do only on success.
 */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const edit = (key: keyof T & string) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [key]: e.target.value }));
    setErrors(({ [key]: _gone, ...rest }) => rest);
  };
  return { values, errors, setErrors, edit, reset: () => setValues(initial) };
}
