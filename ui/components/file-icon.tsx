// The icon of an item by its type: folder, image, audio, video, text or a generic file.
import type { ResourceItem } from '../api/resources';
import type { IconName } from './icons';
import { Icon } from './icons';

export function iconOf(item: Pick<ResourceItem, 'isDir' | 'type'>): IconName {
  if (item.isDir) return 'folder';
  switch (item.type) {
    case 'image':
      return 'image';
    case 'audio':
      return 'audio';
    case 'video':
      return 'video';
    case 'text':
    case 'textImmutable':
      return 'text';
    default:
      return 'file';
  }
}

export function FileIcon({
  item,
  size = 24,
}: {
  item: Pick<ResourceItem, 'isDir' | 'type'>;
  size?: number;
}) {
  const name = iconOf(item);
  return (
    <span className={`file-icon file-icon-${name}`}>
      <Icon name={name} size={size} />
    </span>
  );
}
