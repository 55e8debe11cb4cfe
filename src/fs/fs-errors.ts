// Turning operating-system errors from user-file operations into AppErrors that never leak a path.
import { AppError, isAppError } from '../errors';

/** Node's messages name the real path ("ENOENT: …, open '/srv/…'"), so only the code is kept. */
export function toFsError(error: unknown): AppError {
  if (isAppError(error)) return error;
  switch ((error as NodeJS.ErrnoException | undefined)?.code) {
    case 'ENOENT':
      return new AppError('fs.notFound');
    case 'EEXIST':
      return new AppError('fs.exists');
    case 'ENOTEMPTY':
      return new AppError('fs.notEmpty', 'the destination folder is not empty');
    case 'ENOTDIR':
      return new AppError('fs.notDirectory', 'a parent of the path is not a folder');
    case 'EISDIR':
      return new AppError('fs.isDirectory', 'the path is a folder');
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new AppError('fs.forbidden', 'the server may not change this path');
    case 'ENOSPC':
    case 'EDQUOT':
      return new AppError('fs.noSpace', 'there is no space left on the disk');
    case 'EFBIG':
      return new AppError('fs.tooLarge', 'the file is too large for the disk');
    case 'ENAMETOOLONG':
      return new AppError('fs.badPath', 'a name in the path is too long');
    case 'ELOOP':
      return new AppError('fs.badPath', 'the path changed while it was used');
    case 'EINVAL':
      return new AppError('fs.badPath', 'the operation is not possible on this path');
    default:
      return new AppError('internal', undefined, { cause: error });
  }
}

/** For `.catch()`: any failure of a user-file operation leaves as an AppError. */
export function rethrowAsFsError(error: unknown): never {
  throw toFsError(error);
}

export function errorCodeOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
