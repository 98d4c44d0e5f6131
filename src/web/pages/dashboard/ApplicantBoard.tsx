/**
 * The applicants of a job as a board by status (docs/applications.md, "The applicant board"),
 * filtered by role and status and sorted by date or rating. Every move is a button, so the
 * board works from the keyboard; dragging a card onto a column does the same. Each card
 * opens the performer's card (ApplicantCard); closing it returns focus to the card's opener.
 * Selected applicants can be asked for self-tapes (docs/self-tapes.md, "Screens").
 * It loads 50 applicants at a time, more as the end of the board scrolls into view or on
 * "Load more" (which puts focus on the first new card); the columns' numbers are the
 * server's counts, and selection and bulk moves act on what is loaded. A long column draws only
 * the cards near the viewport (ApplicantColumnList).
 */
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { FINAL_STATUSES, STUDIO_STATUSES, type ApplicationStatus, type StudioStatus } from '../../../contract/applications-limits';
import { APP_MSG } from '../../../contract/applications-messages';
import type { StudioApplication } from '../../../contract/applications';
import { BOARD_MSG } from '../../../contract/board-messages';
import { CAST_MSG } from '../../../contract/casting-messages';
import type { OwnJob } from '../../../contract/jobs';
import { useApplicantBoard } from '../../api/applicant-board';
import { useDecideApplication } from '../../api/decide-application';
import { useMoveApplications } from '../../api/move-applications';
import { useUndoMoves } from '../../api/undo-moves';
import { useUndoSeconds } from '../../api/config';
import { DECISION_MSG } from '../../../contract/decisions-messages';
import { DecisionDialog, type Decision } from './DecisionDialog';
import { useStudioRole } from '../../components/useStudioRole';
import { useToast } from '../../components/Toasts';
import { MSG } from '../../../contract/messages';
import { TAPE_MSG } from '../../../contract/self-tapes-messages';
import { FeedbackPicks } from '../../components/FeedbackPicks';
import { Link } from 'react-router';
import { ApplicantCard } from './ApplicantCard';
import { ApplicantColumnList } from './ApplicantColumnList';
import { personName, initialOf } from '../../../contract/names';
import { toggled } from '../../lib/toggled';

/** Columns always shown; withdrawn and closed appear only when someone is in them. */
const COLUMNS: readonly ApplicationStatus[] = ['applied', 'viewed', 'shortlisted', 'auditioning', 'booked', 'declined'];
const LATE_COLUMNS: readonly ApplicationStatus[] = ['withdrawn', 'closed'];
const ALL_STATUSES: readonly ApplicationStatus[] = [...COLUMNS, ...LATE_COLUMNS];


type Sort = 'newest' | 'oldest' | 'rating';
const SORTS: Record<Sort, (a: StudioApplication, b: StudioApplication) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  oldest: (a, b) => a.createdAt.localeCompare(b.createdAt),
  // Unrated applicants come after every rated one, newest first among equals.
  // The average of the studio's people's ratings (docs/team.md, "Ratings per person").
  rating: (a, b) => (b.ratingAverage ?? 0) - (a.ratingAverage ?? 0) || b.createdAt.localeCompare(a.createdAt),
};

