// The authorisation decision: permission flags, rules and hidden dotfiles, deny by default.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Operation } from '../../src/access/access';
import { createAccess } from '../../src/access/access';
import type { Permissions } from '../../src/users/user';

const none: Permissions = {
  admin: false,
  execute: false,
  create: false,
  rename: false,
  modify: false,
  delete: false,
  share: false,
  download: false,
};

describe('createAccess', () => {
  it('maps every operation to its permission flag', () => {
    const table: [Operation, Partial<Permissions>, boolean][] = [
      ['read', {}, true],
      ['download', {}, false],
      ['download', { download: true }, true],
      ['create', { create: true }, true],
      ['modify', { create: true }, false],
      ['delete', { delete: true }, true],
      ['rename', { rename: true }, true],
      ['share', { share: true }, false],
      ['share', { share: true, download: true }, true],
      ['modify', { admin: true }, true],
    ];
    for (const [operation, perm, expected] of table) {
      const access = createAccess(
        { perm: { ...none, ...perm }, rules: [], hideDotfiles: false },
        [],
        false,
      );
      assert.equal(
        access.can(operation, '/a.txt'),
        expected,
        `${operation} with ${JSON.stringify(perm)}`,
      );
    }
  });

  it('lets user rules override global ones, last match winning', () => {
    const access = createAccess(
      {
        perm: none,
        rules: [{ allow: true, path: '/private/shared', regex: false, regexp: null }],
        hideDotfiles: false,
      },
      [{ allow: false, path: '/private', regex: false, regexp: null }],
      false,
    );
    assert.equal(access.isVisible('/private'), false);
    assert.equal(access.isVisible('/private/x'), false);
    assert.equal(access.isVisible('/private/shared/y'), true);
    assert.equal(access.isVisible('/privateer'), true);
    assert.equal(access.hasRules, true);
  });

  it('hides dotfiles by their last segment only when the user asks', () => {
    const hiding = createAccess({ perm: none, rules: [], hideDotfiles: true }, [], false);
    assert.equal(hiding.isVisible('/.git'), false);
    assert.equal(hiding.isVisible('/.git/config'), true);
    assert.equal(hiding.isAllowedByRules('/.git'), true);
    const showing = createAccess({ perm: none, rules: [], hideDotfiles: false }, [], false);
    assert.equal(showing.isVisible('/.git'), true);
  });

  it('throws fs.forbidden from check', () => {
    const access = createAccess({ perm: none, rules: [], hideDotfiles: false }, [], false);
    assert.throws(
      () => access.check('delete', '/x'),
      (error: { code?: string }) => error.code === 'fs.forbidden',
    );
  });
});
