// Window-scrolled virtualization for rows of known heights: only the rows on screen are rendered.
import { useEffect, useMemo, useState } from 'react';

export interface VirtualRow {
  index: number;
  top: number;
  height: number;
}

/** Rows above and below the screen kept rendered, so fast scrolling shows no gaps. */
const overscanPx = 600;

export function useVirtualRows(
  container: HTMLElement | null,
  heights: readonly number[],
): { rows: VirtualRow[]; total: number } {
  const offsets = useMemo(() => {
    const tops = new Array<number>(heights.length + 1);
    tops[0] = 0;
    for (let index = 0; index < heights.length; index++)
      tops[index + 1] = (tops[index] ?? 0) + (heights[index] ?? 0);
    return tops;
  }, [heights]);
  const total = offsets[heights.length] ?? 0;
  const [view, setView] = useState({ start: 0, end: 1200 });

  useEffect(() => {
    if (!container) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const top = container.getBoundingClientRect().top;
      const start = Math.max(0, -top - overscanPx);
      const end = -top + window.innerHeight + overscanPx;
      setView((current) =>
        Math.abs(current.start - start) < 100 && Math.abs(current.end - end) < 100
          ? current
          : { start, end },
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [container, total]);

  const rows = useMemo(() => {
    const visible: VirtualRow[] = [];
    // Binary search for the first row ending below the start.
    let low = 0;
    let high = heights.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((offsets[middle + 1] ?? 0) <= view.start) low = middle + 1;
      else high = middle;
    }
    for (let index = low; index < heights.length && (offsets[index] ?? 0) < view.end; index++)
      visible.push({ index, top: offsets[index] ?? 0, height: heights[index] ?? 0 });
    return visible;
  }, [heights, offsets, view]);

  return { rows, total };
}
