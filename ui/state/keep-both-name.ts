// 'Keep both' for an upload whose name is taken (docs/UI.md, Input): the copy goes in under
// 'report (1).pdf', then '(2)', …, the way desktop file managers and the server's own copy do.

function splitName(name: string, isFolder: boolean): [stem: string, extension: string] {
  const dot = name.lastIndexOf('.');
  // A dotfile ('.env') and a folder keep their whole name as the stem, as on the server.
  if (isFolder || dot <= 0) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

export function numberedName(name: string, number: number, isFolder = false): string {
  const [stem, extension] = splitName(name, isFolder);
  return `${stem} (${number})${extension}`;
}

/** The first numbered name not in `taken`. */
export function freeName(name: string, taken: ReadonlySet<string>, isFolder = false): string {
  for (let number = 1; ; number++) {
    const candidate = numberedName(name, number, isFolder);
    if (!taken.has(candidate)) return candidate;
  }
}

/** The next number after a name this module made ('a (1).txt' → 'a (2).txt'), for a name taken meanwhile. */
export function nextNumberedName(name: string): string {
  const [stem, extension] = splitName(name, false);
  const numbered = /^(.*) \((\d+)\)$/.exec(stem);
  if (!numbered) return numberedName(name, 1);
  return `${numbered[1]} (${Number(numbered[2]) + 1})${extension}`;
}
