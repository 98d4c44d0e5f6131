/** A labelled input with its problem shown under it and announced with it. */
import type { InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  problem?: string;
}

export function FormField({ id, label, problem, ...input }: Props) {
  const problemId = `${id}-problem`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} className="input" aria-invalid={Boolean(problem)} aria-describedby={problem ? problemId : undefined} {...input} />
      {problem && (
        <p id={problemId} className="field-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
