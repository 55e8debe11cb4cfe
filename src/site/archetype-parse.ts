// Parses an archetype into a tree: Go text/template's actions, pipelines, if/else and trim markers, nothing it cannot run.

/** Why an archetype cannot be expanded; `construct` names what Drawer does not interpret. */
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

export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'action'; pipeline: Pipeline }
  | {
      kind: 'if';
      branches: { condition: Pipeline; body: TemplateNode[] }[];
      otherwise: TemplateNode[];
    };

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

/** Deeper nesting than this is refused before it can exhaust the stack. */
const maxDepth = 64;

type Token =
  | { kind: 'pipe' }
  | { kind: 'open' }
  | { kind: 'close' }
  /** Fields read from what a parenthesised pipeline returned: `(now).Year`. */
  | { kind: 'chain'; path: string[] }
  | { kind: 'operand'; operand: Operand }
  | { kind: 'keyword'; word: 'if' | 'else' | 'end' };

const unsupported = (what: string) =>
  new TemplateError('unsupported', `the archetype uses ${what}, which Drawer does not interpret`);
const invalid = (problem: string) => new TemplateError('invalid', `the archetype ${problem}`);

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
function lexAction(
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

/** Turns one action's tokens into a pipeline: commands split on `|`, parentheses nested. */
function parsePipeline(tokens: Token[], depth = 0): Pipeline {
  if (depth > maxDepth) throw invalid('nests parentheses too deeply');
  const pipeline: Pipeline = [[]];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index] as Token;
    const command = pipeline[pipeline.length - 1] as Operand[];
    if (token.kind === 'pipe') {
      if (command.length === 0) throw invalid('has an empty command in a pipeline');
      pipeline.push([]);
      index += 1;
    } else if (token.kind === 'open') {
      let level = 1;
      let end = index + 1;
      for (; end < tokens.length && level > 0; end += 1) {
        const inner = tokens[end] as Token;
        if (inner.kind === 'open') level += 1;
        if (inner.kind === 'close') level -= 1;
      }
      if (level !== 0) throw invalid('has an unclosed parenthesis');
      const inner = parsePipeline(tokens.slice(index + 1, end - 1), depth + 1);
      const after = tokens[end];
      const chain = after?.kind === 'chain' ? after.path : [];
      index = after?.kind === 'chain' ? end + 1 : end;
      command.push({ kind: 'pipeline', pipeline: inner, chain });
    } else if (token.kind === 'close' || token.kind === 'chain')
      throw invalid('has an unexpected )');
    else if (token.kind === 'keyword') throw invalid(`has {{ ${token.word} }} in the wrong place`);
    else {
      command.push(token.operand);
      index += 1;
    }
  }
  if (pipeline.some((command) => command.length === 0)) throw invalid('has an empty action');
  return pipeline;
}

type Action =
  | { kind: 'pipeline'; pipeline: Pipeline }
  | { kind: 'if'; condition: Pipeline }
  | { kind: 'elseIf'; condition: Pipeline }
  | { kind: 'else' }
  | { kind: 'end' };

function classify(tokens: Token[]): Action {
  const [first, second] = tokens;
  if (first?.kind !== 'keyword') return { kind: 'pipeline', pipeline: parsePipeline(tokens) };
  if (first.word === 'end') {
    if (tokens.length > 1) throw invalid('has words after {{ end }}');
    return { kind: 'end' };
  }
  if (first.word === 'if') return { kind: 'if', condition: parsePipeline(tokens.slice(1)) };
  if (tokens.length === 1) return { kind: 'else' };
  if (second?.kind === 'keyword' && second.word === 'if')
    return { kind: 'elseIf', condition: parsePipeline(tokens.slice(2)) };
  throw unsupported('{{ else }} followed by something other than if');
}

/** Splits the source into text and actions, applying trim markers and dropping comments. */
function scan(source: string): (string | Action)[] {
  const items: (string | Action)[] = [];
  let at = 0;
  let trimNext = false;
  while (at <= source.length) {
    const open = source.indexOf('{{', at);
    let text = source.slice(at, open === -1 ? source.length : open);
    if (trimNext) text = text.replace(/^\s+/, '');
    if (open === -1) {
      items.push(text);
      break;
    }
    let start = open + 2;
    const trimLeft = /^-\s/.test(source.slice(start, start + 2));
    if (trimLeft) {
      text = text.replace(/\s+$/, '');
      start += 2;
    }
    items.push(text);
    const afterSpace = trimLeft
      ? start + (source.slice(start).match(/^\s*/)?.[0].length ?? 0)
      : start;
    if (source.startsWith('/*', afterSpace)) {
      const close = source.indexOf('*/', afterSpace + 2);
      if (close === -1) throw invalid('has an unclosed comment');
      const after = source.slice(close + 2, close + 6);
      if (after.startsWith('}}')) {
        at = close + 4;
        trimNext = false;
      } else if (/^\s-}}/.test(after)) {
        at = close + 6;
        trimNext = true;
      } else throw invalid('has a comment that does not end its action');
      continue;
    }
    const action = lexAction(source, start);
    if (action.tokens.length === 0) throw invalid('has an empty action');
    items.push(classify(action.tokens));
    at = action.end;
    trimNext = action.trimRight;
  }
  return items;
}

/** The tree of an archetype; a syntax error or a construct Drawer does not run is a TemplateError. */
export function parseTemplate(source: string): TemplateNode[] {
  const items = scan(source);
  let index = 0;
  const block = (depth: number): { nodes: TemplateNode[]; stop: Action | undefined } => {
    if (depth > maxDepth) throw invalid('nests {{ if }} too deeply');
    const nodes: TemplateNode[] = [];
    while (index < items.length) {
      const item = items[index] as string | Action;
      index += 1;
      if (typeof item === 'string') {
        if (item !== '') nodes.push({ kind: 'text', text: item });
      } else if (item.kind === 'pipeline') nodes.push({ kind: 'action', pipeline: item.pipeline });
      else if (item.kind === 'if') nodes.push(ifNode(item.condition, depth));
      else return { nodes, stop: item };
    }
    return { nodes, stop: undefined };
  };
  const ifNode = (condition: Pipeline, depth: number): TemplateNode => {
    const branches: { condition: Pipeline; body: TemplateNode[] }[] = [];
    let current = condition;
    for (;;) {
      const { nodes, stop } = block(depth + 1);
      branches.push({ condition: current, body: nodes });
      if (stop === undefined) throw invalid('has an {{ if }} without its {{ end }}');
      if (stop.kind === 'end') return { kind: 'if', branches, otherwise: [] };
      if (stop.kind === 'elseIf') {
        current = stop.condition;
        continue;
      }
      if (stop.kind !== 'else') throw invalid('has an unexpected action in an {{ if }}');
      const rest = block(depth + 1);
      if (rest.stop?.kind !== 'end') throw invalid('has an {{ else }} without its {{ end }}');
      return { kind: 'if', branches, otherwise: rest.nodes };
    }
  };
  const top = block(0);
  if (top.stop !== undefined)
    throw invalid(`has an {{ ${top.stop.kind === 'end' ? 'end' : 'else'} }} without its {{ if }}`);
  return top.nodes;
}
