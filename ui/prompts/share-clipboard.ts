// Copying a share link: the Clipboard API where the page may use it, else a hidden text area.

/**
 * navigator.clipboard exists only in secure contexts (https or localhost); a server reached over
 * plain http on a LAN address still deserves a working copy button.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    // Deprecated, but the only copy a non-secure page has.
    if (!document.execCommand('copy')) throw new Error('copy refused');
  } finally {
    area.remove();
  }
}
