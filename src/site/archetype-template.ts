// Expands an archetype the way `hugo new` does, by walking its parsed tree: nothing is compiled or evaluated as code.
import { functions, timeMethod } from './archetype-functions';
import type { Operand, Pipeline, TemplateNode } from './archetype-parse';
import { parseTemplate, TemplateError } from './archetype-parse';
import { TemplateTime, rfc3339 } from './archetype-time';
import type { TemplateMap, TemplateValue } from './archetype-values';
import { isTrue, printed } from './archetype-values';

export { TemplateError } from './archetype-parse';

/** What `hugo new` tells an archetype about the post being made. */
export interface ArchetypePage {
  /** The file name without its extension (.Name, .File.ContentBaseName). */
  name: string;
  /** The file name with its extension. */
  fileName: string;
  /** The first folder under the content folder, "" at its top. */
  section: string;
  /** The archetype asked for, else the section, else "page". */
  type: string;
  /** The post's folder relative to the content folder, "" or ending with "/" (.File.Dir). */
  dir: string;
  /** The instant of .Date and of `now`. */
  now: TemplateTime;
  site: { title: string; baseURL: string; languageCode: string; params: TemplateMap };
}

const invalid = (problem: string) => new TemplateError('invalid', `the archetype ${problem}`);

/** Maps standing for Go structs: a field they lack is an error naming it, not nil. */
const structs = new WeakSet<TemplateMap>();
const struct = (fields: TemplateMap): TemplateMap => {
  structs.add(fields);
  return fields;
};

function pageOf(page: ArchetypePage): TemplateMap {
  const extension = page.fileName.slice(page.name.length + 1);
  return struct({
    Name: page.name,
    Date: rfc3339(page.now),
    Section: page.section,
    Type: page.type,
    File: struct({
      ContentBaseName: page.name,
      BaseFileName: page.name,
      LogicalName: page.fileName,
      Ext: extension,
      Dir: page.dir,
      Path: `${page.dir}${page.fileName}`,
    }),
    Site: struct({
      Title: page.site.title,
      BaseURL: page.site.baseURL,
      LanguageCode: page.site.languageCode,
      Params: page.site.params,
    }),
  });
}

/** Reads `path` from `value`; the last step receives `args` (a method call such as now.Format "2006"). */
function readChain(
  value: TemplateValue,
  path: readonly string[],
  args: TemplateValue[],
  shown: string,
): TemplateValue {
  let current = value;
  path.forEach((name, index) => {
    const isLast = index === path.length - 1;
    if (current instanceof TemplateTime) {
      current = timeMethod(current, name, isLast ? args : []);
      return;
    }
    if (current === null || typeof current !== 'object')
      throw invalid(`reads .${name} of something that has no fields (${shown})`);
    const fields: TemplateMap = current;
    // Hugo reads the keys of maps (params) without regard to case.
    const key = structs.has(fields) ? name : name.toLowerCase();
    if (Object.hasOwn(fields, key)) current = fields[key] as TemplateValue;
    else if (structs.has(fields))
      throw new TemplateError(
        'unsupported',
        `the archetype uses ${shown}, which Drawer does not provide`,
      );
    else current = null;
    if (isLast && args.length > 0)
      throw invalid(`gives arguments to ${shown}, which is not a function`);
  });
  if (path.length === 0 && args.length > 0) throw invalid('gives arguments to a value');
  return current;
}

interface Scope {
  dot: TemplateValue;
  now: TemplateTime;
  depth: number;
}

function operandValue(operand: Operand, scope: Scope, args: TemplateValue[]): TemplateValue {
  switch (operand.kind) {
    case 'dot':
      if (args.length > 0) throw invalid('gives arguments to .');
      return scope.dot;
    case 'field':
      return readChain(scope.dot, operand.path, args, `.${operand.path.join('.')}`);
    case 'function': {
      const fn = functions[operand.name];
      const shown = [operand.name, ...operand.chain].join('.');
      if (!fn)
        throw new TemplateError(
          'unsupported',
          `the archetype calls ${shown}, which Drawer does not interpret`,
        );
      if (operand.chain.length === 0) return fn(args, scope.now);
      return readChain(fn([], scope.now), operand.chain, args, shown);
    }
    case 'pipeline': {
      if (scope.depth > 64) throw invalid('nests too deeply');
      const result = runPipeline(operand.pipeline, { ...scope, depth: scope.depth + 1 });
      return readChain(result, operand.chain, args, `(…).${operand.chain.join('.')}`);
    }
    case 'string':
    case 'number':
    case 'bool':
      if (args.length > 0) throw invalid('gives arguments to a constant');
      return operand.value;
    case 'nil':
      throw invalid('uses nil as a value');
  }
}

function runPipeline(pipeline: Pipeline, scope: Scope): TemplateValue {
  let piped: TemplateValue | undefined;
  for (const [head, ...rest] of pipeline) {
    if (!head) throw invalid('has an empty command');
    const args = rest.map((operand) => operandValue(operand, scope, []));
    if (piped !== undefined) args.push(piped);
    piped = operandValue(head, scope, args);
  }
  return piped ?? null;
}

/** The expanded text, bounded: a loop-free template can still multiply text through replace. */
interface Output {
  parts: string[];
  chars: number;
}

const maxOutputChars = 4 * 1024 * 1024;

function render(nodes: TemplateNode[], scope: Scope, out: Output): void {
  const write = (text: string) => {
    out.chars += text.length;
    if (out.chars > maxOutputChars) throw invalid('expands to too much text');
    out.parts.push(text);
  };
  for (const node of nodes) {
    if (node.kind === 'text') write(node.text);
    else if (node.kind === 'action') write(printed(runPipeline(node.pipeline, scope)));
    else {
      const branch = node.branches.find((candidate) =>
        isTrue(runPipeline(candidate.condition, scope)),
      );
      render(branch ? branch.body : node.otherwise, scope, out);
    }
  }
}

/**
 * The post `hugo new` would write from `source` for `page`. Whatever a value holds (a name with
 * "{{" in it) is written as text and never read as template again.
 */
export function expandArchetype(source: string, page: ArchetypePage): string {
  const tree = parseTemplate(source);
  const out: Output = { parts: [], chars: 0 };
  render(tree, { dot: pageOf(page), now: page.now, depth: 0 }, out);
  return out.parts.join('');
}

/** Hugo's own archetype, used when a site has none for the post (hugo v0.111's built-in default). */
export const builtInArchetype = `---
title: "{{ replace .Name "-" " " | title }}"
date: {{ .Date }}
draft: true
---

`;
