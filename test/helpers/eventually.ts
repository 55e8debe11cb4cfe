// Waiting for the server in tests: poll for the condition with a generous deadline, never a fixed sleep.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';

/** Resolves once `check` holds; fails after `ms`, which is long because a loaded machine is slow. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 30_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(25);
  }
}
