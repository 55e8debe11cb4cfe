// Fixture steps for command runner and hook tests: users with commands, settings changes, process lookups.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { eventually } from './eventually';
import { adminPassword } from './server';
import type { TestServer } from './server';

const password = 'commands-password-1234';

const allOn = {
  admin: false,
  execute: true,
  create: true,
  rename: true,
  modify: true,
  delete: true,
  share: true,
  download: true,
};

/** Creates a user (scope /<name> unless given) with these commands and permissions, and logs in as it. */
export async function addUser(
  server: TestServer,
  username: string,
  commands: string[],
  perm: Partial<typeof allOn> = {},
  scope = `/${username}`,
): Promise<string> {
  const response = await server.request('POST', '/api/users', {
    token: await server.adminToken(),
    body: {
      what: 'user',
      which: [],
      data: {
        username,
        password,
        scope,
        perm: { ...allOn, ...perm },
        commands,
        rules: [],
        locale: 'en',
        viewMode: 'list',
        lockPassword: false,
      },
      current_password: adminPassword,
    },
  });
  assert.equal(response.status, 201, response.text);
  return server.login(username, password);
}

/** Changes some global settings as the admin (the rest kept). */
export async function changeSettings(
  server: TestServer,
  changes: Record<string, unknown>,
): Promise<void> {
  const token = await server.adminToken();
  const current = (await server.request('GET', '/api/settings', { token })).json<object>();
  const response = await server.request('PUT', '/api/settings', {
    token,
    body: { ...current, ...changes },
  });
  assert.equal(response.status, 200, response.text);
}

/** The pids whose command line is exactly `argv` (a zombie's is empty, so it counts as gone). */
export function processesRunning(argv: string[]): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmdline: string;
    try {
      cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (cmdline === `${argv.join('\0')}\0`) found.push(Number(entry));
  }
  return found;
}

/** The shell's and hooks' waits: test/helpers/eventually.ts's poll, with their shorter deadline. */
export function waitFor(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  return eventually(condition, what, ms);
}
