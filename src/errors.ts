// The one error type of the domain; its codes and their HTTP statuses are the wire table in src/api/errors.ts.
import type { ErrorCode } from './api/errors';
import { statusByCode } from './api/errors';

const defaultMessages: Partial<Record<ErrorCode, string>> = {
  'auth.required': 'Authentication required',
  'auth.tokenInvalid': 'token malformed',
  'auth.tokenExpired': 'token expired',
  'auth.wrongCredentials': 'Wrong credentials',
  'auth.forbidden': "You don't have permissions to access this",
  'auth.throttled': 'Too many failed attempts, try again later',
  'signup.disabled': 'Signup is disabled',
  'users.notFound': 'User not found',
  'users.nameTaken': 'Username already taken',
  'users.lastAdmin': 'The last admin cannot be deleted or demoted',
  'users.currentPasswordRequired': 'the current password is required',
  'fs.notFound': 'Not found',
  'fs.forbidden': "You don't have permissions to access this",
  'fs.outsideScope': "You don't have permissions to access this",
  'fs.exists': 'The destination already exists',
  'route.notFound': 'Not found',
  'route.methodNotAllowed': 'Method not allowed',
  internal: 'Internal server error',
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Extra response headers, such as Retry-After on 429. */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message ?? defaultMessages[code] ?? code, { cause: options?.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = statusByCode[code];
    this.headers = options?.headers ?? {};
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
