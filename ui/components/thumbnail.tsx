// A file's picture in a tile or a row: the type icon holds its place, the picture is asked for only
// once the tile is on screen, and the icon stays when there is none (415, an error, thumbnails off).
import { useEffect, useRef, useState } from 'react';
import type { IconSubject } from './file-icon';
import { FileIcon } from './file-icon';

/** Pictures that failed this session (a video without ffmpeg, a file the decoder refuses). */
const failed = new Set<string>();

/** Near the screen counts as on it, so a picture is there by the time its tile scrolls in. */
const marginPx = 100;
let observer: IntersectionObserver | undefined;
const watchers = new WeakMap<Element, () => void>();

/** Calls `onVisible` once the element comes near the screen; the returned function stops watching. */
function watch(element: Element, onVisible: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) watchers.get(entry.target)?.();
    },
    { rootMargin: `${marginPx}px 0px` },
  );
  const watching = observer;
  watchers.set(element, onVisible);
  watching.observe(element);
  return () => {
    watching.unobserve(element);
    watchers.delete(element);
  };
}

export function Thumbnail({
  item,
  src,
  iconSize,
}: {
  item: IconSubject & { modified?: string };
  /** Undefined: no picture to ask for (a folder, thumbnails off, no ticket yet). */
  src: string | undefined;
  iconSize: number;
}) {
  const box = useRef<HTMLSpanElement>(null);
  // Credentials change (a renewed ticket) but the picture does not: the address asked first stays.
  const failKey = src && `${src.split('?')[0]}@${item.modified ?? ''}`;
  const [shown, setShown] = useState<string>();
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const usable = src !== undefined && failKey !== undefined && !failed.has(failKey);

  useEffect(() => {
    const element = box.current;
    if (!usable || shown !== undefined || !element) return;
    return watch(element, () => setShown(src));
  }, [usable, shown, src]);

  const onError = () => {
    if (failKey) failed.add(failKey);
    setState('failed');
  };
  const picture = usable && shown !== undefined && state !== 'failed';
  return (
    <span ref={box} className={`thumb${state === 'ready' ? ' is-ready' : ''}`}>
      {state !== 'ready' && <FileIcon item={item} size={iconSize} />}
      {picture && (
        <img
          src={shown}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onLoad={() => setState('ready')}
          onError={onError}
        />
      )}
    </span>
  );
}
