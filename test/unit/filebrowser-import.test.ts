// File Browser's records read from its database and exports, and merged into a Drawer database.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { openBolt } from '../../src/import/bbolt-reader';
import { parseExport } from '../../src/import/filebrowser-data';
import { readFileBrowserDb } from '../../src/import/filebrowser-db';
import { ImportError } from '../../src/import/import-error';
import { planImport } from '../../src/import/import-plan';
import { mapRules } from '../../src/import/map-preferences';
import { mapShare } from '../../src/import/map-shares';
import { initialDatabase } from '../../src/store/first-run';
import type { DatabaseShape } from '../../src/store/database';
import type { StoredUser } from '../../src/users/user';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'filebrowser-db');
const dbBytes = fs.readFileSync(path.join(fixtures, 'filebrowser.db'));
const database = readFileBrowserDb(
  openBolt({ size: dbBytes.length, read: (at, length) => dbBytes.subarray(at, at + length) }),
);
const readExport = (name: string) =>
  parseExport(fs.readFileSync(path.join(fixtures, name), 'utf8'));
const now = Date.parse('2026-01-01T00:00:00Z');
const user = (data: DatabaseShape, name: string) =>
  data.users.find((candidate) => candidate.username === name) as StoredUser;

describe('reading File Browser data', () => {
  it('finds the users, links, settings and id counter in its database', () => {
    assert.deepEqual(
      database.users.map((record) => [record.id, record.username]),
      [
        [1, 'admin'],
        [2, 'bob'],
        [3, 'carol'],
        [5, 'dave'],
      ],
    );
    assert.equal(database.shares.length, 6);
    assert.equal(database.userIdCounter, 5);
    assert.equal((database.settings?.branding as { name: string }).name, 'Acme Files');
    assert.equal(database.server?.port, '8080');
    assert.deepEqual(database.problems, []);
  });

  it('reads the same records from the JSON exports', () => {
    assert.deepEqual(readExport('users-export.json').users, database.users);
    const config = readExport('config-export.json');
    assert.equal(config.kind, 'config export');
    assert.deepEqual(config.settings, database.settings);
    assert.deepEqual(config.auther, database.auther);
  });

  it("reads the YAML exports (Go's lower-case field names) as the JSON ones", () => {
    const yamlConfig = readExport('config-export.yaml');
    const jsonConfig = readExport('config-export.json');
    // The signing key is a byte list in YAML and base64 in JSON; it is never carried over.
    const withoutKey = (settings: unknown) => ({ ...(settings as object), key: undefined });
    assert.deepEqual(withoutKey(yamlConfig.settings), withoutKey(jsonConfig.settings));
    assert.deepEqual(yamlConfig.server, jsonConfig.server);
    assert.deepEqual(yamlConfig.auther, jsonConfig.auther);
    // Go writes an empty list as [] in YAML and null in JSON: both are nothing to carry over.
    const start = initialDatabase(false);
    const planOf = (name: string) => planImport(start, readExport(name), now);
    assert.deepEqual(planOf('users-export.yaml'), planOf('users-export.json'));
    assert.deepEqual(planOf('config-export.yaml'), planOf('config-export.json'));
  });

  it('refuses other shapes and text that is neither, saying what it reads', () => {
    assert.throws(() => parseExport('{"users": []}'), ImportError);
    assert.throws(() => parseExport('just some words\n'), /neither a File Browser database nor/);
    assert.throws(() => parseExport('a: [unclosed\n'), /neither a File Browser database nor/);
    const bomb = `a: &a [${'x,'.repeat(10)}x]\nb: &b [${'*a,'.repeat(10)}*a]\nc: &c [${'*b,'.repeat(10)}*b]\nd: [${'*c,'.repeat(200)}*c]\n`;
    assert.throws(() => parseExport(bomb), /neither a File Browser database nor/);
  });
});

