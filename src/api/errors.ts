// Wire form of errors: every code the server answers with, its status, and the JSON body that
// carries it. The server maps its one error type through this table (src/errors.ts); the UI
// types the codes it reacts to with it (docs/API.md, Errors).

/** Every code the server can answer with, and its HTTP status; the UI translates `errors.<code>`. */
export const statusByCode = {
  'request.invalid': 400,
  'request.badJson': 400,
  'request.badEncoding': 400,
  'request.aborted': 400,
  'auth.required': 401,
  'auth.tokenInvalid': 401,
  'auth.tokenExpired': 401,
  'auth.ticketMismatch': 403,
  'auth.wrongCredentials': 403,
  'auth.forbidden': 403,
  'auth.throttled': 429,
  'auth.recaptchaUnavailable': 500,
  'signup.disabled': 405,
  'users.notFound': 404,
  'users.nameTaken': 409,
  'users.homeTaken': 409,
  'users.invalidName': 400,
  'users.lastAdmin': 403,
  'users.passwordLocked': 403,
  'users.passwordTooShort': 400,
  'users.passwordTooLong': 400,
  'users.passwordTooEasy': 400,
  'users.passwordEmpty': 400,
  'users.currentPasswordWrong': 400,
  'users.currentPasswordRequired': 400,
  'users.shareNeedsDownload': 400,
  'users.fieldForbidden': 403,
  'users.unknownField': 400,
  'users.idMismatch': 400,
  'settings.invalid': 400,
  'settings.badUrl': 400,
  'fs.notFound': 404,
  'fs.forbidden': 403,
  'fs.outsideScope': 403,
  'fs.exists': 409,
  'fs.notEmpty': 409,
  'fs.isDirectory': 400,
  'fs.notDirectory': 400,
  'fs.intoItself': 400,
  'fs.rootImmutable': 403,
  'fs.badPath': 400,
  'fs.tooLarge': 413,
  'fs.noSpace': 507,
  // Resumable uploads (tus): statuses the tus 1.0 protocol fixes for these cases.
  'upload.notFound': 404,
  'upload.offsetMismatch': 409,
  'upload.locked': 423,
  'upload.checksumMismatch': 460,
  'upload.unsupportedVersion': 412,
  'share.notFound': 404,
  'share.invalidExpiry': 400,
  'share.passwordTooLong': 400,
  // A password share asked for without its password, or with a wrong one (File Browser's 401).
  'share.passwordRequired': 401,
  'share.passwordWrong': 401,
  // Kinds and limits of links (docs/SHARES.md): a link past its expiry or its download limit is
  // 410 during its grace period; a view link sends no attachment or archive; an upload link
  // (a file request) shows nothing; a visit token names the uploads of one visitor.
  'share.gone': 410,
  'share.viewOnly': 403,
  'share.uploadOnly': 403,
  'share.notForUploads': 403,
  'share.visitRequired': 401,
  'share.uploadLimit': 413,
  'share.invalidKind': 400,
  'share.invalidLimit': 400,
  'share.uploadNeedsFolder': 400,
  'search.invalid': 400,
  'archive.badFormat': 400,
  'route.notFound': 404,
  'route.methodNotAllowed': 405,
  'request.tooLarge': 413,
  'request.unsupportedMediaType': 415,
  'range.notSatisfiable': 416,
  'exec.disabled': 403,
  // Previews: a file Drawer draws no preview of (or no longer can: no ffmpeg for videos), one
  // too large to decode safely, and one whose bytes the decoder refused.
  'preview.unsupported': 415,
  'preview.tooLarge': 415,
  'preview.undecodable': 415,
  'preview.failed': 500,
  'request.badOrigin': 403,
  'request.upgradeRequired': 426,
  // Too much heavy work (listings, archives, searches) in flight: the client retries later.
  'server.busy': 429,
  // A before-hook that ran and said no is the admin's policy refusing the action; one that
  // could not run at all (missing program, time limit) is the server's fault.
  'hook.refused': 403,
  'hook.failed': 500,
  // Hugo sites (docs/SITES.md): no site holds the path, or the file is not one of its posts; a
  // name, section, archetype or time the request got wrong; an archetype using what Drawer does
  // not interpret, or whose syntax is broken; a site configuration or front matter Drawer cannot
  // use as it stands; no schedule to cancel; too many schedules kept for one user.
  'site.notFound': 404,
  'site.notAPost': 404,
  'site.invalidName': 400,
  'site.invalidSection': 400,
  'site.unknownArchetype': 400,
  'site.invalidTime': 400,
  'site.templateUnsupported': 400,
  'site.templateInvalid': 400,
  'site.badConfig': 422,
  'site.badFrontMatter': 422,
  'site.noSchedule': 404,
  'site.tooManySchedules': 409,
  internal: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof statusByCode;

/** The body of every error answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
}
