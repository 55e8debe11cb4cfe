// What a drag from the desktop carries, read during the drop event (the browser empties it after),
// so the upload code itself can load only once something is dropped.

export interface DroppedItems {
  /** One per dropped item; null where the browser gives no entry (then `files` is used). */
  entries: (FileSystemEntry | null)[];
  files: File[];
}

export function isFileDrag(transfer: DataTransfer | null): boolean {
  return Boolean(transfer?.types.includes('Files'));
}

export function takeDrop(transfer: DataTransfer): DroppedItems {
  return {
    entries: [...transfer.items]
      .filter((item) => item.kind === 'file')
      .map((item) => item.webkitGetAsEntry?.() ?? null),
    files: [...transfer.files],
  };
}
