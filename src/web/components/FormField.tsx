/**
 * A labelled input, select or textarea whose problem shows under it (aria-invalid,
 * aria-describedby). `TextField` is the common case: a plain input. Forms find every
 * field's problem at once with `useFieldProblems`.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
  children: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

export function FormField({ id, label, error, hint, children }: Props) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described })}
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      {error && <p id={`${id}-error`} className="field-error" role="alert">{error}</p>}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error?: string | null;
  hint?: ReactNode;
}

/** A labelled `<input class="input">` with its problem under it. */
export function TextField({ id, label, error, hint, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(a11y) => <input className="input" {...input} {...a11y} />}
    </FormField>
  );
}
