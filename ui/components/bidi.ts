// Paths and names inside translated sentences: isolated (FSI … PDI), so that in right-to-left text
// their slashes and dots stay where the path has them instead of moving about the sentence.

export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}
