// Media-query hooks: the mobile breakpoint (736 px, docs/UI.md, Figures) and the element width for mosaic columns.
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

export const mobileQuery = '(max-width: 736px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}

export function useIsMobile(): boolean {
  return useMediaQuery(mobileQuery);
}

/**
 * The content width of an element, kept up to date by a ResizeObserver; measured before the first
 * paint, so what is laid out by it (the mosaic's tiles) shows in that paint.
 */
export function useElementWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}
