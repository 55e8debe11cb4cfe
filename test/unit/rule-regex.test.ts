// Regex rules: File Browser's leading flag group, fail-closed compilation, unanchored search.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileRuleRegex, compileRules } from '../../src/rules/rules';

describe('rule regular expressions', () => {
  it('turns a leading (?i) into a flag', () => {
    const expression = compileRuleRegex('(?i)\\.GIT$');
    assert.ok(expression);
    assert.equal(expression.test('/repo/.git'), true);
  });

  it('returns undefined for an expression that does not compile', () => {
    assert.equal(compileRuleRegex('(unclosed'), undefined);
    assert.equal(compileRuleRegex('a{2,1}'), undefined);
  });

  it('searches anywhere in the path and fails closed for a broken deny rule', () => {
    const matcher = compileRules(
      [{ allow: false, path: '', regex: true, regexp: { raw: 'secret' } }],
      false,
    );
    assert.equal(matcher.allows('/a/my-secret.txt'), false);
    assert.equal(matcher.allows('/a/public.txt'), true);
    const broken = compileRules(
      [{ allow: false, path: '', regex: true, regexp: { raw: '(' } }],
      false,
    );
    assert.equal(broken.allows('/anything'), false);
    const brokenAllow = compileRules(
      [{ allow: true, path: '', regex: true, regexp: { raw: '(' } }],
      false,
    );
    assert.equal(brokenAllow.allows('/anything'), true);
  });
});