export function ApplicantBoard({ job }: { job: OwnJob }) {
  // A viewer reads and rates: no selection, dragging or moves (docs/team.md).
  const mayMove = useStudioRole().can('move');
  const roles = job.roles;
  const [roleId, setRoleId] = useState('');
  const [status, setStatus] = useState<ApplicationStatus | ''>('');
  const [sort, setSort] = useState<Sort>('newest');
  // Role, status and the date order are asked of the server: a change starts from the first page.
  const applicants = useApplicantBoard(job._id, { roleId: roleId || undefined, status: status || undefined, order: sort === 'oldest' ? 'oldest' : 'newest' });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = applicants;
  // "Load more" pressed: the index of the page to come, whose first card gets focus once it is in.
  const focusPage = useRef<number | null>(null);
  // The card to focus once it is drawn.
  const [focusId, setFocusId] = useState<string | null>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  // The card's opener gets focus back once the dialog is gone (and the board re-rendered).
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const toast = useToast();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A final move waits here for its one confirmation.
  const [asking, setAsking] = useState<{ ids: string[]; status: 'booked' | 'declined'; who: string } | null>(null);
  // The last final move, undoable until `until` (docs/applications.md).
  // The hint names the server's window; the bar itself goes at the server's `undoUntil`.
  const undoSeconds = useUndoSeconds();
  const [undo, setUndo] = useState<{ ids: string[]; text: string; until: number } | null>(null);
  // The moves' own pending state keeps the dialog's confirm off while one runs; what follows is said where each is called.
  const decide = useDecideApplication();
  const moveBulk = useMoveApplications();
  const undoRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!undo) return;
    const timer = window.setTimeout(() => setUndo(null), Math.max(0, undo.until - Date.now()));
    return () => window.clearTimeout(timer);
  }, [undo]);

  const pages = applicants.data?.pages;
  const all = useMemo(() => pages?.flatMap((p) => p.applications), [pages]);
  // The latest page's counts: every page refetched after a move carries them fresh.
  const counts = pages?.at(-1)?.counts;
  const roleCounts = pages?.at(-1)?.roleCounts ?? {};
  // Newest and oldest come in the server's order; rating sorts what is loaded.
  const shown = useMemo(() => {
    const left = (all ?? []).filter((a) => !status || a.status === status);
    return sort === 'rating' ? left.sort(SORTS.rating) : left;
  }, [all, status, sort]);

  // More as the end of the board comes near the viewport (an IntersectionObserver), for those who scroll.
  useEffect(() => {
    const end = endRef.current;
    if (!end || !hasNextPage) return;
    const observer = new IntersectionObserver((entries) => {
      // Focus on "Load more" scrolls it into view: the keyboard's user loads with it, and gets focus on what it brought.
      if (end.contains(document.activeElement)) return;
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
    }, { rootMargin: '200px' });
    observer.observe(end);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, pages]);

  // After "Load more", focus lands on the first card of the page it brought.
  useEffect(() => {
    const wanted = focusPage.current;
    if (wanted === null || !pages || pages.length <= wanted) return;
    focusPage.current = null;
    const first = pages[wanted]?.applications[0];
    if (first) setFocusId(first._id);
  }, [pages]);

  // A card may be far down a virtual column, not yet in the DOM: `keep` has its column draw it,
  // and focus then scrolls it into view (ApplicantColumnList).
  useEffect(() => {
    if (!focusId) return;
    const card = document.querySelector<HTMLElement>(`[data-opener="${CSS.escape(focusId)}"]`);
    if (!card) return;
    card.focus();
    setFocusId(null);
    // Its column may still measure the cards drawn with it: in view once they are.
    window.requestAnimationFrame(() => window.requestAnimationFrame(() => {
      if (document.activeElement === card) card.scrollIntoView({ block: 'nearest' });
    }));
  }, [focusId, shown]);

  function loadMore() {
    // Already on its way (the scroll asked first): focus still goes to the page that comes.
    focusPage.current = pages?.length ?? null;
    if (!isFetchingNextPage) void fetchNextPage({ cancelRefetch: false });
  }

  useEffect(() => {
    if (!returnTo) return;
    const opener = () => document.querySelector<HTMLElement>(`[data-opener="${CSS.escape(returnTo)}"]`);
    // After the closing dialog has given focus back to where it was opened from, which a
    // move may have taken off the page; filtered away by the move, the board's heading is
    // the nearest sensible place.
    const timer = window.setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active === opener()) (opener() ?? headingRef.current)?.focus();
    }, 0);
    // The opener stays the target until the person moves on: a refetch that lands later
    // moves it to another column, which remounts it and would drop focus on the body.
    const movedOn = (event: FocusEvent) => {
      if (event.target !== opener() && event.target !== headingRef.current) setReturnTo(null);
    };
    document.addEventListener('focusin', movedOn);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('focusin', movedOn);
    };
  }, [returnTo, shown]);

  const undoing = useUndoMoves({
    onSuccess: (_back, { ids }) => {
      setUndo(null);
      toast(DECISION_MSG.undone, 'success');
      // Back where the decision was made: the card's first move, or the applicant's Open button.
      setTimeout(() => (document.querySelector<HTMLElement>('dialog[open] .applicant-actions button') ?? document.querySelector<HTMLElement>(`[data-opener="${CSS.escape(ids[0]!)}"]`) ?? headingRef.current)?.focus(), 50);
    },
    onError: (err) => {
      setUndo(null);
      toast(err.message);
    },
  });

  if (applicants.isPending) return <p role="status">{MSG.loading}</p>;
  if (applicants.isError) return <p role="alert">{applicants.error.message}</p>;
  const list = all ?? [];
  const countOf = (s: ApplicationStatus) => counts?.[s] ?? list.filter((a) => a.status === s).length;
  const columns = status ? [status] : [...COLUMNS, ...LATE_COLUMNS.filter((s) => countOf(s) > 0 || list.some((a) => a.status === s))];
  // Every applicant the filters leave, loaded or not (the role narrows the counts; the status picks one).
  const total = status ? countOf(status) : ALL_STATUSES.reduce((n, s) => n + countOf(s), 0);
  const filtered = Boolean(roleId || status);
  // Cards a virtual column keeps in the DOM out of view: focus is on its way to them.
  const keep = [focusId, openId, returnTo, undo?.ids.length === 1 ? undo.ids[0] : null].filter((id): id is string => Boolean(id));

  // The role is named when the job has more than one: two roles of one person are two cards (issue 49, item 2).
  const whoWithRole = (a: { performer: { fname: string }; role: { name: string } }) => (roles.length > 1 ? APP_MSG.withRole(personName(a.performer.fname), a.role.name) : personName(a.performer.fname));
  const nameOf = (ids: string[]) => {
    const one = ids.length === 1 ? list.find((a) => a._id === ids[0]) : undefined;
    return one ? whoWithRole(one) : BOARD_MSG.applicantsCount(ids.length);
  };

  /** Non-final moves go at once; Book and Decline ask once first. */
  async function move(app: StudioApplication, to: StudioStatus) {
    if (to === 'booked' || to === 'declined') return setAsking({ ids: [app._id], status: to, who: whoWithRole(app) });
    try {
      await decide.mutateAsync({ app, body: { status: to } });
    } catch (err) {
      toast((err as Error).message);
    }
  }

  function moveSelected(to: StudioStatus) {
    const ids = [...selected];
    if (to === 'booked' || to === 'declined') return setAsking({ ids, status: to, who: nameOf(ids) });
    void moveMany(ids, { status: to });
  }

  async function moveMany(ids: string[], body: { status: StudioStatus; reason?: Decision['reason']; note?: string }) {
    try {
      const answer = await moveBulk.mutateAsync({ jobId: job._id, body: { applicationIds: ids, ...body } });
      setSelected(new Set());
      if (answer.undo) showUndo(ids, body.status, answer.undo.until);
      else {
        toast(BOARD_MSG.moved(nameOf(ids), APP_MSG.statusLabel(body.status)), 'success');
        // The bulk buttons go with the selection: focus lands on the result, the column the
        // applicants moved to, rather than the body (issue 49 item 9).
        window.setTimeout(() => (document.getElementById(`column-${body.status}`) ?? headingRef.current)?.focus(), 0);
      }
      return true;
    } catch (err) {
      toast((err as Error).message);
      return false;
    }
  }

  function showUndo(ids: string[], status: StudioStatus, until: string) {
    const who = nameOf(ids);
    setUndo({ ids, text: status === 'booked' ? BOARD_MSG.booked(who) : BOARD_MSG.declined(who), until: Date.parse(until) });
    // The result of the action, and the one thing to do next if it was a mistake.
    window.setTimeout(() => (document.querySelector<HTMLElement>('dialog[open] [data-undo]') ?? undoRef.current)?.focus(), 50);
  }

  async function confirmDecision(decision: Decision) {
    if (!asking) return;
    const { ids } = asking;
    if (ids.length === 1 && !selected.has(ids[0]!)) {
      const app = list.find((a) => a._id === ids[0]);
      if (!app) return setAsking(null);
      try {
        const changed = await decide.mutateAsync({ app, body: decision });
        setAsking(null);
        if (changed.undoUntil) showUndo(ids, decision.status, changed.undoUntil);
      } catch (err) {
        toast((err as Error).message);
      }
      return;
    }
    if (await moveMany(ids, decision)) setAsking(null);
  }

  function undoLast() {
    if (!undo || undoing.isPending) return;
    undoing.mutate({ jobId: job._id, ids: undo.ids });
  }

  const selectable = mayMove ? shown.filter((a) => !FINAL_STATUSES.includes(a.status)) : [];
  const allShownSelected = selectable.length > 0 && selectable.every((a) => selected.has(a._id));
  const someShownSelected = selectable.some((a) => selected.has(a._id));
  const toggle = (id: string) =>
    setSelected((now) => toggled(now, id));

  function handleDrop(e: DragEvent, to: ApplicationStatus) {
    e.preventDefault();
    const app = list.find((a) => a._id === e.dataTransfer.getData('text/plain'));
    if (app && (STUDIO_STATUSES as readonly string[]).includes(to) && app.status !== to) void move(app, to as StudioStatus);
  }

  function closeCard() {
    setReturnTo(openId);
    setOpenId(null);
  }

  return (
    <section className="applicant-section" aria-labelledby="applicants-title">
      <h2 id="applicants-title" ref={headingRef} tabIndex={-1}>{APP_MSG.applicants}</h2>
      <form className="applicant-filters" aria-label={BOARD_MSG.filters} onSubmit={(e) => e.preventDefault()}>
        {roles.length > 1 && (
          <div className="field">
            <label htmlFor="applicant-role">{CAST_MSG.role}</label>
            <select id="applicant-role" className="select" value={roleId} onChange={(e) => setRoleId(e.target.value)}>
              <option value="">{CAST_MSG.allRoles}</option>
              {roles.map((r) => <option key={r._id} value={r._id}>{BOARD_MSG.roleOption(r.name, roleCounts[r._id] ?? 0)}</option>)}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="applicant-status">{BOARD_MSG.status}</label>
          <select id="applicant-status" className="select" value={status} onChange={(e) => setStatus(e.target.value as ApplicationStatus | '')}>
            <option value="">{BOARD_MSG.allStatuses}</option>
            {ALL_STATUSES.map((s) => <option key={s} value={s}>{APP_MSG.statusLabel(s)}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="applicant-sort">{BOARD_MSG.sort}</label>
          <select id="applicant-sort" className="select" value={sort} onChange={(e) => setSort(e.target.value as Sort)}>
            <option value="newest">{BOARD_MSG.sortNewest}</option>
            <option value="oldest">{BOARD_MSG.sortOldest}</option>
            <option value="rating">{BOARD_MSG.sortRating}</option>
          </select>
        </div>
      </form>
      <p className="muted applicant-count" role="status">{BOARD_MSG.loaded(shown.length, total)}</p>
      {sort === 'rating' && hasNextPage && <p className="muted applicant-note">{BOARD_MSG.ratingLoaded}</p>}
      {selectable.length > 0 && (
        <div className="applicant-bulk">
          <label className="applicant-select-all">
            {/* Named by its label with how many it selects, and "mixed" while only some are (issue 49 item 19). */}
            <input
              type="checkbox"
              ref={(el) => {
                if (el) el.indeterminate = someShownSelected && !allShownSelected;
              }}
              checked={allShownSelected}
              onChange={() => setSelected(allShownSelected ? new Set() : new Set(selectable.map((a) => a._id)))}
            />{' '}
            {BOARD_MSG.selectAllCount(selectable.length)}
          </label>
          {hasNextPage && <p className="muted applicant-note">{BOARD_MSG.bulkOnLoaded(list.length, total)}</p>}
          {selected.size > 0 && (
            <div className="applicant-bulk-actions" role="group" aria-label={BOARD_MSG.bulkMoves}>
              <span className="muted" aria-live="polite">{BOARD_MSG.selected(selected.size)}</span>
              {STUDIO_STATUSES.map((s) => (
                <button key={s} type="button" className={s === 'declined' ? 'btn btn-ghost' : 'btn btn-secondary'} onClick={() => moveSelected(s)}>{APP_MSG.action(s)}</button>
              ))}
              <Link className="btn btn-secondary" to={`/dashboard/jobs/${job._id}/self-tapes/new?ids=${[...selected].join(',')}`}>{TAPE_MSG.requestTapes}</Link>
              <button type="button" className="btn btn-ghost" onClick={() => setSelected(new Set())}>{BOARD_MSG.clearSelection}</button>
            </div>
          )}
        </div>
      )}
      {/* In the page's flow above the board, not floating over it: it covers no card or button (issue 49 item 19). */}
      {undo && (
        <div className="undo-bar" role="status">
          <span>{undo.text} {DECISION_MSG.undoHint(undoSeconds, undo.ids.length)}</span>
          <button ref={undoRef} type="button" className="btn btn-secondary" data-undo onClick={undoLast}>{DECISION_MSG.undo}</button>
        </div>
      )}
      {list.length === 0 && !filtered ? (
        <div className="card applicant-empty">
          <h3>{BOARD_MSG.emptyTitle}</h3>
          <p>{BOARD_MSG.emptyNext}</p>
        </div>
      ) : shown.length === 0 ? (
        <div className="card applicant-empty">
          <p>{BOARD_MSG.noMatch}</p>
          <button type="button" className="btn btn-secondary" onClick={() => { setRoleId(''); setStatus(''); }}>{BOARD_MSG.showEveryone}</button>
        </div>
      ) : (
        <div className={status ? 'applicant-board applicant-board-one' : 'applicant-board'}>
          {columns.map((col) => {
            const items = shown.filter((a) => a.status === col);
            return (
              <section
                key={col}
                className="applicant-column"
                aria-labelledby={`column-${col}`}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => { if (mayMove) handleDrop(e, col); }}
              >
                <h3 id={`column-${col}`} tabIndex={-1}>{APP_MSG.statusLabel(col)} <span className="muted">{BOARD_MSG.columnCount(items.length, countOf(col))}</span></h3>
                {items.length === 0 ? (
                  <p className="muted applicant-none">{APP_MSG.noneInColumn}</p>
                ) : (
                  <ApplicantColumnList
                    items={items}
                    keep={keep}
                    tile={(a, extras) => (
                      <li key={a._id} {...extras} data-card={a._id} className="applicant-tile" draggable={mayMove} onDragStart={(e) => e.dataTransfer.setData('text/plain', a._id)}>
                        {mayMove && !FINAL_STATUSES.includes(a.status) && (
                          <input type="checkbox" className="applicant-check" aria-label={BOARD_MSG.select(personName(a.performer.fname))} checked={selected.has(a._id)} onChange={() => toggle(a._id)} />
                        )}
                        {a.performer.profilePic ? <img src={a.performer.profilePic} alt="" /> : <span className="applicant-initial" aria-hidden="true">{initialOf(a.performer.fname)}</span>}
                        <div className="applicant-tile-body">
                          <strong>{personName(a.performer.fname)}</strong>
                          <span className="muted">{[roles.length > 1 ? a.role.name : '', a.performer.category, a.ratingAverage !== null ? `★ ${a.ratingAverage}` : ''].filter(Boolean).join(' · ')}</span>
                          {a.feedback && <FeedbackPicks feedback={a.feedback} label={`${TAPE_MSG.feedbackTitle}: ${personName(a.performer.fname)}`} />}
                        </div>
                        <button type="button" className="btn btn-secondary" data-opener={a._id} onClick={() => setOpenId(a._id)} aria-label={`${APP_MSG.open}: ${whoWithRole(a)}`}>{APP_MSG.open}</button>
                      </li>
                    )}
                  />
                )}
              </section>
            );
          })}
        </div>
      )}
      {hasNextPage && (
        <div className="applicant-more" ref={endRef}>
          {/* aria-disabled, not disabled: a disabled button would drop the keyboard's focus to the page while the page loads. */}
          <button type="button" className="btn btn-secondary" onClick={loadMore} aria-disabled={isFetchingNextPage}>
            {isFetchingNextPage ? BOARD_MSG.loadingMore : BOARD_MSG.loadMore}
          </button>
        </div>
      )}
      {openId && <ApplicantCard id={openId} onClose={closeCard} onMove={move} onUndo={mayMove && undo?.ids.length === 1 && undo.ids[0] === openId ? undoLast : undefined} />}
      {asking && (
        <DecisionDialog status={asking.status} who={asking.who} count={asking.ids.length} pending={decide.isPending || moveBulk.isPending} onConfirm={(d) => void confirmDecision(d)} onCancel={() => setAsking(null)} />
      )}
    </section>
  );
}
