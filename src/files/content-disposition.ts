// Content-Disposition with an RFC 5987 UTF-8 name and a safe ASCII fallback.

/** Percent-encodes everything but RFC 5987 attr-chars, so any name fits a header safely. */
function encodeRfc5987(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  // Control characters, quotes and backslashes can never reach the header, even in the fallback.
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
