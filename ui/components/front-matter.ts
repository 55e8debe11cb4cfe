// A Markdown text without its front matter, for the views that render it (the editor's, a post's
// preview): the metadata is no content. Hugo reads YAML between '---' lines, TOML between '+++'
// lines, or a JSON object at the very start.

const fenced = /^\uFEFF?(---|\+\+\+)[ \t]*\r?\n[\s\S]*?\r?\n\1[ \t]*(?:\r?\n|$)/;

/** The end of a JSON object opening the text (strings and nesting respected), or -1. */
function jsonEnd(text: string): number {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return index + 1;
  }
  return -1;
}

export function stripFrontMatter(source: string): string {
  const match = fenced.exec(source);
  if (match) return source.slice(match[0].length);
  const body = source.replace(/^\uFEFF/, '');
  if (!body.startsWith('{')) return source;
  const end = jsonEnd(body);
  return end < 0 ? source : body.slice(end).replace(/^[ \t]*\r?\n/, '');
}
