/** A definition list of profile rows; an empty value reads "Not added yet". */
import type { ReactNode } from 'react';

export function DetailsList({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="details-list">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === '' || value === null ? <span className="details-empty">Not added yet</span> : value}</dd>
        </div>
      ))}
    </dl>
  );
}
