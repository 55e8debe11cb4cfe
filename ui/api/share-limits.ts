// How the share dialog and the shares page read and write a link's limits: byte units, and the
// words for a link's kind, use and status.
import type { TFunction } from 'i18next';
import type { ShareKind } from '../../src/api/shares';
import { formatSize } from '../components/format';
import type { ShareLink } from './shares';

export const byteUnits = { MB: 1024 ** 2, GB: 1024 ** 3 } as const;
export type ByteUnit = keyof typeof byteUnits;

/** The largest number the server takes as a limit or an expiry. */
export const maxWhole = 2147483647;

/** A typed limit: undefined when it is not a whole number ≥ 0; 0 when left empty. */
export function parseCount(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value <= maxWhole ? value : undefined;
}

/** A typed size in a unit, as bytes: undefined when it is not a positive number. */
export function parseBytes(text: string, unit: ByteUnit): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 0;
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return undefined;
  const bytes = Math.round(Number(trimmed) * byteUnits[unit]);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** A byte limit shown in the unit that makes it a short number. */
export function bytesAsUnit(bytes: number): { amount: string; unit: ByteUnit } {
  if (bytes > 0 && bytes % byteUnits.GB === 0)
    return { amount: String(bytes / byteUnits.GB), unit: 'GB' };
  if (bytes <= 0) return { amount: '', unit: 'MB' };
  return { amount: String(Math.round((bytes / byteUnits.MB) * 100) / 100), unit: 'MB' };
}

export const kindLabels = {
  download: 'shares.kinds.download',
  view: 'shares.kinds.view',
  upload: 'shares.kinds.upload',
} as const satisfies Record<ShareKind, string>;

export function kindOf(link: ShareLink): ShareKind {
  return link.kind ?? 'download';
}

/** "3 / 10 downloads", "2 downloads", "4 MB / 50 MB uploaded". */
export function usageText(t: TFunction, link: ShareLink): string {
  if (kindOf(link) === 'upload') {
    const used = formatSize(link.uploadedBytes ?? 0);
    return link.maxUploadBytes
      ? t('shares.uploadedOf', { used, limit: formatSize(link.maxUploadBytes) })
      : t('shares.uploaded', { used });
  }
  const count = link.downloads ?? 0;
  return link.maxDownloads
    ? t('shares.downloadsOf', { n: count, limit: link.maxDownloads })
    : t('shares.downloads', { n: count });
}
