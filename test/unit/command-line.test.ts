// Tables for the command runner's pure parts: word splitting, line cutting, the allow-list, the Origin check.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommandLineError, splitCommandLine } from '../../src/commands/command-line';
import { createLineBuffer } from '../../src/commands/output-lines';
import { isSameOrigin } from '../../src/http/same-origin';
import { planCommand } from '../../src/commands/shell-session';

describe('splitCommandLine', () => {
  const rows: [string, string[]][] = [
    ['', []],
    ['   ', []],
    ['ls', ['ls']],
    ['  ls   -la  ', ['ls', '-la']],
    ['echo hi; touch x', ['echo', 'hi;', 'touch', 'x']],
    ['echo a && touch x', ['echo', 'a', '&&', 'touch', 'x']],
    ['echo a || touch x', ['echo', 'a', '||', 'touch', 'x']],
    ['echo a | touch x', ['echo', 'a', '|', 'touch', 'x']],
    ['echo a|b', ['echo', 'a|b']],
    ['echo $(touch x)', ['echo', '$(touch', 'x)']],
    ['echo `touch x`', ['echo', '`touch', 'x`']],
    ['echo a > out.txt', ['echo', 'a', '>', 'out.txt']],
    ['echo a\ntouch x', ['echo', 'a', 'touch', 'x']],
    ['echo a\r\nb', ['echo', 'a', 'b']],
    ['echo\ta', ['echo', 'a']],
    ['echo $HOME ${PATH} ~ *', ['echo', '$HOME', '${PATH}', '~', '*']],
    ["echo 'a  b' c", ['echo', 'a  b', 'c']],
    ["echo 'it''s'", ['echo', 'its']],
    ['echo \'$(id); "x" \\n\'', ['echo', '$(id); "x" \\n']],
    ['echo "a  b"', ['echo', 'a  b']],
    ['echo "a \\"q\\" \\\\ \\$ \\` \\n"', ['echo', 'a "q" \\ $ ` \\n']],
    ['echo "a\\\nb"', ['echo', 'ab']],
    ['echo "$(id)"', ['echo', '$(id)']],
    ['echo a\\ b', ['echo', 'a b']],
    ['echo \\;', ['echo', ';']],
    ['echo a\\\nb', ['echo', 'ab']],
    ['echo \'\' ""', ['echo', '', '']],
    ['echo a"b c"d', ['echo', 'ab cd']],
    ['echo é 😀', ['echo', 'é', '😀']],
  ];
  for (const [line, words] of rows) {
    it(`splits ${JSON.stringify(line)}`, () => assert.deepEqual(splitCommandLine(line), words));
  }

  const refused: [string, RegExp][] = [
    ["echo 'open", /single quote/],
    ['echo "open', /double quote/],
    ['echo "a\\"', /double quote/],
    ['echo a\\', /backslash/],
    ['ls\u0000id', /control character/],
    ['ls \u001b[31m', /control character/],
    ['ls \u007f', /control character/],
  ];
  for (const [line, message] of refused) {
    it(`refuses ${JSON.stringify(line)}`, () =>
      assert.throws(
        () => splitCommandLine(line),
        (error: unknown) => error instanceof CommandLineError && message.test(error.message),
      ));
  }
});

describe('createLineBuffer', () => {
  it('returns complete lines and keeps the rest for later', () => {
    const buffer = createLineBuffer();
    assert.deepEqual(buffer.push('a\nb'), ['a']);
    assert.deepEqual(buffer.push('c\r\nd\n\n'), ['bc', 'd', '']);
    assert.deepEqual(buffer.push('tail'), []);
    assert.deepEqual(buffer.end(), ['tail']);
    assert.deepEqual(buffer.end(), []);
  });

  it('cuts a line longer than the limit into pieces', () => {
    const buffer = createLineBuffer(4);
    assert.deepEqual(buffer.push('abcdefghij'), ['abcd', 'efgh']);
    assert.deepEqual(buffer.push('\n'), ['ij']);
  });
});

describe('planCommand', () => {
  const user = { commands: ['ls', 'echo'] };

  it('runs the words themselves without a shell', () => {
    assert.deepEqual(planCommand('echo hi; id', user, []), { argv: ['echo', 'hi;', 'id'] });
  });

  it('hands the whole line to the configured shell', () => {
    assert.deepEqual(planCommand('echo hi | tr a-z A-Z', user, ['sh', '-c']), {
      argv: ['sh', '-c', 'echo hi | tr a-z A-Z'],
    });
  });

  for (const line of ['id', 'LS', '/bin/ls', './ls', 'ls\u0000id', "'' ls", 'ls;id']) {
    it(`refuses ${JSON.stringify(line)} when only ls and echo are allowed`, () => {
      const plan = planCommand(line, user, []);
      assert.ok('refused' in plan);
    });
  }

  it('names the quoting problem of a line it cannot split', () => {
    assert.deepEqual(planCommand("echo 'x", user, []), {
      refused: 'the command has an unclosed single quote',
    });
  });
});

describe('isSameOrigin', () => {
  const rows: [string | undefined, string | undefined, boolean][] = [
    ['http://127.0.0.1:8080', '127.0.0.1:8080', true],
    ['https://files.example', 'files.example', true],
    ['https://Files.Example', 'files.example', true],
    ['http://files.example:80', 'files.example', true],
    ['https://files.example', 'files.example:443', true],
    ['http://127.0.0.1:8081', '127.0.0.1:8080', false],
    ['https://evil.example', 'files.example', false],
    ['https://files.example.evil.example', 'files.example', false],
    ['null', 'files.example', false],
    [undefined, 'files.example', false],
    ['', 'files.example', false],
    ['file://files.example', 'files.example', false],
    ['not a url', 'files.example', false],
    ['https://files.example', undefined, false],
    ['https://files.example', 'files.example/evil', false],
  ];
  for (const [origin, host, expected] of rows) {
    it(`${String(origin)} against ${String(host)} is ${expected ? 'same' : 'foreign'}`, () =>
      assert.equal(isSameOrigin(origin, host), expected));
  }
});
