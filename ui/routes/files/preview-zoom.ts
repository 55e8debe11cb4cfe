// The image viewer's zoom arithmetic (docs/UI.md, Screens and Figures): limits, wheel steps, the double-click cycle.

export const minScale = 0.25;
export const maxScale = 4;
export const wheelStep = 0.25;
/** Double-click goes 1 → 2 → 4 → 1. */
export const doubleClickScales = [1, 2, 4] as const;
/** After a pinch, a finger left on the screen does not pan for this long (it would jump). */
export const pinchPanPauseMs = 200;

export interface ImageView {
  scale: number;
  x: number;
  y: number;
}

export const initialView: ImageView = { scale: 1, x: 0, y: 0 };

export function clampScale(scale: number): number {
  return Math.min(maxScale, Math.max(minScale, Math.round(scale * 1000) / 1000));
}

/** Wheel up zooms in one step, down zooms out one step. */
export function wheelScale(scale: number, deltaY: number): number {
  if (deltaY === 0) return scale;
  return clampScale(scale + (deltaY < 0 ? wheelStep : -wheelStep));
}

/** The next stop of the cycle above the current scale, else back to 1. */
export function nextCycleScale(scale: number): number {
  return doubleClickScales.find((stop) => stop > scale + 1e-9) ?? 1;
}

/** A new scale keeps the pan offset in proportion; at 1 or less the image recentres. */
export function zoomTo(view: ImageView, scale: number): ImageView {
  if (scale <= 1) return { scale, x: 0, y: 0 };
  const ratio = view.scale > 0 ? scale / view.scale : 1;
  return { scale, x: view.x * ratio, y: view.y * ratio };
}

export function transformOf(view: ImageView): string {
  return `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
}
