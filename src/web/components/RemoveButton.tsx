/**
 * The one ✕ that takes a row, a role or an image out of a form (issue 49 item 21): a quiet
 * icon action, never the filled primary style, with a name that says what it removes
 * ("Remove skill 2", "Remove role: Role 1") since the ✕ itself says nothing to a screen reader,
 * and a 44×44 px target on a phone.
 *
 * The pressed button usually goes with its row, which would drop focus to the body. Unless the
 * caller has moved focus itself, it lands on the ✕ now in the removed one's place (the next
 * row's, else the last one left), else on the first control of the nearest part of the form
 * still drawn (its "Add" button), so the keyboard goes on from where it was. That landing goes
 * through useFocusWhenDrawn, after the render that draws the list without the row (the ✕ itself
 * may leave in it), like every focus after a list changes, never on a timer or the next frame.
 */
import type { ButtonHTMLAttributes, MouseEvent } from 'react';
import './remove-button.css';
import { useFocusWhenDrawn } from './useFocusWhenDrawn';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children' | 'aria-label' | 'className'> & {
  /** What a press removes, in words: the button's accessible name and its tooltip. */
  label: string;
};

const PARTS = 'ol, ul, fieldset, section, form, main';
const CONTROLS = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href]';

/** A press: the parts of the form around the pressed ✕ (nearest first), and its place among the first part's ✕s. */
type Removal = { parts: Element[]; index: number };

/** The enclosing parts of the form, nearest first. */
function partsAround(el: Element): Element[] {
  const parts: Element[] = [];
  for (let at = el.parentElement?.closest(PARTS); at; at = at.parentElement?.closest(PARTS)) parts.push(at);
  return parts;
}

/** Where focus goes once the list is drawn without the row. */
function afterRemoval({ parts, index }: Removal): HTMLElement | null {
  const active = document.activeElement;
  // The caller moved focus itself, or the pressed ✕ stayed (a list keyed by place): leave it.
  if (active instanceof HTMLElement && active !== document.body && active.isConnected) return active;
  const part = parts.find((p) => p.isConnected);
  if (!part) return null;
  const left = [...part.querySelectorAll<HTMLButtonElement>('.remove-button:not(:disabled)')];
  return left[Math.min(index, left.length - 1)] ?? part.querySelector<HTMLElement>(CONTROLS);
}

export function RemoveButton({ label, onClick, ...rest }: Props) {
  const focusWhenDrawn = useFocusWhenDrawn(afterRemoval);
  function press(e: MouseEvent<HTMLButtonElement>) {
    const button = e.currentTarget;
    const parts = partsAround(button);
    const index = parts[0] ? [...parts[0].querySelectorAll('.remove-button')].indexOf(button) : 0;
    onClick?.(e);
    focusWhenDrawn({ parts, index });
  }
  return (
    <button type="button" className="remove-button" aria-label={label} title={label} onClick={press} {...rest}>
      <span aria-hidden="true">✕</span>
    </button>
  );
}
