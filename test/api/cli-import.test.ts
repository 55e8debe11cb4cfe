// drawer import: File Browser's database and exports into Drawer, then its users and links served.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { oneLineError, runCli, tempInstall } from '../helpers/cli';
import type { TestServer } from '../helpers/server';
import { removeDir, startServer } from '../helpers/server';

const fixtures = path.join(import.meta.dirname, '..', 'fixtures', 'filebrowser-db');
const fileBrowserDb = path.join(fixtures, 'filebrowser.db');
/** The passwords the users had in File Browser (see the fixture's data.go). */
const oldPasswords = {
  admin: 'admin-old-password-1',
  bob: 'bob-old-password-22',
  carol: 'carol-old-password-3',
  dave: 'dave-old-password-44',
};
/** The password of File Browser's password-protected link s3cr3tLk (bob's /docs/report.txt). */
const oldSharePassword = 'share-secret-5';

/** File Browser's served folder: each user's scope and the files their rules and links name. */
function fillRoot(root: string): void {
  const files = [
    'users/bob/docs/report.txt',
    'users/bob/docs/a.secret',
    'users/bob/private/plan.txt',
    'users/bob/id.KEY',
    'users/carol/readme.txt',
    'users/dave/projects/p000/x.txt',
    'users/dave/projects/p001/y.txt',
    'photos/cat.txt',
    '.git/config',
  ];
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `${file}\n`);
  }
}

const installs: string[] = [];
after(() => installs.forEach(removeDir));

function freshInstall() {
  const install = tempInstall();
  installs.push(install.dir);
  return install;
}

function imported(file = fileBrowserDb) {
  const install = freshInstall();
  const result = runCli(['import', file, '-d', install.database]);
  assert.equal(result.status, 0, result.stderr);
  return { ...install, result };
}

function damagedCopy(dir: string): string {
  const bytes = fs.readFileSync(fileBrowserDb);
  // Both copies of the header lose their checksum: nothing in the file can be trusted.
  for (const at of [16 + 56, 4096 + 16 + 56]) bytes.writeUInt8(bytes.readUInt8(at) ^ 0xff, at);
  const file = path.join(dir, 'damaged.db');
  fs.writeFileSync(file, bytes);
  return file;
}

