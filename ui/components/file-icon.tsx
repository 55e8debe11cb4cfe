// The icon of an item: folder, or the kind of file by its extension (PDF, archive, code, spreadsheet,
// document, presentation), else by its type (image, audio, video, pdf, text), else a generic file.
// And a file's thumbnail: the icon holds its place, the picture is asked for only once the tile is
// on screen, and the icon stays when there is none (415, an error, thumbnails off).
import { useEffect, useRef, useState } from 'react';
import type { IconName } from './icons';
import { Icon } from './icons';

export interface IconSubject {
  isDir: boolean;
  type?: string;
  /** The name or the extension is enough; search results have only a path. */
  name?: string;
  extension?: string;
}

/** Extensions whose kind the type alone does not tell (a zip and a .docx are both 'blob'). */
const kinds: [IconName, string][] = [
  ['pdf', 'pdf'],
  ['archive', 'zip tar gz tgz bz2 tbz2 xz txz lz4 zst sz 7z rar lz lzma cab iso jar apk deb rpm'],
  [
    'code',
    'js mjs ts tsx jsx py go rs c h cpp java kt rb php sh ps1 bat cs swift lua sql html htm css scss json yaml yml toml xml vue',
  ],
  ['spreadsheet', 'xls xlsx xlsm ods csv tsv numbers'],
  ['document', 'doc docx odt rtf pages epub'],
  ['presentation', 'ppt pptx odp key'],
];
const byExtension = new Map<string, IconName>(
  kinds.flatMap(([name, list]) => list.split(' ').map((extension) => [extension, name] as const)),
);
const byType: Record<string, IconName> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  pdf: 'pdf',
  text: 'text',
  textImmutable: 'text',
};

export function extensionOf(item: IconSubject): string {
  const source = item.extension || item.name || '';
  const dot = source.lastIndexOf('.');
  return (dot === -1 ? (item.extension ?? '') : source.slice(dot + 1)).toLowerCase();
}

export function iconOf(item: IconSubject): IconName {
  if (item.isDir) return 'folder';
  return byExtension.get(extensionOf(item)) ?? byType[item.type ?? ''] ?? 'file';
}

export function FileIcon({ item, size = 24 }: { item: IconSubject; size?: number }) {
  const name = iconOf(item);
  return (
    <span className={`file-icon file-icon-${name}`}>
      <Icon name={name} size={size} />
    </span>
  );
}

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
