// Finds visible text in ui/ that bypasses i18next: JSX text, text attributes and notification calls with literal words.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { isTranslateCall, literalText, uiSources, visit, where } from '../helpers/ui-sources';

/** Attributes and component props people read or hear. */
const textAttributes = new Set([
  'alt',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'label',
  'placeholder',
  'title',
]);
/** Functions whose string argument ends up on screen. */
const textSinks = new Set([
  'showSuccess',
  'showError',
  'useDocumentTitle',
  'setError',
  'alert',
  'confirm',
  'prompt',
]);

/** Literal text that must stay literal, with why; keep it short. Format: 'ui/file.tsx: text'. */
const allowed = new Set<string>([]);

const hasLetters = (text: string) => /\p{L}/u.test(text);

/** String literals of an expression that reach the screen as they are: a call (t(), a formatter) translates its own. */
function shownLiterals(node: ts.Node, found: ts.Node[] = []): ts.Node[] {
  if (ts.isCallExpression(node) || ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node))
    return found;
  if (ts.isJsxFragment(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node))
    return found;
  // Object keys and comparisons ('a' === kind) are not shown.
  if (ts.isBinaryExpression(node) && node.operatorToken.kind !== ts.SyntaxKind.PlusToken) {
    if (node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
      shownLiterals(node.right, found);
    else if (
      node.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
      node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken
    ) {
      shownLiterals(node.left, found);
      shownLiterals(node.right, found);
    }
    return found;
  }
  if (ts.isConditionalExpression(node)) {
    shownLiterals(node.whenTrue, found);
    shownLiterals(node.whenFalse, found);
    return found;
  }
  const text = literalText(node);
  if (text !== undefined) {
    if (hasLetters(text)) found.push(node);
    if (!ts.isTemplateExpression(node)) return found;
  }
  node.forEachChild((child) => void shownLiterals(child, found));
  return found;
}

function attributeName(node: ts.JsxAttribute): string {
  return node.name.getText();
}

/** Every place in one file where words reach the screen without i18next. */
export function untranslated(file: string, source: ts.SourceFile): string[] {
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const entry = `${file}: ${text.trim().replace(/\s+/g, ' ')}`;
    if (!allowed.has(entry)) found.push(`${where(file, node)}: ${JSON.stringify(text.trim())}`);
  };
  visit(source, (node) => {
    if (ts.isJsxText(node) && hasLetters(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && textAttributes.has(attributeName(node)) && node.initializer) {
      const value = node.initializer;
      if (ts.isStringLiteral(value)) {
        if (hasLetters(value.text)) report(value, value.text);
      } else if (ts.isJsxExpression(value) && value.expression) {
        for (const literal of shownLiterals(value.expression))
          report(literal, literalText(literal) ?? '');
      }
    }
    // {'words'} or {cond && 'words'} as a child of an element.
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    )
      for (const literal of shownLiterals(node.expression))
        report(literal, literalText(literal) ?? '');
    if (ts.isCallExpression(node) && !isTranslateCall(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      if (textSinks.has(name))
        for (const argument of node.arguments)
          for (const literal of shownLiterals(argument))
            report(literal, literalText(literal) ?? '');
    }
  });
  return found;
}

function parse(text: string): ts.SourceFile {
  return ts.createSourceFile('sample.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

describe('the untranslated-text check', () => {
  it('catches literal words in JSX text, text attributes, children expressions and toasts', () => {
    const sample = parse(`
      export const A = () => <p title="Hello">Some words</p>;
      export const B = () => <IconButton label={busy ? 'Wait' : t('x')} aria-label={\`Open \${name}\`} />;
      export const C = () => <div>{error && 'Failed'}{name || 'Nobody'}</div>;
      export function d() { showSuccess('Saved!'); useDocumentTitle('Files'); }
    `);
    assert.deepEqual(
      untranslated('sample.tsx', sample).map((line) => line.replace(/^sample\.tsx:\d+: /, '')),
      [
        '"Hello"',
        '"Some words"',
        '"Wait"',
        '"Open"',
        '"Failed"',
        '"Nobody"',
        '"Saved!"',
        '"Files"',
      ],
    );
  });

  it('lets translated text, symbols, class names and values through', () => {
    const sample = parse(`
      export const A = () => (
        <p className="card wide" title={t('a.b')} aria-label={\`\${t('x')} \${count}\`} data-kind="file">
          {t('words')} … {' '} / {formatSize(size)} {kind === 'dir' ? <Icon name="folder" /> : null}
          {open && <span>{'•'}</span>} 100%
        </p>
      );
      export function b() { showSuccess(t('settings.updated')); setError(describeError(failure)); }
    `);
    assert.deepEqual(untranslated('sample.tsx', sample), []);
  });
});

describe('ui/ shows no text that bypasses i18next', () => {
  const sources = uiSources();
  it('scans the UI', () =>
    assert.ok(sources.some(({ file }) => file === 'ui/routes/login.lazy.tsx')));
  for (const { file, source } of sources)
    it(file, () =>
      assert.deepEqual(untranslated(file, source), [], 'use t() with a key in locales/en.json'),
    );
});
