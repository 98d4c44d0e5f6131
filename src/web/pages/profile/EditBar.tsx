/**
 * The header of the edit screens: a cross (or back arrow) and a tick that saves. The cross
 * goes back one step inside the app, or to the screen's parent when the page was opened
 * directly, never off the site (docs/screens.md).
 */
import { useNavigate } from 'react-router';

/** True when the app itself has a previous screen to go back to. */
const hasInAppHistory = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

interface Props {
  title: string;
  backLabel: string;
  saveLabel: string;
  /** Where the cross goes when there is no screen of ours to go back to. */
  parent: string;
  back?: 'cross' | 'arrow';
}

export function EditBar({ title, backLabel, saveLabel, parent, back = 'cross' }: Props) {
  const navigate = useNavigate();
  return (
    <div className="edit-bar">
      <button type="button" className="icon-btn" aria-label={backLabel} title={backLabel} onClick={() => (hasInAppHistory() ? navigate(-1) : navigate(parent))}>
        {back === 'cross' ? (
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" /></svg>
        ) : (
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" /></svg>
        )}
      </button>
      <h1>{title}</h1>
      <button type="submit" className="icon-btn icon-btn-primary" aria-label={saveLabel} title={saveLabel}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" /></svg>
      </button>
    </div>
  );
}
