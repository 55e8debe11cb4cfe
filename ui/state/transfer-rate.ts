// The numbers a transfer shows: its speed over the last seconds and the time left.

/** One reading of a transfer: when (ms) and how many bytes had been sent by then. */
export interface RateSample {
  at: number;
  bytes: number;
}

/** Speed is measured over this much recent time, so a stall shows within seconds. */
export const rateWindowMs = 5000;
/** Below this much time between readings a speed is noise, not a measure. */
const minimumSpanMs = 500;

/** Adds a reading and drops those older than the window (the oldest inside it stays as the base). */
export function addSample(samples: readonly RateSample[], sample: RateSample): RateSample[] {
  const kept = [...samples, sample];
  while (kept.length > 2 && (kept[1]?.at ?? sample.at) <= sample.at - rateWindowMs) kept.shift();
  return kept;
}

/** Bytes per second between the first and last reading, or undefined while there is too little to tell. */
export function speedOf(samples: readonly RateSample[]): number | undefined {
  const first = samples[0];
  const last = samples[samples.length - 1];
  if (!first || !last || last.at - first.at < minimumSpanMs) return undefined;
  return Math.max(0, ((last.bytes - first.bytes) * 1000) / (last.at - first.at));
}

/** Whole seconds left at this speed, or undefined when nothing moves. */
export function secondsLeft(remaining: number, speed: number | undefined): number | undefined {
  if (speed === undefined || speed <= 0) return undefined;
  return Math.max(1, Math.ceil(remaining / speed));
}
