// A transfer's time left in the interface language, apart from format.ts: only the transfer panel
// needs it, and the files screen's first load has no room for it (scripts/build-ui.ts).
import { i18n } from '../i18n';

/** A short duration in the interface language: '45 sec', '3 min', '1.5 hr' (time left of a transfer). */
export function formatDuration(seconds: number): string {
  const [value, unit] =
    seconds < 60
      ? [Math.ceil(seconds), 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.round(seconds / 360) / 10, 'hour'];
  return new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
