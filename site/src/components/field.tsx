import { useId, type ComponentPropsWithRef, type TextareaHTMLAttributes } from 'react';
import '../styles/forms.css';

interface FieldProps extends ComponentPropsWithRef<'input'> {
  label: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function Field({ label, error, hint, id, ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const errId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface AreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
}

export function TextArea({ label, error, id, ...area }: AreaProps) {
  const auto = useId();
  const areaId = id ?? auto;
  const errId = `${areaId}-error`;
  return (
    <div className="field">
      <label htmlFor={areaId}>{label}</label>
      <textarea id={areaId} aria-invalid={error ? true : undefined} aria-describedby={error ? errId : undefined} {...area} />
      {error && (
        <p id={errId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
