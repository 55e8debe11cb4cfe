// The icon of an item: folder, or the kind of file by its extension (PDF, archive, code, spreadsheet,
// document, presentation), else by its type (image, audio, video, pdf, text), else a generic file.
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
    'js mjs cjs ts tsx jsx py go rs c h cc cpp hpp java kt rb php sh bash zsh ps1 bat cs swift scala lua pl r sql html htm css scss less json yaml yml toml xml vue svelte dart ex erl hs zig',
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
