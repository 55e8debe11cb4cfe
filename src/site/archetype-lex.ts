// Splits the actions of an archetype into words: Go template tokens, refusing by name what Drawer does not interpret.

/**
 * Why an archetype cannot be expanded: `unsupported` names a construct Drawer does not interpret,
 * `invalid` a mistake in the template (syntax, arguments, text grown past its bound).
 */
export class TemplateError extends Error {
  override name = 'TemplateError';
  constructor(
    readonly kind: 'unsupported' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

export type Operand =
  | { kind: 'dot' }
  /** `.A.B`: fields of the page. */
  | { kind: 'field'; path: string[] }
  /** A function, called with no arguments unless it heads its command; `chain` reads fields of its result. */
  | { kind: 'function'; name: string; chain: string[] }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'nil' }
  | { kind: 'pipeline'; pipeline: Pipeline; chain: string[] };

/** Commands joined by `|`: each command's result is the last argument of the next. */
export type Pipeline = Operand[][];

/** Go keywords Drawer does not interpret: naming them beats a vague syntax error. */
const unsupportedKeywords = new Set([
  'with',
  'range',
  'define',
  'template',
  'block',
  'break',
  'continue',
]);

export type Token =
  | { kind: 'pipe' }
  | { kind: 'open' }
  | { kind: 'close' }
  /** Fields read from what a parenthesised pipeline returned: `(now).Year`. */
  | { kind: 'chain'; path: string[] }
  | { kind: 'operand'; operand: Operand }
  | { kind: 'keyword'; word: 'if' | 'else' | 'end' };

export const unsupported = (what: string) =>
  new TemplateError('unsupported', `the archetype uses ${what}, which Drawer does not interpret`);
export const invalid = (problem: string) =>
  new TemplateError('invalid', `the archetype ${problem}`);

const identifier = /^[\p{L}_][\p{L}\p{N}_]*/u;
const fieldChain = /^(?:\.[\p{L}_][\p{L}\p{N}_]*)+/u;
const numberLiteral = /^[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)/;

const escapes: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  '"': '"',
  "'": "'",
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
};

/** A double-quoted Go string starting at `at`: its value and where it ends. */
function readQuoted(source: string, at: number): { value: string; end: number } {
  let value = '';
  let index = at + 1;
  for (;;) {
    const char = source[index];
    if (char === undefined || char === '\n') throw invalid('has an unterminated string');
    if (char === '"') return { value, end: index + 1 };
    if (char !== '\\') {
      value += char;
      index += 1;
      continue;
    }
    const next = source[index + 1] ?? '';
    const hexLength = { x: 2, u: 4, U: 8 }[next];
    if (hexLength !== undefined) {
      const hex = source.slice(index + 2, index + 2 + hexLength);
      if (!/^[0-9A-Fa-f]+$/.test(hex) || hex.length !== hexLength)
        throw invalid('has a bad escape in a string');
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff) throw invalid('has a bad escape in a string');
      value += String.fromCodePoint(code);
      index += 2 + hexLength;
    } else if (escapes[next] !== undefined) {
      value += escapes[next];
      index += 2;
    } else {
      throw invalid('has a bad escape in a string');
    }
  }
}

/** The word starting at `at` (an identifier with its field chain, or a keyword or literal). */
function wordToken(word: string, chain: string): Token {
  if (word === 'if' || word === 'else' || word === 'end') return { kind: 'keyword', word };
  if (unsupportedKeywords.has(word)) throw unsupported(`{{ ${word} }}`);
  if (word === 'true' || word === 'false')
    return { kind: 'operand', operand: { kind: 'bool', value: word === 'true' } };
  if (word === 'nil') return { kind: 'operand', operand: { kind: 'nil' } };
  const path = chain === '' ? [] : chain.slice(1).split('.');
  return { kind: 'operand', operand: { kind: 'function', name: word, chain: path } };
}

const punctuation: Record<string, Token> = {
  '|': { kind: 'pipe' },
  '(': { kind: 'open' },
  ')': { kind: 'close' },
};

const refused: Record<string, string> = {
  $: 'variables ($)',
  "'": 'character constants',
  ':': 'variable assignment',
  '=': 'variable assignment',
  ',': 'range variables',
};

/** Splits the words of one action up to its closing `}}`; returns the tokens and where the action ends. */
export function lexAction(
  source: string,
  start: number,
): { tokens: Token[]; end: number; trimRight: boolean } {
  const tokens: Token[] = [];
  let at = start;
  const push = (token: Token, length: number) => {
    tokens.push(token);
    at += length;
  };
  for (;;) {
    const ahead = source.slice(at, at + 4);
    if (/^\s-}}/.test(ahead)) return { tokens, end: at + 4, trimRight: true };
    if (ahead.startsWith('}}')) return { tokens, end: at + 2, trimRight: false };
    const char = source[at];
    if (char === undefined) throw invalid('has an action without its closing }}');
    const tail = source.slice(at, at + 1024);
    const chain = fieldChain.exec(tail)?.[0];
    const number = numberLiteral.exec(tail)?.[0];
    if (/\s/.test(char)) at += 1;
    else if (punctuation[char]) {
      push(punctuation[char], 1);
      const after = char === ')' ? fieldChain.exec(source.slice(at, at + 1024))?.[0] : undefined;
      if (after) push({ kind: 'chain', path: after.slice(1).split('.') }, after.length);
    } else if (refused[char]) throw unsupported(refused[char]);
    else if (char === '"') {
      const quoted = readQuoted(source, at);
      push({ kind: 'operand', operand: { kind: 'string', value: quoted.value } }, quoted.end - at);
    } else if (char === '`') {
      const end = source.indexOf('`', at + 1);
      if (end === -1) throw invalid('has an unterminated raw string');
      const value = source.slice(at + 1, end);
      push({ kind: 'operand', operand: { kind: 'string', value } }, end + 1 - at);
    } else if (chain !== undefined) {
      push(
        { kind: 'operand', operand: { kind: 'field', path: chain.slice(1).split('.') } },
        chain.length,
      );
    } else if (number !== undefined) {
      if (/^0[xXbBoO]/.test(tail)) throw unsupported('hexadecimal, octal or binary numbers');
      push({ kind: 'operand', operand: { kind: 'number', value: Number(number) } }, number.length);
    } else if (char === '.') push({ kind: 'operand', operand: { kind: 'dot' } }, 1);
    else {
      const word = identifier.exec(tail)?.[0];
      if (word === undefined) throw invalid(`has an unexpected character ${JSON.stringify(char)}`);
      const wordChain = fieldChain.exec(source.slice(at + word.length, at + 1024))?.[0] ?? '';
      push(wordToken(word, wordChain), word.length + wordChain.length);
    }
  }
}
