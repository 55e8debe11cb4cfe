// The listing's arrow keys, Home and End (docs/UI.md, Accessibility) are caught from the first render,
// so the page never scrolls under them; what they do (listing-keys.ts) loads at the first one: the
// files screen's first load has no room for it (scripts/build-ui.ts). The listing is one Tab stop.
import type { moveByKey } from './listing-keys';
import type { Row } from './listing-layout';

const movementKeys = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);
const stopSelector = '.item[tabindex="0"]';

/**
 * Keeps one item reachable by Tab: the one focused last, else the first drawn. Items come and go as
 * the page scrolls (and a big folder's as their page arrives), so the stop is kept on the drawn rows
 * here rather than by each item, which renders itself out of the Tab order.
 */
function keepOneTabStop(container: HTMLElement, signal: AbortSignal): void {
  const ensure = () => {
    if (!container.querySelector(stopSelector))
      container.querySelector('.item')?.setAttribute('tabindex', '0');
  };
  container.addEventListener(
    'focusin',
    (event) => {
      const item = (event.target as HTMLElement).closest('.item');
      if (!item) return;
      container.querySelector(stopSelector)?.setAttribute('tabindex', '-1');
      item.setAttribute('tabindex', '0');
    },
    { signal },
  );
  const drawn = new MutationObserver(ensure);
  drawn.observe(container, { childList: true, subtree: true });
  signal.addEventListener('abort', () => drawn.disconnect());
  ensure();
}

/** Handles the keys on the listing's items until `signal` aborts; `layout` gives the rows as drawn now. */
export function listenForKeys(
  container: HTMLElement,
  layout: () => [readonly Row[], readonly number[]],
  signal: AbortSignal,
): void {
  keepOneTabStop(container, signal);
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
