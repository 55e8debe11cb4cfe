// The attack fixture of docs/SECURITY.md (How the gate is tested): a served root, a sibling OUTSIDE, canaries, links, users.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createUser, userPassword, writeTree } from './fixtures';
import type { StartOptions, TestResponse, TestServer } from './server';
import { startServer } from './server';

export const canaries = ['CANARY-OUTSIDE', 'CANARY-ROOT', 'CANARY-BOB', 'CANARY-PRIVATE'];

export interface CatalogueServer {
  server: TestServer;
  /** Sibling of the served root: nothing may ever be read from or written to it. */
  outside: string;
  tokens: Record<'admin' | 'alice' | 'bob' | 'carol' | 'dave' | 'eve', string>;
  ids: Record<'alice' | 'bob' | 'carol' | 'dave' | 'eve', number>;
  /** Checksums and mtimes of everything alice must never change (OUTSIDE, secret-root, bob, private). */
  protectedState(): Record<string, string>;
}

export const aliceRules = [
  { allow: false, path: '/private' },
  { allow: false, path: '/private2' },
  { allow: false, path: '/café' },
  { allow: false, path: '/uploads' },
  { allow: false, path: '/pub/private-sub' },
];

const allowAll = {
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};

function fillRoot(root: string, outside: string): void {
  writeTree(outside, { 'canary.txt': 'CANARY-OUTSIDE' });
  writeTree(root, {
    'secret-root.txt': 'CANARY-ROOT',
    'alice/private/p.txt': 'CANARY-PRIVATE',
    'alice/Private2/q.txt': 'CANARY-PRIVATE',
    'alice/café/c.txt': 'CANARY-PRIVATE',
    'alice/uploads/u.txt': 'CANARY-PRIVATE',
    'alice/uploads_backup/b.txt': 'backup',
    'alice/pub/a.txt': 'public a',
    'alice/pub/b.txt': 'public b',
    'alice/pub/private-sub/x.txt': 'CANARY-PRIVATE',
    'bob/b.txt': 'CANARY-BOB',
  });
  const alice = path.join(root, 'alice');
  fs.symlinkSync('../bob/b.txt', path.join(alice, 'ln-file'));
  fs.symlinkSync('../bob', path.join(alice, 'ln-dir'));
  fs.symlinkSync(path.join(outside, 'canary.txt'), path.join(alice, 'ln-out'));
  fs.symlinkSync('../bob/new.txt', path.join(alice, 'ln-dangle'));
  fs.symlinkSync('/', path.join(alice, 'ln-slash'));
  fs.symlinkSync('./pub/a.txt', path.join(alice, 'ok-link'));
}

function hashTree(base: string, into: Record<string, string>, label: string): void {
  if (!fs.existsSync(base)) return;
  const stats = fs.lstatSync(base);
  if (stats.isDirectory()) {
    into[label] = `dir ${fs.readdirSync(base).sort().join('|')}`;
    for (const name of fs.readdirSync(base))
      hashTree(path.join(base, name), into, `${label}/${name}`);
    return;
  }
  const content = stats.isSymbolicLink() ? fs.readlinkSync(base) : fs.readFileSync(base);
  into[label] = `${createHash('sha256').update(content).digest('hex')} ${stats.mtimeMs}`;
}

/** Starts a server on the fixture and creates its users through the API. */
export async function startCatalogueServer(options: StartOptions = {}): Promise<CatalogueServer> {
  let outside = '';
  const server = await startServer({
    ...options,
    setup: async (root) => {
      outside = path.join(path.dirname(root), 'outside');
      fillRoot(root, outside);
      await options.setup?.(root);
    },
  });
  const ids = {
    alice: await createUser(server, { username: 'alice', perm: allowAll, rules: aliceRules }),
    bob: await createUser(server, { username: 'bob', perm: allowAll }),
    carol: await createUser(server, {
      username: 'carol',
      scope: '/alice',
      perm: { ...allowAll, download: false, share: false },
    }),
    dave: await createUser(server, { username: 'dave', scope: '/alice', perm: { create: true } }),
    eve: await createUser(server, { username: 'eve', scope: '/alice', perm: {} }),
  };
  const tokens = {
    admin: await server.adminToken(),
    alice: await server.login('alice', userPassword),
    bob: await server.login('bob', userPassword),
    carol: await server.login('carol', userPassword),
    dave: await server.login('dave', userPassword),
    eve: await server.login('eve', userPassword),
  };
  const protectedState = () => {
    const state: Record<string, string> = {};
    hashTree(outside, state, 'OUTSIDE');
    hashTree(path.join(server.root, 'secret-root.txt'), state, 'secret-root.txt');
    hashTree(path.join(server.root, 'bob'), state, 'bob');
    hashTree(path.join(server.root, 'alice', 'private'), state, 'alice/private');
    hashTree(path.join(server.root, 'alice', 'pub', 'private-sub'), state, 'alice/pub/private-sub');
    state.rootEntries = fs.readdirSync(server.root).sort().join('|');
    state.outsideSiblings = fs.readdirSync(path.dirname(server.root)).sort().join('|');
    return state;
  };
  return { server, outside, tokens, ids, protectedState };
}

/** What every attack row asserts of one response (docs/SECURITY.md): no canary, no 5xx, no server path. */
export function assertSafe(
  response: TestResponse,
  server: TestServer,
  label: string,
  allowedCanaries: string[] = [],
): void {
  assert.ok(response.status < 500, `${label}: ${response.status} ${response.text}`);
  for (const canary of canaries)
    if (!allowedCanaries.includes(canary))
      assert.ok(!response.text.includes(canary), `${label} leaked ${canary}`);
  assert.ok(!response.text.includes(server.dir), `${label} leaked a server path`);
  for (const value of Object.values(response.headers))
    assert.ok(!String(value).includes('CANARY'), `${label} leaked a canary in a header`);
}
