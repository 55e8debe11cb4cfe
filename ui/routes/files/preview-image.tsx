// The image viewer: wheel, pinch and double-click zoom, and panning a zoomed image (docs/UI.md, Screens).
// It shows the 1080 px rendition first and swaps in the original once a zoom needs more pixels.
import { useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/icon-button';
import type { ImageView } from './preview-zoom';
import {
  clampScale,
  initialView,
  nextCycleScale,
  pinchPanPauseMs,
  transformOf,
  wheelScale,
  zoomTo,
} from './preview-zoom';

type Point = { x: number; y: number };
type Gesture =
  | { kind: 'pan'; start: Point; origin: Point }
  | { kind: 'pinch'; startDistance: number; startScale: number };

function distance(points: Point[]): number {
  const [a, b] = points;
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
}

/** `big` fits this size: a picture that large may have been scaled down, a smaller one never was. */
export const bigPreviewPx = 1080;

/**
 * Swaps the original in for the rendition once the zoomed picture needs more pixels than it has,
 * keeping the size it is laid out at, so the swap does not move it. An original the browser cannot
 * decode (HEIC, TIFF) leaves the rendition in place.
 */
function useOriginalOnZoom(
  image: HTMLImageElement | null,
  scale: number,
  ready: boolean,
  original: string,
) {
  const [swapped, setSwapped] = useState<{ width: number; height: number }>();
  const tried = useRef(false);
  useEffect(() => {
    if (!image || !ready || tried.current || swapped) return;
    const shown = Math.max(image.clientWidth, image.clientHeight) * scale * devicePixelRatio;
    const has = Math.max(image.naturalWidth, image.naturalHeight);
    if (has < bigPreviewPx || shown <= has) return;
    tried.current = true;
    const loader = new Image();
    loader.src = original;
    const size = { width: image.clientWidth, height: image.clientHeight };
    loader.decode().then(
      () => setSwapped(size),
      () => undefined,
    );
  }, [image, scale, ready, original, swapped]);
  return swapped;
}

export function ImageViewer({
  src,
  original = src,
  name,
}: {
  src: string;
  /** The file itself, when `src` is a rendition of it; also what shows if the rendition fails. */
  original?: string;
  name: string;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [view, setView] = useState<ImageView>(initialView);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [renditionFailed, setRenditionFailed] = useState(false);
  const swapped = useOriginalOnZoom(image, view.scale, status === 'ready', original);
  const shown = swapped || renditionFailed ? original : src;
  const [dragging, setDragging] = useState(false);
  const viewRef = useRef(view);
  viewRef.current = view;
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const pinchEndedAt = useRef(0);

  // React's wheel listener is passive; zooming must stop the page from scrolling instead.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      setView((old) => zoomTo(old, wheelScale(old.scale, event.deltaY)));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const panFrom = (point: Point): Gesture => ({
    kind: 'pan',
    start: point,
    origin: { x: viewRef.current.x, y: viewRef.current.y },
  });

  const down = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer that is already gone cannot be captured; the gesture still works without it.
    }
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.current.values()];
    if (points.length >= 2)
      gesture.current = {
        kind: 'pinch',
        startDistance: distance(points),
        startScale: viewRef.current.scale,
      };
    else gesture.current = panFrom({ x: event.clientX, y: event.clientY });
    setDragging(true);
  };

  const move = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const current = gesture.current;
    if (current?.kind === 'pinch') {
      const now = distance([...pointers.current.values()]);
      if (current.startDistance > 0 && now > 0)
        setView((old) =>
          zoomTo(old, clampScale((current.startScale * now) / current.startDistance)),
        );
    } else if (current?.kind === 'pan') {
      // Right after a pinch the remaining finger only re-anchors, so the image does not jump.
      if (Date.now() - pinchEndedAt.current < pinchPanPauseMs) {
        gesture.current = panFrom(point);
        return;
      }
      if (viewRef.current.scale <= 1) return;
      setView((old) => ({
        ...old,
        x: current.origin.x + point.x - current.start.x,
        y: current.origin.y + point.y - current.start.y,
      }));
    }
  };

  const up = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    const [remaining] = [...pointers.current.values()];
    if (gesture.current?.kind === 'pinch') pinchEndedAt.current = Date.now();
    gesture.current = remaining ? panFrom(remaining) : null;
    if (!remaining) setDragging(false);
  };

  const zoomable = view.scale > 1;
  return (
    <div
      ref={box}
      className={`image-viewer${zoomable ? ' is-zoomed' : ''}${dragging ? ' is-dragging' : ''}`}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onDoubleClick={() => setView((old) => zoomTo(old, nextCycleScale(old.scale)))}
    >
      {status === 'loading' && <Spinner label={t('preview.loading')} />}
      {status === 'failed' ? (
        <p className="preview-failed" role="alert">
          {t('preview.imageFailed')}
        </p>
      ) : (
        <img
          ref={setImage}
          src={shown}
          alt={name}
          draggable={false}
          className={status === 'ready' ? 'is-ready' : undefined}
          style={{ transform: transformOf(view), ...swapped }}
          onLoad={() => setStatus('ready')}
          onError={() => {
            // A rendition the server could not draw (415): the file itself may still show.
            if (shown !== original) setRenditionFailed(true);
            else setStatus('failed');
          }}
        />
      )}
      {view.scale !== 1 && (
        <button
          type="button"
          className="zoom-reset"
          onPointerDown={(event) => event.stopPropagation()}
          onDoubleClick={(event) => event.stopPropagation()}
          onClick={() => setView(initialView)}
        >
          {t('preview.zoomReset', { percent: Math.round(view.scale * 100) })}
        </button>
      )}
    </div>
  );
}
