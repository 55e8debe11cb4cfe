// Test-only pauses between a check and its use, so race tests can swap a path at exactly that moment.
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Waits at a named point of an operation when a test armed it. Off (a no-op) unless the server
 * was started with DRAWER_TEST_PAUSE_DIR: a test arms `point` by creating `<dir>/<point>.arm`;
 * the first operation reaching the point removes it, creates `<point>.paused` and waits until
 * `<point>.resume` exists. The race is then reproduced deterministically, with no timing guess.
 */
export type PausePoint = (point: string) => Promise<void>;

export const noPause: PausePoint = async () => undefined;

const pollMs = 5;

export function createPausePoints(dir: string | undefined): PausePoint {
  if (!dir) return noPause;
  const exists = (name: string) =>
    fs.access(path.join(dir, name)).then(
      () => true,
      () => false,
    );
  return async (point) => {
    try {
      await fs.unlink(path.join(dir, `${point}.arm`));
    } catch {
      return; // not armed, or another request took it
    }
    await fs.writeFile(path.join(dir, `${point}.paused`), '');
    while (!(await exists(`${point}.resume`)))
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    await fs.rm(path.join(dir, `${point}.resume`), { force: true });
  };
}
