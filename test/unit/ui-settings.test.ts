// The pure parts of the settings screens and the shell: typed words and lines, the password tint,
// the user form's permission rules, rule editing, the language list and the shell history.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Rule } from '../../src/api/rules';
import { normaliseScope } from '../../src/fs/scope-dirs';
import { hookNames } from '../../ui/api/settings';
import { languageCode, languages } from '../../ui/routes/settings/languages';
import { newRule, ruleText, withRuleKind, withRuleText } from '../../ui/routes/settings/rule-draft';
import {
  canSendPassword,
  joinLines,
  joinWords,
  passwordTint,
  splitLines,
  splitWords,
} from '../../ui/routes/settings/settings-text';
import {
  defaultsOf,
  draftFromDefaults,
  draftFromUser,
  scopeAsShown,
  userDraftOf,
  withPermission,
} from '../../ui/routes/settings/user-draft';
import { browseHistory, rememberCommand, shellHistory } from '../../ui/state/shell';

const perm = {
  admin: false,
  execute: true,
  create: true,
  rename: false,
  modify: true,
  delete: false,
  share: false,
  download: true,
};

describe('typed settings values (docs/UI.md, Input)', () => {
  it('splits the shell prefix and command words on spaces and drops empty words', () => {
    for (const [text, words] of [
      ['bash -c', ['bash', '-c']],
      ['  bash   -c  ', ['bash', '-c']],
      ['', []],
      ['   ', []],
      ['git\tsvn  hg', ['git', 'svn', 'hg']],
    ] as const)
      assert.deepEqual(splitWords(text), words, JSON.stringify(text));
    assert.equal(joinWords(['cmd', '/c']), 'cmd /c');
  });

  it('splits a command text area into trimmed lines and drops empty ones', () => {
    assert.deepEqual(splitLines('  echo one  \n\n   \r\necho two\n'), ['echo one', 'echo two']);
    assert.deepEqual(splitLines(''), []);
    assert.deepEqual(splitLines('\n\n'), []);
    assert.equal(joinLines(['a', 'b']), 'a\nb');
    assert.equal(joinLines(undefined), '');
  });

  it('tints the password fields once either is typed, and sends only equal non-empty ones', () => {
    assert.equal(passwordTint('', ''), 'none');
    assert.equal(passwordTint('a', ''), 'different');
    assert.equal(passwordTint('', 'a'), 'different');
    assert.equal(passwordTint('abc', 'abd'), 'different');
    assert.equal(passwordTint('abc', 'abc'), 'equal');
    assert.equal(canSendPassword('', ''), false);
    assert.equal(canSendPassword('abc', 'abd'), false);
    assert.equal(canSendPassword('abc', 'abc'), true);
  });

  it('names the ten hook events in before/after pairs', () => {
    assert.deepEqual(hookNames.slice(0, 4), [
      'before_save',
      'after_save',
      'before_copy',
      'after_copy',
    ]);
    assert.equal(hookNames.length, 10);
  });
});

