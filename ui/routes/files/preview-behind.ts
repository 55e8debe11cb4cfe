// What lies behind the full-window preview (docs/UI.md, Accessibility): the header, the sidebar and
// the rest of the page are inert while it is open, Tab cycles inside it as in a dialog, and when it
// closes focus goes back to the opened item in the listing that comes back.
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { keepTabInside } from '../../prompts/modal-focus';
import { promptStore } from '../../state/prompt';

/** Everything inside the layout's page but the preview itself and the elements holding it. */
function makeBehindInert(preview: HTMLElement): HTMLElement[] {
  const made: HTMLElement[] = [];
  let node: HTMLElement = preview;
  while (node.parentElement && !node.classList.contains('app-page')) {
    for (const sibling of node.parentElement.children)
      if (sibling !== node && sibling instanceof HTMLElement && !sibling.inert) {
        sibling.inert = true;
        made.push(sibling);
      }
    node = node.parentElement;
  }
  return made;
}

/** The listing is drawn after the route changes back to the folder, so this waits for the row. */
function focusItemWhenDrawn(path: string): void {
  const selector = `.item[data-path="${CSS.escape(path)}"]`;
  const focus = () => {
    const item = document.querySelector<HTMLElement>(selector);
    // Someone who already moved on (a click, a key) keeps their focus.
    if (!item || (document.activeElement && document.activeElement !== document.body))
      return !!item;
    item.focus();
    return true;
  };
  if (focus()) return;
  const observer = new MutationObserver(() => focus() && observer.disconnect());
  observer.observe(document.body, { childList: true, subtree: true });
  // A folder that never shows the item (gone, or another screen) stops the wait.
  setTimeout(() => observer.disconnect(), 10_000);
}

/** `path` is the file shown last: stepping to a neighbour keeps the preview open. */
export function usePageBehindInert(preview: RefObject<HTMLElement | null>, path: string): void {
  const shown = useRef(path);
  shown.current = path;
  useEffect(() => {
    const container = preview.current;
    if (!container) return;
    const made = makeBehindInert(container);
    // A prompt opened from the preview's bar keeps Tab inside itself.
    const cycle = (event: KeyboardEvent) => promptStore.get() || keepTabInside(container, event);
    document.addEventListener('keydown', cycle);
    return () => {
      document.removeEventListener('keydown', cycle);
      for (const element of made) element.inert = false;
      focusItemWhenDrawn(shown.current);
    };
  }, [preview]);
}