describe('drawer import', () => {
  it('carries users, rights, rules and links over: old passwords log in, old links answer', async () => {
    const install = imported();
    assert.match(install.result.stdout, /4 users \(4 new, 0 changed, 0 already there\)/);
    assert.match(
      install.result.stdout,
      /\+ share s3cr3tLk \(\/docs\/report\.txt, user 2, with a password\)/,
    );
    // File Browser's permanent token cannot be a Drawer token: listed, and only that.
    assert.match(
      install.result.stdout,
      /- share s3cr3tLk \(\/docs\/report\.txt\): File Browser's download token; download URLs holding it stop working, while the link and its password keep working/,
    );
    const server = await startServer({ dir: install.dir, noPassword: true, setup: fillRoot });
    try {
      assert.doesNotMatch(server.output(), /First run/);
      const tokens: Record<string, string> = {};
      for (const [name, password] of Object.entries(oldPasswords))
        tokens[name] = await server.login(name, password);
      const wrong = await server.request('POST', '/api/login', {
        body: { username: 'bob', password: 'not-his-password' },
      });
      assert.equal(wrong.status, 403);
      await checkRights(server, tokens);
      await checkLinks(server);
    } finally {
      await server.stop();
    }
  });

  it('keeps a password link through drawer config export and import', async () => {
    const install = imported();
    const backup = path.join(install.dir, 'backup.json');
    assert.equal(runCli(['config', 'export', backup, '-d', install.database]).status, 0);
    const shares = (JSON.parse(fs.readFileSync(backup, 'utf8')) as { shares: unknown[] }).shares;
    assert.deepEqual(
      shares.find((share) => (share as { hash: string }).hash === 's3cr3tLk'),
      {
        hash: 's3cr3tLk',
        path: '/docs/report.txt',
        userID: 2,
        expire: 0,
        passwordHash: '$2a$10$NnWOxl/ScjlKcSLoPWAmeOgdjxK3mGrFEnBwcGlmC/fyy7yyymcZu',
        kind: 'download',
      },
    );
    const fresh = freshInstall();
    const restored = runCli(['config', 'import', backup, '-d', fresh.database]);
    assert.equal(restored.status, 0, restored.stderr);
    const server = await startServer({ dir: fresh.dir, noPassword: true, setup: fillRoot });
    try {
      await checkPasswordLink(server);
    } finally {
      await server.stop();
    }
  });

  it('reads folder sizes as off for File Browser’s users and for records written before it', async () => {
    const install = imported();
    interface Stored {
      users: { folderSizes?: boolean }[];
      settings: { defaults: { folderSizes?: boolean } };
    }
    const stored = JSON.parse(fs.readFileSync(install.database, 'utf8')) as Stored;
    // File Browser has no such preference: its users and defaults come over with it off.
    assert.deepEqual(
      stored.users.map((user) => user.folderSizes),
      [false, false, false, false],
    );
    assert.equal(stored.settings.defaults.folderSizes, false);
    // A Drawer database written before the preference existed has no such field at all.
    for (const user of stored.users) delete user.folderSizes;
    delete stored.settings.defaults.folderSizes;
    fs.writeFileSync(install.database, JSON.stringify(stored));
    const server = await startServer({ dir: install.dir, noPassword: true, setup: fillRoot });
    try {
      const admin = await server.login('admin', oldPasswords.admin);
      const users = await server.request('GET', '/api/users', { token: admin });
      assert.deepEqual(
        users.json<{ folderSizes: boolean }[]>().map((user) => user.folderSizes),
        [false, false, false, false],
      );
      const settings = await server.request('GET', '/api/settings', { token: admin });
      assert.equal(
        settings.json<{ defaults: { folderSizes: boolean } }>().defaults.folderSizes,
        false,
      );
      const created = await server.request('POST', '/api/users', {
        token: admin,
        body: {
          what: 'user',
          which: [],
          data: { username: 'erin', password: 'erin-password-12345' },
          current_password: oldPasswords.admin,
        },
      });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.json<{ folderSizes: boolean }>().folderSizes, false);
      const bob = await server.login('bob', oldPasswords.bob);
      const listing = await server.request('GET', '/api/resources/', { token: bob });
      assert.equal(listing.status, 200, listing.text);
      assert.doesNotMatch(listing.text, /sizeIsTotal/);
    } finally {
      await server.stop();
    }
  });

  it('writes nothing in a dry run, and changes nothing the second time', () => {
    const install = freshInstall();
    const dry = runCli(['import', fileBrowserDb, '-d', install.database, '--dry-run']);
    assert.equal(dry.status, 0, dry.stderr);
    assert.match(dry.stdout, /\+ user bob, id 2/);
    assert.match(dry.stdout, /Dry run: nothing was written/);
    assert.equal(fs.existsSync(path.dirname(install.database)), false);

    assert.equal(runCli(['import', fileBrowserDb, '-d', install.database]).status, 0);
    const before = fs.readFileSync(install.database);
    const { mtimeMs } = fs.statSync(install.database);
    const again = runCli(['import', fileBrowserDb, '-d', install.database]);
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /0 new, 0 changed, 4 already there/);
    assert.match(again.stdout, /Nothing to change/);
    assert.doesNotMatch(again.stdout, /Changes:/);
    const dryAgain = runCli(['import', fileBrowserDb, '-d', install.database, '--dry-run']);
    assert.doesNotMatch(dryAgain.stdout, /Changes:/);
    assert.deepEqual(fs.readFileSync(install.database), before);
    assert.equal(fs.statSync(install.database).mtimeMs, mtimeMs);
  });

  it('leaves the database byte for byte as it was when the file is damaged or foreign', () => {
    const install = imported();
    const before = fs.readFileSync(install.database);
    const write = (name: string, content: string | Buffer) => {
      fs.writeFileSync(path.join(install.dir, name), content);
      return path.join(install.dir, name);
    };
    const cases: [string, RegExp][] = [
      [damagedCopy(install.dir), /damaged \(both copies of its header are damaged\)/],
      [write('cut.db', fs.readFileSync(fileBrowserDb).subarray(0, 20000)), /cut short/],
      [write('notes.txt', 'some notes\n'.repeat(1000)), /not a File Browser database/],
      [write('config.yaml', 'settings:\n  signup: false\n'), /YAML exports are not read/],
      [path.join(install.dir, 'missing.db'), /cannot be opened \(ENOENT\)/],
    ];
    for (const [file, message] of cases) {
      const result = runCli(['import', file, '-d', install.database]);
      assert.equal(result.status, 1, file);
      assert.match(oneLineError(result), message);
      assert.match(result.stderr, /nothing was changed/);
      assert.deepEqual(fs.readFileSync(install.database), before, file);
    }
  });

  it("reads File Browser's users and config exports like its database", () => {
    const fromDb = imported();
    const install = freshInstall();
    for (const name of ['users-export.json', 'config-export.json']) {
      const result = runCli(['import', path.join(fixtures, name), '-d', install.database]);
      assert.equal(result.status, 0, result.stderr);
    }
    const read = (file: string) =>
      JSON.parse(fs.readFileSync(file, 'utf8')) as { users: unknown[]; settings: unknown };
    assert.deepEqual(read(install.database).users, read(fromDb.database).users);
    assert.deepEqual(read(install.database).settings, read(fromDb.database).settings);
  });

  it('refuses to write while a server holds the database; a dry run still reads it', async () => {
    const install = imported();
    const server = await startServer({ dir: install.dir, noPassword: true });
    try {
      const before = fs.readFileSync(install.database);
      const result = runCli(['import', fileBrowserDb, '-d', install.database]);
      assert.equal(result.status, 1);
      assert.match(oneLineError(result), /is using .*stop it first/);
      const dry = runCli(['import', fileBrowserDb, '-d', install.database, '--dry-run']);
      assert.equal(dry.status, 0, dry.stderr);
      assert.deepEqual(fs.readFileSync(install.database), before);
    } finally {
      await server.stop();
    }
  });
});

