// JSON text written by hand for answers with many small records: the same bytes as JSON.stringify.

/** What JSON.stringify escapes in a string: quotes, backslashes, controls, lone surrogates. */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
export const needsEscaping = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * A string as JSON.stringify writes it. Most names need no escaping and are copied as they are:
 * stringifying each record of a large answer was most of its time (docs/LISTINGS.md).
 */
export function jsonString(text: string): string {
  return needsEscaping.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** needsEscaping without NUL, which separates the texts of a joined string. */
// eslint-disable-next-line no-control-regex -- the control characters are what is looked for
const needsEscapingBesidesNul = /["\\\u0001-\u001f\ud800-\udfff]/;

/** Whether any of the NUL-separated texts of `joined` needs escaping (none holds a NUL itself). */
export function someNeedJsonEscaping(joined: string): boolean {
  return needsEscapingBesidesNul.test(joined);
}

/** Whether JSON.stringify writes `text` other than between two quotes. */
export function needsJsonEscaping(text: string): boolean {
  return needsEscaping.test(text);
}
