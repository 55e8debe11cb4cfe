// Evaluating allow/deny rules on a virtual path: global rules first, then the user's; last match wins.
import type { Rule } from '../api/rules';

export interface RuleMatcher {
  /** True when the path may be seen and used. */
  allows(path: string): boolean;
  readonly isEmpty: boolean;
}

/**
 * Path rules match whole segments ("/uploads" never matches "/uploads_backup"). Regex rules search
 * anywhere in the path; an invalid expression fails closed (a deny rule then denies everything).
 */
export function compileRules(rules: readonly Rule[], caseInsensitive: boolean): RuleMatcher {
  // Paths are compared in NFC (and folded on case-insensitive disks), so "café" typed in NFD
  // cannot slip past a rule written in NFC.
  const fold = (text: string) =>
    caseInsensitive ? text.normalize('NFC').toLowerCase() : text.normalize('NFC');
  const tests = rules.map((rule) => {
    if (rule.regex) {
      const expression = compileRuleRegex(rule.regexp?.raw ?? '');
      return {
        allow: rule.allow,
        matches: (normal: string) => (expression ? expression.test(normal) : !rule.allow),
      };
    }
    const prefix = fold(rule.path.trim() === '' ? '' : `/${rule.path.replace(/^\/+|\/+$/g, '')}`);
    return {
      allow: rule.allow,
      matches: (normal: string, folded: string) =>
        prefix === '' || prefix === '/' || folded === prefix || folded.startsWith(`${prefix}/`),
    };
  });
  return {
    isEmpty: tests.length === 0,
    allows(path) {
      if (tests.length === 0) return true;
      const normal = path.normalize('NFC');
      const folded = caseInsensitive ? normal.toLowerCase() : normal;
      let allowed = true;
      for (const test of tests) if (test.matches(normal, folded)) allowed = test.allow;
      return allowed;
    },
  };
}

/**
 * File Browser's rules use Go (RE2) syntax, whose leading flag group "(?i)" JavaScript lacks: it
 * becomes a RegExp flag. Undefined when the expression does not compile.
 */
export function compileRuleRegex(raw: string): RegExp | undefined {
  const flagGroup = /^\(\?([ims]+)\)/.exec(raw);
  const flags = `u${flagGroup?.[1] ?? ''}`;
  try {
    return new RegExp(
      flagGroup ? raw.slice(flagGroup[0].length) : raw,
      [...new Set(flags)].join(''),
    );
  } catch {
    return undefined;
  }
}