async function checkRights(server: TestServer, tokens: Record<string, string>): Promise<void> {
  const get = (who: string, url: string) => server.request('GET', url, { token: tokens[who] });
  // bob's scope is /users/bob; his rules hide /private, *.secret and *.key in any case.
  const home = await get('bob', '/api/resources/');
  assert.equal(home.status, 200);
  const names = home.json<{ items: { name: string }[] }>().items.map((item) => item.name);
  assert.deepEqual(names, ['docs']);
  assert.equal((await get('bob', '/api/resources/private/')).status, 403);
  assert.equal((await get('bob', '/api/resources/docs/a.secret')).status, 403);
  assert.equal((await get('bob', '/api/users')).status, 403);
  // carol may only download; dave's rules allow p000 and deny p001; the global rule hides .git.
  const create = await server.request('POST', '/api/resources/new.txt', {
    token: tokens.carol,
    rawBody: 'x',
  });
  assert.equal(create.status, 403);
  assert.equal((await get('dave', '/api/resources/projects/p000/')).status, 200);
  assert.equal((await get('dave', '/api/resources/projects/p001/')).status, 403);
  assert.equal((await get('admin', '/api/resources/.git/')).status, 403);
  const users = await get('admin', '/api/users');
  assert.deepEqual(
    users.json<{ id: number }[]>().map((user) => user.id),
    [1, 2, 3, 5],
  );
  const settings = await get('admin', '/api/settings');
  assert.equal(settings.json<{ branding: { name: string } }>().branding.name, 'Acme Files');
}

async function checkLinks(server: TestServer): Promise<void> {
  const share = (hash: string) => server.request('GET', `/api/public/share/${hash}`);
  const report = await share('Kx8sT2Zq');
  assert.equal(report.status, 200);
  assert.equal(report.json<{ name: string }>().name, 'report.txt');
  assert.equal((await share('pH0t0sLk')).status, 200);
  assert.equal((await share('dAv3Lnk1')).status, 200);
  // Not carried over: expired, owned by a deleted user.
  for (const hash of ['0ldL1nk0', 'gh0stLnk']) assert.equal((await share(hash)).status, 404, hash);
  await checkPasswordLink(server);
}

/** File Browser's password link: its bcrypt hash ($2a$) checks the password it had. */
async function checkPasswordLink(server: TestServer): Promise<void> {
  const open = (headers: Record<string, string>) =>
    server.request('GET', '/api/public/share/s3cr3tLk', { headers });
  const without = await open({});
  assert.equal(without.status, 401);
  assert.equal(without.json<{ code: string }>().code, 'share.passwordRequired');
  assert.equal((await open({ 'x-share-password': 'share-secret-6' })).status, 401);
  const opened = await open({ 'x-share-password': encodeURIComponent(oldSharePassword) });
  assert.equal(opened.status, 200, opened.text);
  const { name, token } = opened.json<{ name: string; token: string }>();
  assert.equal(name, 'report.txt');
  const download = await server.request('GET', `/api/public/dl/s3cr3tLk?token=${token}`);
  assert.equal(download.status, 200);
  assert.equal(download.text, 'users/bob/docs/report.txt\n');
  // File Browser's own token, stored with the link, opens nothing any more.
  const oldToken = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c2v3b4n5m6';
  assert.equal(
    (await server.request('GET', `/api/public/dl/s3cr3tLk?token=${oldToken}`)).status,
    401,
  );
  assert.equal((await server.request('GET', '/api/public/dl/s3cr3tLk')).status, 401);
}
