/**
 * The form kit's pieces (docs/architecture.md, "Web forms and data"): a labelled input, select
 * or textarea whose problem shows under it (aria-invalid, aria-describedby). `TextField` is the
 * common case: a plain input; `AllOrOneSelect` a filter's select, "all" or one of a list. `FieldGroup` is a fieldset (a choice of several boxes) with its
 * legend and its problem. `FieldError` is the one way a field's problem is written: a paragraph
 * `<id>-error` that the field names in aria-describedby. Forms find every field's problem at
 * once with `useFieldProblems`.
 */
import type { FieldsetHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';

/** A field's problem under it, `<id>-error` (the id its field's aria-describedby names); nothing without one. */
export function FieldError({ id, error, className, focusable }: { id: string; error?: string | null; className?: string; focusable?: boolean }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className={className ? `field-error ${className}` : 'field-error'} role="alert" tabIndex={focusable ? -1 : undefined}>
      {error}
    </p>
  );
}

/** What a field with this id and problem says to assistive technology: invalid, described by its problem and hint. */
export function fieldA11y(id: string, error?: string | null, hint?: boolean) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return { 'aria-invalid': Boolean(error), 'aria-describedby': described };
}

interface Props {
  id: string;
  /** Words, or words with a part only a screen reader hears (which role of several). */
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  children: (a11y: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode;
}

export function FormField({ id, label, error, hint, children }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, ...fieldA11y(id, error, Boolean(hint)) })}
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      <FieldError id={id} error={error} />
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

interface AllOrOneSelectProps {
  id: string;
  label: string;
  /** The first option's words: no filter, sent as ''. */
  all: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
}

/** A labelled filter `<select>`: "All" (value '') or one of `options` (each its own value and words). */
export function AllOrOneSelect({ id, label, all, options, value, onChange }: AllOrOneSelectProps) {
  return (
    <FormField id={id} label={label}>
      {(a11y) => (
        <select {...a11y} className="select" value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{all}</option>
          {options.map((o) => <option key={o}>{o}</option>)}
        </select>
      )}
    </FormField>
  );
}

interface FieldGroupProps extends Omit<FieldsetHTMLAttributes<HTMLFieldSetElement>, 'id' | 'children'> {
  /** The fieldset's id: focus goes to it (it takes focus) and its problem is `<id>-error`. */
  id: string;
  legend: ReactNode;
  legendClassName?: string;
  error?: string | null;
  /** A line under the legend (`<id>-hint`) that describes the group too. */
  hint?: ReactNode;
  children: ReactNode;
}

/**
 * A fieldset (checkboxes, radios, a list of rows) with its legend and its problem shown under
 * it; the fieldset is described by the problem, so a screen reader announces it with the group.
 */
export function FieldGroup({ id, legend, legendClassName, error, hint, children, ...fieldset }: FieldGroupProps) {
  return (
    <fieldset id={id} tabIndex={-1} {...fieldset} {...fieldA11y(id, error, Boolean(hint))}>
      <legend className={legendClassName}>{legend}</legend>
      {hint && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      {children}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
