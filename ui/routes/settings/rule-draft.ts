// Editing one rule (docs/UI.md, Data): its text is a path or a regular expression, whichever it uses.
import type { Rule } from '../../../src/api/rules';

/** A new rule: allow, empty path, no regular expression. */
export function newRule(): Rule {
  return { allow: true, path: '', regex: false, regexp: { raw: '' } };
}

/** The typed text goes to the field the rule uses; the other one is left as it was. */
export function withRuleText(rule: Rule, text: string): Rule {
  return rule.regex ? { ...rule, regexp: { raw: text } } : { ...rule, path: text };
}

export function ruleText(rule: Rule): string {
  return rule.regex ? (rule.regexp?.raw ?? '') : rule.path;
}

/** Switching between path and regular expression carries the typed text over. */
export function withRuleKind(rule: Rule, regex: boolean): Rule {
  if (rule.regex === regex) return rule;
  return withRuleText({ ...rule, regex }, ruleText(rule));
}
