// Every t('key') the UI calls exists in locales/en.json (plurals as key_one/key_other); dynamic keys have their group.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import ts from 'typescript';
import { pluralBases, readLocale } from '../helpers/locale-files';
import { isTranslateCall, literalText, uiSources, visit, where } from '../helpers/ui-sources';

const english = readLocale('en');
const plurals = pluralBases(english);
const englishKeys = [...english.keys()];

type KeyUse = { key: string; dynamic: boolean; at: string };

/** The keys one argument of t() can be: literals, both branches of a ternary, a template's fixed head. */
function keysOf(node: ts.Expression, at: string, uses: KeyUse[]): void {
  if (ts.isParenthesizedExpression(node)) return keysOf(node.expression, at, uses);
  if (ts.isConditionalExpression(node)) {
    keysOf(node.whenTrue, at, uses);
    keysOf(node.whenFalse, at, uses);
    return;
  }
  if (ts.isArrayLiteralExpression(node)) {
    for (const element of node.elements)
      if (!ts.isSpreadElement(element)) keysOf(element, at, uses);
    return;
  }
  if (ts.isTemplateExpression(node)) {
    uses.push({ key: node.head.text, dynamic: true, at });
    return;
  }
  const text = literalText(node);
  if (text !== undefined) uses.push({ key: text, dynamic: false, at });
}

export function keyUses(file: string, source: ts.SourceFile): KeyUse[] {
  const uses: KeyUse[] = [];
  visit(source, (node) => {
    const [first] = ts.isCallExpression(node) && isTranslateCall(node) ? node.arguments : [];
    if (first) keysOf(first, where(file, node), uses);
    // <Trans i18nKey="...">
    if (ts.isJsxAttribute(node) && node.name.getText() === 'i18nKey' && node.initializer) {
      const value = node.initializer;
      const expression = ts.isJsxExpression(value) ? value.expression : value;
      if (expression) keysOf(expression, where(file, node), uses);
    }
  });
  return uses;
}

function known({ key, dynamic }: KeyUse): boolean {
  if (dynamic) return key.length > 0 && englishKeys.some((candidate) => candidate.startsWith(key));
  return typeof english.get(key) === 'string' || plurals.has(key);
}

describe('the key check', () => {
  it('reads literal, conditional, array and template keys of t() and i18n.t()', () => {
    const source = ts.createSourceFile(
      'x.tsx',
      "t('a.b'); i18n.t(x ? 'c' : 'd'); t(['e', 'f']); t(`errors.${code}`); other('g'); t(name);",
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    assert.deepEqual(
      keyUses('x.tsx', source).map(({ key, dynamic }) => (dynamic ? `${key}*` : key)),
      ['a.b', 'c', 'd', 'e', 'f', 'errors.*'],
    );
  });

  it('accepts plain keys, plural bases and dynamic groups, and refuses the rest', () => {
    const sample = (key: string, dynamic = false) => known({ key, dynamic, at: '' });
    assert.equal(sample('login.username'), true);
    assert.equal(sample('errors.'), false);
    assert.equal(sample('errors.', true), true);
    assert.equal(sample('login'), false, 'a group is not a text');
    assert.equal(sample('login.nope'), false);
    assert.equal(sample('nope.', true), false);
    assert.equal(sample('', true), false);
  });
});

describe('every key the UI uses is in en.json', () => {
  const sources = uiSources();
  it('finds keys in the UI', () =>
    assert.ok(sources.some(({ file, source }) => keyUses(file, source).length > 0)));
  for (const { file, source } of sources) {
    const uses = keyUses(file, source);
    if (uses.length === 0) continue;
    it(file, () => {
      const missing = uses
        .filter((use) => !known(use))
        .map(({ key, dynamic, at }) => `${at}: ${key}${dynamic ? '*' : ''}`);
      assert.deepEqual(missing, []);
    });
  }
});
