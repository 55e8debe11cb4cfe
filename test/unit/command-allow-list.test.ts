// Which command names an allow-list may hold: shells, program runners and interpreters never, in any spelling.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isRefusedCommand, refuseShellCommands } from '../../src/commands/command-allow-list';
import { isAppError } from '../../src/errors';

describe('isRefusedCommand', () => {
  const refused = [
    'sh',
    'bash',
    '/bin/sh',
    '/usr/bin/bash',
    'BASH',
    ' dash ',
    'zsh',
    'fish',
    'busybox',
    'env',
    'sudo',
    'xargs',
    'nohup',
    'python',
    'python3',
    'python3.11',
    'perl5.36',
    'node',
    'awk',
    'gawk',
    'sh -c',
  ];
  const allowed = ['ls', 'cat', 'md5sum', 'sha256sum', 'b2sum', 'git', 'unzip', 'shred', 'bashful'];

  it('refuses shells, program runners and interpreters by base name, case and version', () => {
    for (const name of refused) assert.equal(isRefusedCommand(name), true, name);
  });

  it('lets ordinary tools through', () => {
    for (const name of allowed) assert.equal(isRefusedCommand(name), false, name);
  });
});

describe('refuseShellCommands', () => {
  it('returns a clean list as it is, and names the first bad entry in a request.invalid', () => {
    assert.deepEqual(refuseShellCommands(['ls', 'cat']), ['ls', 'cat']);
    assert.throws(
      () => refuseShellCommands(['ls', '/bin/bash', 'sh']),
      (error: unknown) =>
        isAppError(error) &&
        error.code === 'request.invalid' &&
        error.message.includes('/bin/bash'),
    );
  });
});
