// Passwords long enough to pass the length rule but first in any guessing list.

/** Common base words; a password that is one of them repeated, plus digits or symbols, is refused. */
const commonWords = [
  'password',
  'passw0rd',
  'p@ssword',
  'p@ssw0rd',
  'qwerty',
  'qwertz',
  'azerty',
  'asdf',
  'zxcv',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'root',
  'iloveyou',
  'monkey',
  'dragon',
  'master',
  'login',
  'changeme',
  'secret',
  'default',
  'football',
  'baseball',
  'sunshine',
  'princess',
  'shadow',
  'superman',
  'trustno1',
  'abc',
  'test',
  'user',
  'guest',
  'drawer',
  'filebrowser',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1q2w3e4r',
  '1qaz2wsx',
  'qazwsx',
];

const keyboardRuns = [
  '1q2w3e4r5t6y7u8i9o0p',
  '1234567890',
  '0987654321',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'abcdefghijklmnopqrstuvwxyz',
];

/**
 * True for passwords an attacker tries first: one or two repeated characters, a keyboard or
 * alphabet run, short all-digit strings, or common words (leetspeak undone) with digits around them.
 */
export function isTooEasy(password: string): boolean {
  const lower = password.toLowerCase();
  if (new Set(lower).size <= 2) return true;
  if (keyboardRuns.some((run) => run.includes(lower) || isRepeatOfPrefix(lower, run))) return true;
  const core = lower.replace(/[^a-z0-9@$]/g, '');
  if (/^\d+$/.test(core)) return core.length < 16;
  const word = undoLeetspeak(core.replace(/^\d+|\d+$/g, ''));
  return commonWords.some((common) => isRepeatOf(word, undoLeetspeak(common)));
}

function undoLeetspeak(text: string): string {
  return text
    .replace(/[@4]/g, 'a')
    .replace(/0/g, 'o')
    .replace(/[1!]/g, 'i')
    .replace(/3/g, 'e')
    .replace(/[$5]/g, 's')
    .replace(/7/g, 't');
}

function isRepeatOf(text: string, word: string): boolean {
  if (text === '' || text.length % word.length !== 0) return false;
  return word.repeat(text.length / word.length) === text;
}

function isRepeatOfPrefix(text: string, run: string): boolean {
  for (let length = 3; length <= 6; length += 1)
    if (isRepeatOf(text, run.slice(0, length))) return true;
  return false;
}
