// The listing's arrow keys, Home and End (docs/UI.md, Accessibility) are caught from the first render,
// so the page never scrolls under them; what they do (listing-keys.ts) loads at the first one: the
// files screen's first load has no room for it (scripts/build-ui.ts).
import type { moveByKey } from './listing-keys';
import type { Row } from './listing-layout';

const movementKeys = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** Handles the keys on the listing's items until `signal` aborts; `layout` gives the rows as drawn now. */
export function listenForKeys(
  container: HTMLElement,
  layout: () => [readonly Row[], readonly number[]],
  signal: AbortSignal,
): void {
  let move: typeof moveByKey | undefined;
  let loading: Promise<typeof moveByKey> | undefined;
  const onKey = (event: KeyboardEvent) => {
    const from = (event.target as HTMLElement).closest<HTMLElement>('.item')?.dataset.path;
    if (from === undefined || event.altKey || !movementKeys.has(event.key)) return;
    event.preventDefault();
    const press = {
      key: event.key,
      shift: event.shiftKey,
      control: event.ctrlKey || event.metaKey,
      from,
    };
    if (move) return move(container, layout(), press);
    loading ??= import('./listing-keys').then((keys) => (move = keys.moveByKey));
    void loading.then((loaded) => {
      if (!signal.aborted) loaded(container, layout(), press);
    });
  };
  container.addEventListener('keydown', onKey, { signal });
}
