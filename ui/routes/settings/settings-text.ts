// How settings values are typed (docs/UI.md, Input): words space-separated, commands one per line, passwords twice.

/** The shell prefix and a user's allowed commands: split on spaces, empty words dropped. */
export function splitWords(text: string): string[] {
  return text.split(/\s+/).filter((word) => word !== '');
}

export function joinWords(words: readonly string[]): string {
  return words.join(' ');
}

/** A command runner text area: trimmed, one command per line, empty lines dropped. */
export function splitLines(text: string): string[] {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function joinLines(lines: readonly string[] | undefined): string {
  return (lines ?? []).join('\n');
}

/** The tint of the two password fields: none while both are empty, then equal or different. */
export type PasswordTint = 'none' | 'equal' | 'different';

export function passwordTint(password: string, confirmation: string): PasswordTint {
  if (password === '' && confirmation === '') return 'none';
  return password === confirmation ? 'equal' : 'different';
}

/** A password change is only sent when both fields are equal and non-empty. */
export function canSendPassword(password: string, confirmation: string): boolean {
  return password !== '' && password === confirmation;
}
