// The subcommands' flag parser: values, switches with =false and --no-, aliases, and refusals.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCliArgs } from '../../src/cli/cli-flags';
import type { CliFlag } from '../../src/cli/cli-flags';
import { UsageError } from '../../src/config';

const flags: CliFlag[] = [
  { name: 'database', short: 'd', type: 'string', help: '' },
  { name: 'admin', type: 'boolean', help: '' },
  { name: 'perm.create', type: 'boolean', help: '' },
  { name: 'lock-password', aliases: ['lockPassword'], type: 'boolean', help: '' },
];

describe('parseCliArgs', () => {
  it('separates positionals from flags in any order', () => {
    const parsed = parseCliArgs(
      'users add',
      ['bob', '-d', 'x.json', 'pw', '--admin', '--perm.create=false', '--lockPassword'],
      flags,
    );
    assert.deepEqual(parsed.positionals, ['bob', 'pw']);
    assert.equal(parsed.strings.get('database'), 'x.json');
    assert.deepEqual(
      [...parsed.switches],
      [
        ['admin', true],
        ['perm.create', false],
        ['lock-password', true],
      ],
    );
  });

  it('reads --name=value, -d=value, --no-switch, and everything after -- as positionals', () => {
    const parsed = parseCliArgs(
      'users add',
      ['--database=a=b', '--no-admin', '--', '--admin', '-d'],
      flags,
    );
    assert.equal(parsed.strings.get('database'), 'a=b');
    assert.equal(parsed.switches.get('admin'), false);
    assert.deepEqual(parsed.positionals, ['--admin', '-d']);
    assert.equal(parseCliArgs('x', ['-d=y'], flags).strings.get('database'), 'y');
    assert.deepEqual(parseCliArgs('x', ['-5'], flags).positionals, ['-5']);
  });

  it('refuses unknown flags, a missing value and a switch value that is not a boolean', () => {
    for (const [args, reason] of [
      [['--nope'], /unknown flag --nope \(see drawer users add --help\)/],
      [['-d'], /-d \(--database\) needs a value/],
      [['--admin=maybe'], /takes true or false/],
      [['--no-database'], /unknown flag --no-database/],
      [['--no-admin=true'], /unknown flag/],
    ] as const) {
      assert.throws(
        () => parseCliArgs('users add', args, flags),
        (error: unknown) => {
          assert.ok(error instanceof UsageError);
          assert.match(error.message, reason);
          return true;
        },
      );
    }
  });
});