describe('planning an import', () => {
  it("keeps File Browser's ids, hashes and password hashes, and lists what it leaves", () => {
    const plan = planImport(initialDatabase(false), database, now);
    const { data } = plan;
    assert.deepEqual(
      data.users.map((stored) => [stored.id, stored.username]),
      [
        [1, 'admin'],
        [2, 'bob'],
        [3, 'carol'],
        [5, 'dave'],
      ],
    );
    assert.equal(data.nextUserId, 6, 'past the deleted user 4 too');
    const bob = user(data, 'bob');
    assert.equal(bob.passwordHash, database.users[1]?.password);
    assert.equal(bob.scope, '/users/bob');
    assert.deepEqual(bob.commands, ['ls', 'git']);
    assert.equal(bob.rules.length, 3);
    assert.deepEqual(bob.sorting, { by: 'modified', asc: false });
    const carol = user(data, 'carol');
    assert.equal(carol.lockPassword, true);
    assert.equal(carol.viewMode, 'mosaic gallery');
    assert.deepEqual(carol.commands, []);
    assert.deepEqual(carol.rules, []);
    const dave = user(data, 'dave');
    assert.equal(dave.viewMode, 'list');
    assert.equal(dave.rules.length, 200, 'the allow rule JavaScript cannot read is dropped');
    assert.deepEqual(
      data.shares.map((share) => [share.hash, share.userID, share.expire, share.passwordHash]),
      [
        ['Kx8sT2Zq', 2, 0, undefined],
        ['dAv3Lnk1', 5, 0, undefined],
        ['pH0t0sLk', 1, 4102444800, undefined],
        // File Browser's bcrypt hash, as it is: Drawer checks $2a$ hashes too.
        ['s3cr3tLk', 2, 0, '$2a$10$NnWOxl/ScjlKcSLoPWAmeOgdjxK3mGrFEnBwcGlmC/fyy7yyymcZu'],
      ],
    );
    // File Browser's links are download links, without limits.
    assert.ok(
      data.shares.every((share) => share.kind === 'download' && share.maxDownloads === undefined),
    );
    assert.equal(data.settings.minimumPasswordLength, 10);
    assert.deepEqual(data.settings.tus, { chunkSize: 5242880, retryCount: 3 });
    assert.deepEqual(data.settings.commands.after_upload, ['echo uploaded $FILE']);
    const left = plan.notCarried.join('\n');
    for (const expected of [
      /command "bash"/,
      /rule 201: allow rule/,
      /share s3cr3tLk \(\/docs\/report\.txt\): File Browser's download token; download URLs holding it stop working/,
      /share 0ldL1nk0 .*expired/,
      /share gh0stLnk .*user 4/,
      /fileMode 0600/,
      /--root \/srv\/files/,
      /signing key/,
    ])
      assert.match(left, expected);
  });

  it('changes nothing the second time', () => {
    const first = planImport(initialDatabase(false), database, now);
    const second = planImport(first.data, database, now);
    assert.deepEqual(second.changes, []);
    assert.deepEqual(second.data, first.data);
  });

  it('matches users by name, and never reuses an id Drawer handed out', () => {
    const current = initialDatabase(false);
    const admin = planImport(current, database, now).data.users[0] as StoredUser;
    current.users = [
      { ...admin, passwordHash: `$2a$10$${'x'.repeat(53)}`, sessionVersion: 3, revision: 7 },
      { ...admin, id: 2, username: 'zed', perm: { ...admin.perm, admin: false } },
    ];
    current.nextUserId = 4;
    const { data, changes } = planImport(current, database, now);
    const ids = Object.fromEntries(data.users.map((stored) => [stored.username, stored.id]));
    assert.deepEqual(ids, { admin: 1, zed: 2, bob: 6, carol: 7, dave: 5 });
    assert.equal(user(data, 'admin').sessionVersion, 4, 'a new password ends old sessions');
    assert.equal(user(data, 'admin').revision, 8);
    assert.equal(data.shares.find((share) => share.hash === 'Kx8sT2Zq')?.userID, 6);
    assert.equal(data.nextUserId, 8);
    assert.ok(changes.includes("+ user bob, id 6 (File Browser's id 2 was handed out before)"));
  });

  it('keeps a deny rule Drawer cannot read, which then denies everything', () => {
    const notes: string[] = [];
    const rules = mapRules(
      [
        { regex: true, allow: false, path: '', regexp: { raw: 'a\\z' } },
        { regex: true, allow: true, path: '', regexp: null },
        { regex: false, allow: false, path: '/x', regexp: null },
      ],
      'user u',
      notes,
    );
    assert.deepEqual(
      rules.map((rule) => rule.allow),
      [false, false],
    );
    assert.match(notes.join('\n'), /deny rule "a\\\\z" .*kept/);
    assert.match(notes.join('\n'), /allow rule "" .*dropped/);
  });

  it('carries a password link only with a password hash Drawer can check', () => {
    const link = { hash: 'pw0Link1', path: '/a.txt', userID: 1, expire: 0 };
    const bcrypt = `$2a$10$${'b'.repeat(53)}`;
    const carried = mapShare({ ...link, password_hash: bcrypt, token: 'static' }, now, []);
    assert.deepEqual(carried, {
      share: {
        hash: 'pw0Link1',
        path: '/a.txt',
        ownerId: 1,
        expire: 0,
        passwordHash: bcrypt,
        hadToken: true,
      },
    });
    for (const passwordHash of ['plain', 42, true, { hash: bcrypt }]) {
      const notes: string[] = [];
      const mapped = mapShare({ ...link, password_hash: passwordHash }, now, notes);
      assert.ok('skipped' in mapped, JSON.stringify(passwordHash));
      assert.match(mapped.skipped, /password hash is not a bcrypt hash/);
    }
    for (const empty of ['', null, undefined])
      assert.deepEqual(mapShare({ ...link, password_hash: empty, token: '' }, now, []), {
        share: { hash: 'pw0Link1', path: '/a.txt', ownerId: 1, expire: 0, hadToken: false },
      });
  });
});

describe('importing how people logged in', () => {
  const configWith = (settings: Record<string, unknown>, auther: Record<string, unknown>) => {
    const base = readExport('config-export.json');
    return { ...base, settings: { ...base.settings, ...settings }, auther };
  };

  it('names the flags that give proxy login and its logout page, and records the method', () => {
    const plan = planImport(
      initialDatabase(false),
      configWith(
        { authMethod: 'proxy', logoutPage: 'https://auth.example.com/logout' },
        { header: 'Remote-User' },
      ),
      now,
    );
    assert.equal(plan.data.settings.authMethod, 'proxy');
    const left = plan.notCarried.join('\n');
    assert.match(
      left,
      /--auth-method proxy --auth-header Remote-User --trusted-proxies ADDRESS .*--proxy-create-users/,
    );
    assert.match(left, /--logout-page https:\/\/auth\.example\.com\/logout/);
  });

  it('names --noauth for a File Browser that ran without login, and keeps json otherwise', () => {
    const noAuth = planImport(
      initialDatabase(false),
      configWith({ authMethod: 'noauth' }, {}),
      now,
    );
    assert.match(noAuth.notCarried.join('\n'), /start Drawer with --noauth/);
    const hook = planImport(
      initialDatabase(false),
      configWith({ authMethod: 'hook' }, { command: '/bin/check' }),
      now,
    );
    assert.equal(hook.data.settings.authMethod, 'json');
    assert.match(hook.notCarried.join('\n'), /"hook" login method .*has no place in Drawer/);
  });
});
