// Drives the server's test-only pause points (src/fs/pause-points.ts) from a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PauseControl {
  /** Give the server this as DRAWER_TEST_PAUSE_DIR. */
  dir: string;
  /** Runs `action` until the server waits at `point`, runs `during`, then lets the server go on. */
  whilePausedAt<T>(point: string, action: () => Promise<T>, during: () => unknown): Promise<T>;
  remove(): void;
}

export function createPauseControl(): PauseControl {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-pause-'));
  return {
    dir,
    async whilePausedAt(point, action, during) {
      fs.writeFileSync(path.join(dir, `${point}.arm`), '');
      const pending = action();
      const paused = path.join(dir, `${point}.paused`);
      for (let waited = 0; !fs.existsSync(paused); waited += 5) {
        if (waited > 20_000) throw new Error(`the server never reached ${point}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      fs.rmSync(paused);
      try {
        await during();
      } finally {
        fs.writeFileSync(path.join(dir, `${point}.resume`), '');
      }
      return pending;
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
