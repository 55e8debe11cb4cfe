// Go-style durations ("2h", "90m", "1h30m", "45s", "500ms"), the format File Browser's flags use.

const unitMs: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds, or undefined when the text is not a duration. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const pattern = /(\d+(?:\.\d+)?)(ms|s|m|h|d)/gy;
  let total = 0;
  let consumed = 0;
  for (const match of trimmed.matchAll(pattern)) {
    const amount = Number(match[1]);
    const unit = unitMs[match[2] ?? ''];
    if (unit === undefined) return undefined;
    total += amount * unit;
    consumed += match[0].length;
  }
  if (consumed !== trimmed.length) return undefined;
  return Math.round(total);
}
