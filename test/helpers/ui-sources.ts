// Parses the UI's sources with the TypeScript compiler, for checks on what the interface shows and translates.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const uiDir = path.resolve(import.meta.dirname, '..', '..', 'ui');

export interface UiSource {
  /** Path relative to the repository, e.g. 'ui/routes/login.lazy.tsx'. */
  file: string;
  source: ts.SourceFile;
}

export function uiSources(extensions: readonly string[] = ['.ts', '.tsx']): UiSource[] {
  const files = fs
    .readdirSync(uiDir, { recursive: true, encoding: 'utf8' })
    .filter(
      (name) => extensions.some((extension) => name.endsWith(extension)) && !name.endsWith('.d.ts'),
    )
    .sort();
  return files.map((name) => {
    const full = path.join(uiDir, name);
    const kind = name.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(
      full,
      fs.readFileSync(full, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
      kind,
    );
    return { file: path.posix.join('ui', name.split(path.sep).join('/')), source };
  });
}

export function visit(node: ts.Node, callback: (node: ts.Node) => void): void {
  callback(node);
  node.forEachChild((child) => visit(child, callback));
}

/** 'file:line' for messages. */
export function where(file: string, node: ts.Node): string {
  const { line } = node.getSourceFile().getLineAndCharacterOfPosition(node.getStart());
  return `${file}:${line + 1}`;
}

/** The text of a string literal or of a template's fixed parts; undefined for anything else. */
export function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => ` ${span.literal.text}`).join('');
  return undefined;
}

/** Calls of t('key') / i18n.t('key') / something.t('key'). */
export function isTranslateCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  return (
    (ts.isIdentifier(callee) && callee.text === 't') ||
    (ts.isPropertyAccessExpression(callee) && callee.name.text === 't')
  );
}