describe('the user form (docs/UI.md, Data and Behaviour)', () => {
  const defaults = { scope: '/users', locale: 'de', perm, commands: ['git', 'ls'] };

  it('starts a new user from the defaults with no name, no rules and an unlocked password', () => {
    const state = draftFromDefaults(defaults);
    assert.deepEqual(state, {
      username: '',
      password: '',
      scope: '/users',
      locale: 'de',
      lockPassword: false,
      perm,
      commands: 'git ls',
      rules: [],
    });
    assert.notEqual(state.perm, perm, 'a copy, so ticking a box never changes the cached defaults');
  });

  it('turns admin on: every permission, no password lock; the others cannot be cleared meanwhile', () => {
    const state = { ...draftFromDefaults(defaults), lockPassword: true };
    const admin = withPermission(state, 'admin', true);
    assert.ok(Object.values(admin.perm).every(Boolean));
    assert.equal(admin.lockPassword, false);
    assert.equal(withPermission(admin, 'delete', false), admin);
    const back = withPermission(admin, 'admin', false);
    assert.equal(back.perm.admin, false);
    assert.equal(back.perm.delete, true, 'the other permissions stay as admin left them');
    assert.equal(withPermission(back, 'delete', false).perm.delete, false);
  });

  it('sends trimmed fields, command words, and never a password lock on an admin', () => {
    const state = {
      ...draftFromDefaults(defaults),
      username: '  eve ',
      scope: ' /team ',
      commands: ' git  svn ',
      lockPassword: true,
    };
    const draft = userDraftOf(state);
    assert.equal(draft.username, 'eve');
    assert.equal(draft.scope, '/team');
    assert.deepEqual(draft.commands, ['git', 'svn']);
    assert.equal(draft.lockPassword, true);
    assert.equal(userDraftOf({ ...state, perm: { ...perm, admin: true } }).lockPassword, false);
    assert.deepEqual(defaultsOf(state), {
      scope: '/team',
      locale: 'de',
      perm,
      commands: ['git', 'svn'],
    });
  });

  it('shows the default scope as the server stores it, by the same rule; blank stays blank', () => {
    for (const scope of [
      '.',
      '/',
      './',
      '  /users/bob  ',
      ' team ',
      'users/bob',
      '/users//bob/./',
      'users\\bob',
      '/a..b/...',
    ])
      assert.equal(scopeAsShown(scope), normaliseScope(scope), JSON.stringify(scope));
    assert.equal(scopeAsShown('  '), '');
  });

  it('loads a stored user with a blank password', () => {
    const rules: Rule[] = [{ allow: false, path: '/x', regex: false, regexp: null }];
    const stored = {
      id: 3,
      username: 'bob',
      password: '',
      scope: '/bob',
      locale: 'fr',
      lockPassword: true,
      perm,
      commands: ['echo'],
      rules,
    };
    const state = draftFromUser(stored);
    assert.equal(state.commands, 'echo');
    assert.equal(state.password, '');
    assert.deepEqual(state.rules, rules);
    assert.notEqual(state.rules[0], rules[0]);
  });
});

describe('rules (docs/UI.md, Data)', () => {
  it('starts as allow, empty path, no regular expression', () => {
    assert.deepEqual(newRule(), { allow: true, path: '', regex: false, regexp: { raw: '' } });
  });

  it('edits the field the rule uses and carries the text over when switching', () => {
    const path = withRuleText(newRule(), '/secret');
    assert.equal(path.path, '/secret');
    const regex = withRuleKind(path, true);
    assert.equal(regex.regex, true);
    assert.deepEqual(regex.regexp, { raw: '/secret' });
    assert.equal(ruleText(withRuleText(regex, '\\.env$')), '\\.env$');
    assert.equal(ruleText({ allow: true, path: '', regex: true, regexp: null }), '');
    assert.equal(withRuleKind(path, false), path);
  });
});

describe('languages (docs/UI.md, Languages)', () => {
  it('lists the 18 languages by their own names, each once', () => {
    const codes = languages.map(([code]) => code);
    assert.equal(new Set(codes).size, 18);
    assert.deepEqual(codes, [
      'ar',
      'de',
      'en',
      'es',
      'fr',
      'is',
      'it',
      'ja',
      'ko',
      'nl-be',
      'pl',
      'pt',
      'pt-br',
      'ro',
      'ru',
      'sv-se',
      'zh-cn',
      'zh-tw',
    ]);
    assert.equal(languages.find(([code]) => code === 'zh-tw')?.[1], '繁體中文');
  });

  it('maps a stored locale onto the list', () => {
    assert.equal(languageCode('pt-BR'), 'pt-br');
    assert.equal(languageCode('de'), 'de');
    assert.equal(languageCode(''), 'en');
    assert.equal(languageCode('xx', 'fr'), 'fr');
  });
});

describe('shell history', () => {
  it('browses back and forth and returns to the line being typed', () => {
    const history = ['one', 'two', 'three'];
    let step = browseHistory(history, 3, -1, 'draft');
    assert.deepEqual(step, { index: 2, text: 'three' });
    step = browseHistory(history, step.index, -1, 'draft');
    step = browseHistory(history, step.index, -1, 'draft');
    assert.deepEqual(step, { index: 0, text: 'one' });
    assert.deepEqual(browseHistory(history, 0, -1, 'draft'), { index: 0, text: 'one' });
    step = browseHistory(history, 2, 1, 'draft');
    assert.deepEqual(step, { index: 3, text: 'draft' });
    assert.deepEqual(browseHistory(history, 3, 1, 'draft'), { index: 3, text: 'draft' });
    assert.deepEqual(browseHistory([], 0, -1, ''), { index: 0, text: '' });
  });

  it('remembers a command repeated in a row once', () => {
    const before = shellHistory.length;
    rememberCommand('echo a');
    rememberCommand('echo a');
    rememberCommand('echo b');
    assert.deepEqual(shellHistory.slice(before), ['echo a', 'echo b']);
  });
});
