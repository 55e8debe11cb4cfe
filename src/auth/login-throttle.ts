// Brute-force brake: failed logins counted per client address and per (username, address) in a sliding window.

export interface LoginThrottle {
  /** Seconds to wait before trying again, or 0 when the attempt may go ahead. */
  retryAfter(username: string, address: string): number;
  recordFailure(username: string, address: string): void;
  recordSuccess(username: string, address: string): void;
}

/**
 * Nothing is counted per username alone: anyone could then lock the owner out of their account by
 * failing from elsewhere. An attacker spread over many addresses is slowed by bcrypt and each
 * address's own brake, the owner's address never by theirs.
 */
export interface ThrottleLimits {
  windowMs: number;
  /** Failures for one username from one address. */
  perUsernameAndAddress: number;
  /** Failures for any usernames from one address. */
  perAddress: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  windowMs: 15 * 60_000,
  perUsernameAndAddress: 10,
  perAddress: 30,
};

export function createLoginThrottle(
  now: () => number,
  limits: ThrottleLimits = defaultThrottleLimits,
): LoginThrottle {
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
  // JSON keeps the two parts apart whatever characters the username holds.
  const pairKey = (username: string, address: string) =>
    `u:${JSON.stringify([username.normalize('NFC').toLowerCase(), address])}`;
  const addressKey = (address: string) => `a:${address}`;

  return {
    retryAfter: (username, address) =>
      Math.max(
        wait(pairKey(username, address), limits.perUsernameAndAddress),
        wait(addressKey(address), limits.perAddress),
      ),
    recordFailure(username, address) {
      for (const key of [pairKey(username, address), addressKey(address)])
        failures.set(key, [...recent(key), now()]);
      // Bound memory under a spray of random usernames: drop the oldest keys past a ceiling.
      if (failures.size > 100_000) {
        for (const key of failures.keys()) {
          failures.delete(key);
          if (failures.size <= 90_000) break;
        }
      }
    },
    recordSuccess(username, address) {
      failures.delete(pairKey(username, address));
    },
  };
}
