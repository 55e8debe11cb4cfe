// Shared fixture steps: users created through the API, files written to the served folder.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { adminPassword } from './server';
import type { TestServer } from './server';

export const userPassword = 'user-password-for-tests';

export interface UserSpec {
  username: string;
  scope?: string;
  perm?: Partial<
    Record<
      'admin' | 'execute' | 'create' | 'rename' | 'modify' | 'delete' | 'share' | 'download',
      boolean
    >
  >;
  rules?: { allow: boolean; path: string; regex?: boolean; regexp?: { raw: string } | null }[];
  hideDotfiles?: boolean;
}

const allOff = {
  admin: false,
  execute: false,
  create: false,
  rename: false,
  modify: false,
  delete: false,
  share: false,
  download: false,
};

/** Creates a user through POST /api/users as the admin and returns its id. */
export async function createUser(server: TestServer, spec: UserSpec): Promise<number> {
  const data = {
    username: spec.username,
    password: userPassword,
    scope: spec.scope ?? `/${spec.username}`,
    perm: { ...allOff, ...spec.perm },
    rules: (spec.rules ?? []).map((rule) => ({ regex: false, regexp: null, ...rule })),
    hideDotfiles: spec.hideDotfiles ?? false,
    locale: 'en',
    viewMode: 'list',
    commands: [],
    lockPassword: false,
  };
  const response = await server.request('POST', '/api/users', {
    token: await server.adminToken(),
    body: { what: 'user', which: [], data, current_password: adminPassword },
  });
  assert.equal(response.status, 201, `creating ${spec.username}: ${response.text}`);
  const location = String(response.headers.location ?? '');
  return Number(location.split('/').at(-1));
}

/** Writes files under `base`: keys are relative paths ("a/b.txt"), a trailing "/" makes a folder. */
export function writeTree(base: string, tree: Record<string, string | Buffer>): void {
  for (const [relative, content] of Object.entries(tree)) {
    const full = path.join(base, relative);
    if (relative.endsWith('/')) {
      fs.mkdirSync(full, { recursive: true });
      continue;
    }
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
  }
}
