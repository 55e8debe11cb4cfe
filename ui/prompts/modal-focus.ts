// Focus in a prompt (docs/UI.md, Accessibility): it moves in on open, Tab and Shift+Tab cycle inside,
// and it goes back to the element that opened the prompt when it closes.
import { useEffect, useState } from 'react';
import type { RefObject } from 'react';
import { promptStore } from '../state/prompt';

const focusable = [
  'a[href]',
  'button:not(:disabled)',
  'input:not(:disabled):not([type="hidden"])',
  'select:not(:disabled)',
  'textarea:not(:disabled)',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

function focusablesIn(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(focusable)].filter(
    (element) => element.getClientRects().length > 0,
  );
}

/** Tab past the last control goes to the first, Shift+Tab before the first to the last. */
export function keepTabInside(container: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const items = focusablesIn(container);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  const outside = !container.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}

/** `initial` picks the element focused on open when no autoFocus inside has taken it. */
export function useModalFocus(box: RefObject<HTMLElement | null>, initial: string): void {
  const [opener] = useState(() => promptStore.get()?.opener);
  useEffect(() => {
    const container = box.current;
    if (!container) return;
    if (!container.contains(document.activeElement))
      container.querySelector<HTMLElement>(initial)?.focus();
    const cycle = (event: KeyboardEvent) => keepTabInside(container, event);
    document.addEventListener('keydown', cycle);
    return () => {
      document.removeEventListener('keydown', cycle);
      // Behind a prompt that replaced this one the page is still inert: that one gives focus back.
      if (opener?.isConnected) opener.focus();
    };
  }, [box, initial, opener]);
}
