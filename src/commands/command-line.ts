// Splits a command line into words with POSIX quoting, and interprets nothing else a shell would.

/** Thrown for a line that cannot be split; the message is safe to show the user. */
export class CommandLineError extends Error {
  override name = 'CommandLineError';
}

const separators = new Set([' ', '\t', '\n', '\r']);
/** Inside double quotes a backslash escapes only these, as in sh. */
const escapableInDoubleQuotes = new Set(['"', '\\', '$', '`', '\n']);

/**
 * The words of `line`: blanks separate words, '…' is literal, "…" is literal except for
 * backslash escapes, and a backslash outside quotes makes the next character literal.
 * `;`, `&&`, `|`, `$(…)`, backticks, redirections and newlines are ordinary characters here, so
 * `echo hi; id` is the program `echo` with the arguments `hi;` and `id`. No variable, glob or
 * tilde is expanded. Control characters (NUL included) are refused rather than passed on.
 */
export function splitCommandLine(line: string): string[] {
  const controlCharacter = /(?![\t\n\r])\p{Cc}/u.exec(line);
  if (controlCharacter) throw new CommandLineError('the command contains a control character');
  const words: string[] = [];
  let word = '';
  // A word can be empty yet present ('' or ""), so its start is tracked apart from its text.
  let inWord = false;
  let index = 0;
  while (index < line.length) {
    const char = line[index] as string;
    if (separators.has(char)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      index += 1;
    } else if (char === "'") {
      const end = line.indexOf("'", index + 1);
      if (end === -1) throw new CommandLineError('the command has an unclosed single quote');
      word += line.slice(index + 1, end);
      inWord = true;
      index = end + 1;
    } else if (char === '"') {
      index += 1;
      for (;;) {
        if (index >= line.length)
          throw new CommandLineError('the command has an unclosed double quote');
        const inner = line[index] as string;
        if (inner === '"') break;
        const next = line[index + 1];
        if (inner === '\\' && next !== undefined && escapableInDoubleQuotes.has(next)) {
          if (next !== '\n') word += next; // backslash-newline joins lines, as in sh
          index += 2;
        } else {
          word += inner;
          index += 1;
        }
      }
      inWord = true;
      index += 1;
    } else if (char === '\\') {
      const next = line[index + 1];
      if (next === undefined) throw new CommandLineError('the command ends with a backslash');
      if (next !== '\n') {
        word += next;
        inWord = true;
      }
      index += 2;
    } else {
      word += char;
      inWord = true;
      index += 1;
    }
  }
  if (inWord) words.push(word);
  return words;
}
