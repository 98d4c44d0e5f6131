/**
 * A text input that suggests names from a fixed list as you type (docs/resume.md): the
 * ARIA combobox pattern, with arrow keys to move, Enter to pick, Escape to close; any
 * other name may be typed. Matching ignores case and accents (`suggest` in the contract).
 */
import { FieldError, fieldA11y } from './FormField';
import { useId, useState } from 'react';
import { suggest } from '../../contract/resume-options';

interface Props {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  /** The input's id (a form focuses its first wrong field by it); a generated one otherwise. */
  inputId?: string;
  /** The field's problem, shown under it. */
  error?: string | null;
}

export function NameCombobox({ label, value, options, onChange, inputId, error }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = open ? suggest(options, value) : [];

  function pick(name: string) {
    onChange(name);
    setOpen(false);
    setActive(-1);
  }

  return (
    <div className="combobox">
      <label htmlFor={inputId ?? `${id}-input`}>{label}</label>
      <input
        className="input"
        id={inputId ?? `${id}-input`}
        {...fieldA11y(inputId ?? id, error)}
        role="combobox"
        aria-expanded={shown.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 && shown[active] ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((i) => Math.min(i + 1, shown.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === 'Enter' && open && active >= 0 && shown[active]) {
            e.preventDefault();
            pick(shown[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      <ul id={`${id}-list`} role="listbox" aria-label={label} className="combobox-list" hidden={shown.length === 0}>
        {shown.map((name, i) => (
          <li
            key={name}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            // mousedown, not click: the input's blur would close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(name);
            }}
          >
            {name}
          </li>
        ))}
      </ul>
      <FieldError id={inputId ?? id} error={error} />
    </div>
  );
}
