// Password hashing (bcrypt, async so the event loop keeps serving) and the password policy.
import bcrypt from 'bcryptjs';
import { AppError } from '../errors';
import { isTooEasy } from './easy-passwords';

export const bcryptCost = 10;
/** bcrypt ignores bytes past 72; longer passwords are refused rather than silently truncated. */
export const maxPasswordBytes = 72;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, bcryptCost);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (Buffer.byteLength(password, 'utf8') > maxPasswordBytes)
    return bcrypt.compare('\u0000', hash).then(() => false);
  return bcrypt.compare(password, hash);
}

export function isBcryptHash(text: string): boolean {
  return /^\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}$/.test(text);
}

/** Throws the AppError a new or changed password earns, if any. Passwords are compared as NFC. */
export function checkPasswordPolicy(password: string, minimumLength: number): void {
  if (password === '') throw new AppError('users.passwordEmpty', 'password is empty');
  const characters = [...password].length;
  if (characters < minimumLength) {
    throw new AppError(
      'users.passwordTooShort',
      `password is too short, minimum length is ${minimumLength}`,
    );
  }
  if (password.trim() === '')
    throw new AppError('users.passwordTooShort', 'password is only spaces');
  if (Buffer.byteLength(password, 'utf8') > maxPasswordBytes) {
    throw new AppError(
      'users.passwordTooLong',
      `password is too long, maximum length is ${maxPasswordBytes} bytes`,
    );
  }
  if (isTooEasy(password)) throw new AppError('users.passwordTooEasy', 'password is too easy');
}

export function normalisePassword(password: string): string {
  return password.normalize('NFC');
}
