// Subtitles for the browser's <track>: SubRip (.srt) rewritten as WebVTT, which is all browsers play.

/** Converts SubRip text to WebVTT: a header, and "," before milliseconds becomes ".". */
export function srtToVtt(srt: string): string {
  const body = srt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/(\d{2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2');
  return `WEBVTT\n\n${body.trimStart()}`;
}

export function isSubtitleName(name: string): boolean {
  return /\.(srt|vtt)$/i.test(name);
}

/** Subtitle files larger than this are not converted in memory. */
export const maxSubtitleBytes = 16 * 1024 * 1024;
