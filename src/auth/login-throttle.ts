// Brute-force brakes: failed guesses of a secret (a login, a share's password) counted per client
// address and per (subject, address) in a sliding window.

export interface GuessThrottle {
  /** Seconds to wait before trying again, or 0 when the attempt may go ahead. */
  retryAfter(subject: string, address: string): number;
  recordFailure(subject: string, address: string): void;
  recordSuccess(subject: string, address: string): void;
}

/** Logins are counted per username, compared as the users store compares them. */
export type LoginThrottle = GuessThrottle;

/**
 * Nothing is counted per subject (a username, a share) alone: anyone could then lock the owner
 * out of their account, or every visitor out of a link, by failing from elsewhere. An attacker
 * spread over many addresses is slowed by bcrypt and each address's own brake, the owner's
 * address never by theirs.
 */
export interface ThrottleLimits {
  windowMs: number;
  /** Failures for one subject from one address. */
  perSubjectAndAddress: number;
  /** Failures for any subjects from one address. */
  perAddress: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  windowMs: 15 * 60_000,
  perSubjectAndAddress: 10,
  perAddress: 30,
};

/** `keyOf` says which spellings of a subject are the same subject. */
export function createGuessThrottle(
  now: () => number,
  limits: ThrottleLimits = defaultThrottleLimits,
  keyOf: (subject: string) => string = (subject) => subject,
): GuessThrottle {
  const failures = new Map<string, number[]>();

  const recent = (key: string): number[] => {
    const cutoff = now() - limits.windowMs;
    const kept = (failures.get(key) ?? []).filter((time) => time > cutoff);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  const wait = (key: string, limit: number): number => {
    const times = recent(key);
    if (times.length < limit) return 0;
    const oldest = times[times.length - limit] ?? now();
    return Math.max(1, Math.ceil((oldest + limits.windowMs - now()) / 1000));
  };
  // JSON keeps the two parts apart whatever characters the subject holds.
  const pairKey = (subject: string, address: string) =>
    `s:${JSON.stringify([keyOf(subject), address])}`;
  const addressKey = (address: string) => `a:${address}`;

  return {
    retryAfter: (subject, address) =>
      Math.max(
        wait(pairKey(subject, address), limits.perSubjectAndAddress),
        wait(addressKey(address), limits.perAddress),
      ),
    recordFailure(subject, address) {
      for (const key of [pairKey(subject, address), addressKey(address)])
        failures.set(key, [...recent(key), now()]);
      // Bound memory under a spray of random subjects: drop the oldest keys past a ceiling.
      if (failures.size > 100_000) {
        for (const key of failures.keys()) {
          failures.delete(key);
          if (failures.size <= 90_000) break;
        }
      }
    },
    recordSuccess(subject, address) {
      failures.delete(pairKey(subject, address));
    },
  };
}

export function createLoginThrottle(
  now: () => number,
  limits: ThrottleLimits = defaultThrottleLimits,
): LoginThrottle {
  return createGuessThrottle(now, limits, (username) => username.normalize('NFC').toLowerCase());
}
