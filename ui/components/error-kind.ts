// Which error message a failed load shows: forbidden, not found, or anything else as internal.
export type ErrorKind = 403 | 404 | 500;

export function errorKindOf(status: number | undefined): ErrorKind {
  return status === 403 || status === 404 ? status : 500;
}
