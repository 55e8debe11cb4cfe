// The backup file of drawer config: what export writes, and what import accepts or refuses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigFileError, parseConfigFile, toConfigFile } from '../../src/cli/config-file';
import { defaultSettings } from '../../src/settings/settings';
import type { DatabaseShape } from '../../src/store/database';
import type { StoredUser } from '../../src/users/user';
import { allPermissions } from '../../src/users/user';

const hash = `$2a$10$${'a'.repeat(53)}`;

function user(id: number, username: string, admin: boolean): StoredUser {
  const defaults = defaultSettings(false).defaults;
  return {
    ...defaults,
    id,
    username,
    passwordHash: hash,
    perm: { ...allPermissions(), admin },
    lockPassword: false,
    rules: [],
    sessionVersion: 1,
    revision: 1,
  };
}

function database(): DatabaseShape {
  return {
    version: 1,
    secret: 'do-not-export-this-secret',
    settings: defaultSettings(false),
    users: [user(2, 'bob', false), user(1, 'admin', true)],
    nextUserId: 3,
    shares: [
      { hash: 'abc', path: '/x', userID: 2, expire: 0 },
      // Links made by Drawer carry the inode they are bound to; a backup keeps it.
      { hash: 'def', path: '/y', userID: 2, expire: 0, ino: 1234 },
      // A password link keeps its bcrypt hash through a backup, or it would open to anyone.
      { hash: 'ghi', path: '/z', userID: 1, expire: 0, passwordHash: hash },
    ],
  };
}

describe('config file', () => {
  it('exports everything but the secret, users sorted by id, and reads it back', () => {
    const file = toConfigFile(database());
    assert.deepEqual(Object.keys(file), ['version', 'settings', 'users', 'shares']);
    const text = JSON.stringify(file);
    assert.equal(text.includes('do-not-export-this-secret'), false);
    assert.deepEqual(
      file.users.map((entry) => entry.id),
      [1, 2],
    );
    assert.deepEqual(parseConfigFile(text), file);
  });

  it('refuses each kind of bad file with a message naming the problem', () => {
    const good = toConfigFile(database());
    const withUsers = (users: unknown[]) => JSON.stringify({ ...good, users });
    const admin = good.users[0];
    const bob = good.users[1];
    const cases: [string, RegExp][] = [
      ['not json', /not valid JSON/],
      ['null', /the file must be an object/],
      [JSON.stringify({ ...good, shares: undefined }), /missing the field "shares"/],
      [JSON.stringify({ ...good, extra: 1 }), /unknown field "extra"/],
      [JSON.stringify({ ...good, version: 0 }), /schema version 0/],
      [
        JSON.stringify({ ...good, settings: { ...good.settings, signup: 'yes' } }),
        /settings\.signup must be a boolean/,
      ],
      [
        JSON.stringify({ ...good, settings: { ...good.settings, authMethod: 'hook' } }),
        /authMethod must be one of/,
      ],
      [
        JSON.stringify({
          ...good,
          settings: { ...good.settings, tus: { chunkSize: Infinity, retryCount: 1 } },
        }),
        /chunkSize/,
      ],
      [withUsers([admin, { ...bob, id: 0 }]), /users\[1\]\.id must be a positive/],
      [withUsers([admin, { ...bob, id: 1 }]), /id 1 is used twice/],
      [withUsers([admin, { ...bob, username: 'Admin' }]), /"Admin" is used twice/],
      [withUsers([admin, { ...bob, username: '../x' }]), /users\[1\]\.username/],
      [withUsers([admin, { ...bob, passwordHash: 'secret' }]), /not a bcrypt hash/],
      [
        withUsers([admin, { ...bob, rules: [{ allow: true }] }]),
        /rules\[0\] is missing the field "path"/,
      ],
      [withUsers([bob]), /no admin/],
      [JSON.stringify({ ...good, shares: [...good.shares, ...good.shares] }), /used twice/],
      [
        JSON.stringify({ ...good, shares: [{ ...good.shares[0], passwordHash: 'secret' }] }),
        /shares\[0\]\.passwordHash is not a bcrypt hash/,
      ],
      [
        JSON.stringify({ ...good, shares: [{ ...good.shares[0], passwordHash: 7 }] }),
        /shares\[0\]\.passwordHash must be a string/,
      ],
    ];
    for (const [text, reason] of cases) {
      assert.throws(
        () => parseConfigFile(text),
        (error: unknown) => {
          assert.ok(error instanceof ConfigFileError, `${text.slice(0, 50)}: ${String(error)}`);
          assert.match(error.message, reason);
          return true;
        },
      );
    }
  });

  it('normalises the settings it imports', () => {
    const file = toConfigFile(database());
    const parsed = parseConfigFile(
      JSON.stringify({
        ...file,
        settings: { ...file.settings, commands: {}, minimumPasswordLength: 0 },
      }),
    );
    assert.deepEqual(parsed.settings.commands.before_save, []);
    assert.equal(parsed.settings.minimumPasswordLength, 12);
  });
});
