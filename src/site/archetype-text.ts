// The text functions archetypes use (title, humanize, urlize), written to give what Hugo 0.111 gives for post names.

/**
 * Words AP style keeps lower case inside a title (Hugo's default titleCaseStyle), as Hugo's
 * `title` leaves them: checked against `hugo new` (test/unit/archetype-template.test.ts).
 */
const minorWords = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'but',
  'by',
  'en',
  'for',
  'if',
  'in',
  'nor',
  'of',
  'on',
  'or',
  'per',
  'the',
  'to',
  'v',
  'via',
  'vs',
]);

/** Upper-cases one character; one that would become two (ß → SS) stays, as in Go. */
function upperChar(char: string): string {
  const upper = char.toUpperCase();
  return [...upper].length === 1 ? upper : char;
}

function capitalise(word: string): string {
  const [first = '', ...rest] = [...word];
  return upperChar(first) + rest.join('');
}

export function upperText(text: string): string {
  return [...text].map(upperChar).join('');
}

/**
 * AP-style title case: every word capitalised (the rest of it kept), except minor words that
 * stand between two others after a space, hyphen or slash, and not right after a colon.
 */
export function titleText(text: string): string {
  const words = /[\p{N}\p{L}]+[^\s\-/]*/gu;
  return text.replace(words, (word: string, at: number) => {
    const end = at + word.length;
    const before = text[at - 1] ?? '';
    const isBounding = at === 0 || end === text.length;
    const isMinor =
      minorWords.has(word.toLowerCase()) &&
      !isBounding &&
      [' ', '-', '/'].includes(before) &&
      text[at - 2] !== ':' &&
      text[at - 2] !== '-' &&
      (text[end] !== '-' || before === '-');
    return isMinor ? word.toLowerCase() : capitalise(word);
  });
}

/** English ordinals, as humanize writes numbers: 1st, 2nd, 3rd, 11th, 42nd. */
function ordinal(number: string): string {
  const last2 = Math.abs(Number(number)) % 100;
  const last = last2 % 10;
  const suffix =
    last2 >= 11 && last2 <= 13
      ? 'th'
      : last === 1
        ? 'st'
        : last === 2
          ? 'nd'
          : last === 3
            ? 'rd'
            : 'th';
  return `${number}${suffix}`;
}

/** Capitalises the first letter and every letter after a character that is not one (Hugo: "a.b" → "A.B"). */
function capitaliseRuns(part: string): string {
  let out = '';
  let previous = '';
  for (const char of part) {
    out += previous === '' || !/[\p{L}\p{N}]/u.test(previous) ? upperChar(char) : char;
    previous = char;
  }
  return out;
}

/**
 * A name as a sentence: "my-first_post" → "My first post", "helloWorld" → "Hello world",
 * "42" → "42nd". Words split on spaces, hyphens, underscores and lower-to-upper case changes.
 */
export function humanizeText(text: string): string {
  const trimmed = text.trim();
  if (/^-?\d+$/.test(trimmed)) return ordinal(trimmed);
  const parts = trimmed
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .split(/[\s\-_~+=$]+/u)
    .filter((part) => part !== '');
  if (parts.length === 0) return '';
  const [first = '', ...rest] = parts.map((part) => part.toLowerCase());
  return [capitaliseRuns(first), ...rest].join(' ');
}

/** Characters a Hugo path keeps; any other is dropped, and blanks become one hyphen. */
function isPathCharacter(char: string): boolean {
  return /[\p{L}\p{N}\p{M}._~#+\-@/\\]/u.test(char);
}

/**
 * A name as Hugo puts it in a path: unwanted characters dropped, blanks turned into hyphens,
 * lower case. `escape` percent-encodes what is not ASCII, as urlize does for links; the file
 * Hugo writes on disk keeps the characters themselves.
 */
export function urlizeText(text: string, escape = true): string {
  const chars = [...text];
  let out = '';
  let isHyphenDue = false;
  chars.forEach((char, at) => {
    // An escape already written ("%20") stays one.
    const isEscape = char === '%' && /^[0-9A-Fa-f]{2}$/.test(`${chars[at + 1]}${chars[at + 2]}`);
    if (isPathCharacter(char) || isEscape) {
      if (isHyphenDue) out += '-';
      isHyphenDue = false;
      out += char;
    } else if (out !== '' && /\s/u.test(char)) {
      isHyphenDue = true;
    }
  });
  const lower = out.toLowerCase();
  if (!escape) return lower;
  return [...lower]
    .map((char) => (/[\x21-\x7e]/.test(char) ? char : encodeURIComponent(char)))
    .join('');
}
