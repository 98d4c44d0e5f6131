/**
 * The home page's live studio search (docs/product.md §2, §7): every change of the text asks
 * showAllStudioList; the dropdown lists the matches, each a link to its studio,
 * then 'view all studios'. An ARIA combobox: arrows move, Enter follows, Escape
 * closes. Only the answer to the newest text is ever shown: older requests are
 * aborted, and an answer that still arrives late is dropped.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '../../../contract/messages';
import { STUDIO_LIMITS } from '../../../contract/studio-limits';
import { useStudioSearch } from '../../api/studio-search';

export function StudioSearch() {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const boxRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  const query = text.trim();
  const results = useStudioSearch(query);
  const shown = open && results !== null;
  const studios = shown ? results : [];
  // The options: each studio, then 'view all studios'.
  // 'view all studios' keeps the text: /studio shows every match, a page at a time (docs/screens.md).
  const allHref = query ? `/studio?${new URLSearchParams({ q: query })}` : '/studio';
  const hrefs = [...studios.map((s) => `/studio-detail/${s._id}`), allHref];

  // Keeps the active option in view when the list scrolls.
  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId only depends on listId, which never changes
  }, [active]);

  // Closes the dropdown when focus or a click goes elsewhere.
  useEffect(() => {
    const close = (e: Event) => {
      if (boxRef.current && !boxRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('focusin', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('focusin', close);
    };
  }, []);

  function handleChange(value: string) {
    setText(value);
    setActive(-1);
    setOpen(true);
  }

  function handleKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Escape') {
      if (open && query) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        handleChange('');
      }
      return;
    }
    if (!shown) {
      if (e.key === 'ArrowDown' && query) {
        e.preventDefault();
        setOpen(true);
      }
      return;
    }
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const last = hrefs.length - 1;
      if (e.key === 'ArrowDown') setActive((i) => (i >= last ? 0 : i + 1));
      else setActive((i) => (i <= 0 ? last : i - 1));
    } else if (e.key === 'Home' && active >= 0) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End' && active >= 0) {
      e.preventDefault();
      setActive(hrefs.length - 1);
    } else if (e.key === 'Enter') {
      // Enter with no option chosen shows all the matches (one match opens at once).
      const target = active >= 0 ? hrefs[active] : studios.length === 1 ? hrefs[0] : query ? allHref : undefined;
      if (target) {
        e.preventDefault();
        navigate(target);
      }
    } else if (e.key === 'Tab') {
      setOpen(false);
    }
  }

  return (
    <div className="studio-search" ref={boxRef}>
      <label htmlFor={`${listId}-input`} className="studio-search-label">
        Find a studio
      </label>
      <div className="studio-search-field">
        <svg className="studio-search-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={`${listId}-input`}
          className="input studio-search-input"
          type="search"
          role="combobox"
          aria-expanded={shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={STUDIO_LIMITS.searchTextMax}
          placeholder="Search by studio name or city"
          value={text}
          onChange={(e) => handleChange(e.target.value)}
          onKeyDown={handleKeyDown}
          onFocus={() => setOpen(true)}
        />
      </div>
      <div className="studio-search-panel" hidden={!shown}>
        {studios.length === 0 && <p className="studio-search-empty">No studio matches “{query}”.</p>}
        <div id={listId} role="listbox" aria-label="Matching studios" className="studio-search-list">
          {studios.map((s, i) => (
            <Link
              key={s._id}
              id={optionId(i)}
              role="option"
              aria-selected={active === i}
              tabIndex={-1}
              to={`/studio-detail/${s._id}`}
              state={{ studio: s }}
              className={`studio-search-option${active === i ? ' is-active' : ''}`}
              onMouseEnter={() => setActive(i)}
            >
              <img src={s.profilePic || '/favicon.svg'} alt="" width={40} height={40} loading="lazy" />
              <span>
                <strong>{s.fname}</strong>{' '}
                <small>{s.location}</small>
              </span>
            </Link>
          ))}
          <Link
            id={optionId(studios.length)}
            role="option"
            aria-selected={active === studios.length}
            tabIndex={-1}
            to={allHref}
            className={`studio-search-option studio-search-all${active === studios.length ? ' is-active' : ''}`}
            onMouseEnter={() => setActive(studios.length)}
          >
            {MSG.viewAllStudios} →
          </Link>
        </div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {shown ? `${studios.length} ${studios.length === 1 ? 'studio' : 'studios'} found` : ''}
      </p>
    </div>
  );
}
