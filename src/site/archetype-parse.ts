// Parses an archetype into a tree: actions, pipelines, if/else and trim markers, nothing it cannot run.
import type { Operand, Pipeline, Token } from './archetype-lex';
import { invalid, lexAction, unsupported } from './archetype-lex';

export type { Operand, Pipeline } from './archetype-lex';
export { TemplateError } from './archetype-lex';

export type TemplateNode =
  | { kind: 'text'; text: string }
  | { kind: 'action'; pipeline: Pipeline }
  | {
      kind: 'if';
      branches: { condition: Pipeline; body: TemplateNode[] }[];
      otherwise: TemplateNode[];
    };

/** Deeper nesting than this is refused before it can exhaust the stack. */
const maxDepth = 64;

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
