// Swiping between files on a touch screen: one finger stroking mostly sideways steps to the
// neighbour (left: next, right: previous, the other way round in right-to-left text); a zoomed
// picture pans instead, two fingers pinch.
import { useRef } from 'react';
import type { TouchEvent } from 'react';

/** How far a finger must travel sideways, and how much more sideways than up or down. */
export const swipeMinPx = 50;
export const sidewaysRatio = 1.5;

export type SwipeDirection = 'left' | 'right';

export function swipeDirection(dx: number, dy: number): SwipeDirection | undefined {
  if (Math.abs(dx) < swipeMinPx || Math.abs(dx) < Math.abs(dy) * sidewaysRatio) return undefined;
  return dx < 0 ? 'left' : 'right';
}

/** A zoomed picture, or a player's controls, take the stroke for themselves. */
function ownsStroke(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return target.closest('.image-viewer.is-zoomed, video, audio, input, button') !== null;
}

export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current =
        event.touches.length === 1 && touch && !ownsStroke(event.target)
          ? { x: touch.clientX, y: touch.clientY }
          : null;
    },
    onTouchEnd(event: TouchEvent) {
      const from = start.current;
      start.current = null;
      const touch = event.changedTouches[0];
      if (!from || !touch || event.touches.length > 0 || ownsStroke(event.target)) return;
      const direction = swipeDirection(touch.clientX - from.x, touch.clientY - from.y);
      if (direction) onSwipe(direction);
    },
    onTouchCancel() {
      start.current = null;
    },
  };
}
