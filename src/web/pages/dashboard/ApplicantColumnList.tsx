/**
 * The cards of one column of the applicant board. A short column is a plain list; a long
 * one is a virtual list (`@tanstack/react-virtual`, against the window's scroll): only the
 * cards near the viewport are in the DOM, in a list as tall as all of them, so scrolling and
 * the end-of-board loading work as before (docs/applications.md, "The applicant board", "A virtual list when long").
 * Each column is its own virtual list because the board lays its columns side by side; one
 * list over the board would have no single order to window.
 * Two kinds of card stay in the DOM wherever they are: the one holding the keyboard's focus and
 * its two neighbours (scrolled away, it would take the focus to the body with it; the next
 * card must be there for Tab), and those the board asks for
 * (`keep`: a card about to get focus, the opened card's opener), so focus can land on a card
 * far down and the browser scrolls it in.
 */
import { useCallback, useLayoutEffect, useRef, useState, type CSSProperties, type FocusEvent, type ReactNode } from 'react';
import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import type { StudioApplication } from '../../../contract/applications';

/** From this many cards in a column the column is a virtual list. */
export const VIRTUAL_FROM = 30;
/** A card's height before one is measured: a 40 px picture and the padding. */
const CARD_ESTIMATE = 56;
/** The list's gap (--space-2). */
const CARD_GAP = 8;

export interface TileExtras {
  ref?: (el: HTMLLIElement | null) => void;
  style?: CSSProperties;
  'data-index'?: number;
  'aria-posinset'?: number;
  'aria-setsize'?: number;
}

interface Props {
  items: readonly StudioApplication[];
  /** Ids kept in the DOM though out of view (a card about to get focus, the open card's opener). */
  keep: readonly string[];
  tile(app: StudioApplication, extras: TileExtras): ReactNode;
}

export function ApplicantColumnList({ items, keep, tile }: Props) {
  if (items.length < VIRTUAL_FROM) return <ul>{items.map((a) => tile(a, {}))}</ul>;
  return <VirtualList items={items} keep={keep} tile={tile} />;
}

function VirtualList({ items, keep, tile }: Props) {
  const listRef = useRef<HTMLUListElement>(null);
  // The list's top in the page: the virtualizer counts the window's scroll from there.
  const [top, setTop] = useState(0);
  const [focusedId, setFocusedId] = useState<string | null>(null);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const now = list.getBoundingClientRect().top + window.scrollY;
      setTop((was) => (Math.abs(was - now) < 1 ? was : now));
    };
    measure();
    // What stands above the list (the bulk bar, the undo bar, a column above on a phone) changes its top.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    if (list.parentElement?.parentElement) observer.observe(list.parentElement.parentElement);
    return () => observer.disconnect();
  }, []);

  // The cards' height as drawn (the first one measured) stands for those not drawn yet, so the
  // list's height and the places of the cards below hardly move as cards come into view.
  const [estimate, setEstimate] = useState(CARD_ESTIMATE);
  useLayoutEffect(() => {
    const first = listRef.current?.firstElementChild;
    const height = first?.getBoundingClientRect().height;
    if (height && Math.abs(height - estimate) > 1) setEstimate(height);
  });
  const estimateSize = useCallback(() => estimate, [estimate]);

  // The focused card's neighbours are drawn with it, in the focus event's own render: Tab and
  // Shift+Tab always find the next card in the DOM, without waiting for the scroll it causes.
  const focusedAt = focusedId ? items.findIndex((a) => a._id === focusedId) : -1;
  const around = focusedAt >= 0 ? [focusedAt - 1, focusedAt, focusedAt + 1] : [];
  const pinned = [...around, ...keep.map((id) => items.findIndex((a) => a._id === id))].filter((i) => i >= 0 && i < items.length);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize,
    gap: CARD_GAP,
    overscan: 6,
    scrollMargin: top,
    getItemKey: (index) => items[index]!._id,
    rangeExtractor: (range: Range) => [...new Set([...defaultRangeExtractor(range), ...pinned])].sort((a, b) => a - b),
  });

  // The columns share the window's scroll: one column's virtualizer scrolling the window to make
  // up for its cards' heights would move the others' cards, the focused one out of view.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = () => false;

  const onFocus = (e: FocusEvent<HTMLUListElement>) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>('[data-card]')?.dataset.card;
    if (id) setFocusedId(id);
  };
  const onBlur = (e: FocusEvent<HTMLUListElement>) => {
    // The window losing focus (another tab) leaves the card the document's focus: it stays drawn.
    if (!e.relatedTarget && document.activeElement === e.target) return;
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusedId(null);
  };

  return (
    <ul ref={listRef} className="applicant-virtual" style={{ height: virtualizer.getTotalSize() }} onFocus={onFocus} onBlur={onBlur}>
      {virtualizer.getVirtualItems().map((row) =>
        tile(items[row.index]!, {
          ref: virtualizer.measureElement,
          'data-index': row.index,
          // A screen reader says "12 of 40" though only some cards are in the DOM.
          'aria-posinset': row.index + 1,
          'aria-setsize': items.length,
          style: { transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` },
        }),
      )}
    </ul>
  );
}
