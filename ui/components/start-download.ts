// Starts a browser download of a link (the server answers with Content-Disposition: attachment).
export function startDownload(href: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = '';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
