// Paths and names inside translated sentences: in right-to-left text they are isolated (FSI … PDI),
// so that their slashes and dots stay where the path has them instead of moving about the
// sentence. Left to right they need nothing, and copied text keeps no invisible marks.

export function isolated(text: string): string {
  return document.dir === 'rtl' ? `\u2068${text}\u2069` : text;
}
