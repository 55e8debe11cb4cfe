// The listing's arrow keys, Home and End (docs/UI.md, Accessibility), loaded at the first such key: focus
// moves to the item the key points at and selects it alone; Shift adds both ends of the step to the
// selection; Ctrl/Cmd (or multi-select mode) moves focus only, for Space to toggle. Up and down keep
// the column as the rows allow, left and right step through the reading order (mirrored in a
// right-to-left language), Home and End go to the first and the last item.
import { selectionStore, setSelected } from '../../state/selection';
import type { Row } from './listing-layout';

/** The item rows as the listing lays them out, each a list of paths (a list row holds one). */
export type ItemRows = readonly (readonly string[])[];

export interface ListingKey {
  key: string;
  shift: boolean;
  /** Ctrl or Cmd. */
  control: boolean;
  /** The path of the focused item. */
  from: string;
}

export function pathAfterKey(
  rows: ItemRows,
  from: string,
  key: string,
  rightToLeft: boolean,
): string | undefined {
  const order = rows.flat();
  const index = order.indexOf(from);
  if (index < 0) return undefined;
  const forward = rightToLeft ? 'ArrowLeft' : 'ArrowRight';
  const backward = rightToLeft ? 'ArrowRight' : 'ArrowLeft';
  if (key === 'Home') return order[0];
  if (key === 'End') return order[order.length - 1];
  if (key === forward) return order[index + 1];
  if (key === backward) return order[index - 1];
  if (key !== 'ArrowDown' && key !== 'ArrowUp') return undefined;
  const row = rows.findIndex((paths) => paths.includes(from));
  const column = rows[row]?.indexOf(from) ?? 0;
  const next = rows[key === 'ArrowDown' ? row + 1 : row - 1];
  return next ? next[Math.min(column, next.length - 1)] : undefined;
}

function selectOnMove({ from, shift, control }: ListingKey, target: string): void {
  const selection = selectionStore.get();
  if (shift) {
    const added = [...new Set([from, target])].filter((path) => !selection.paths.includes(path));
    setSelected([...selection.paths, ...added]);
  } else if (!control && !selection.multiple) setSelected([target]);
}

/** Focuses the item once drawn: one off screen is drawn after the page scrolls to it. */
function focusWhenDrawn(container: HTMLElement, path: string): void {
  const selector = `.item[data-path="${CSS.escape(path)}"]`;
  const now = container.querySelector<HTMLElement>(selector);
  if (now) return now.focus();
  const observer = new MutationObserver(() => {
    const drawn = container.querySelector<HTMLElement>(selector);
    if (!drawn) return;
    observer.disconnect();
    drawn.focus();
  });
  observer.observe(container, { childList: true, subtree: true });
}

/** Moves focus (and the selection) for a key pressed on an item, the listing laid out as `rows` of `heights`. */
export function moveByKey(
  container: HTMLElement,
  [rows, heights]: [readonly Row[], readonly number[]],
  press: ListingKey,
): void {
  const itemRows = rows.flatMap((row) =>
    row.kind === 'items' ? [row.items.map((item) => item.path)] : [],
  );
  const target = pathAfterKey(itemRows, press.from, press.key, document.dir === 'rtl');
  if (target === undefined) return;
  selectOnMove(press, target);
  const index = rows.findIndex(
    (row) => row.kind === 'items' && row.items.some((item) => item.path === target),
  );
  const rowTop = heights.slice(0, index).reduce((sum, height) => sum + height, 0);
  const top = container.getBoundingClientRect().top + window.scrollY + rowTop;
  if (!container.querySelector(`.item[data-path="${CSS.escape(target)}"]`))
    window.scrollTo({ top: top - window.innerHeight / 2 });
  focusWhenDrawn(container, target);
}
