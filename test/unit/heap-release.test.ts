// Full collections after big work: one per turn however many ask, and none without a collector.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createHeapRelease } from '../../src/limits/heap-release';

describe('heap release', () => {
  it('collects once after the current turn, however many ask in it', async () => {
    let collected = 0;
    const release = createHeapRelease(() => (collected += 1));
    release();
    release();
    release();
    assert.equal(collected, 0, 'never while the work that asked is on the stack');
    await nextTurn();
    assert.equal(collected, 1);
    release();
    await nextTurn();
    assert.equal(collected, 2, 'a later ask collects again');
  });

  it('does nothing where Node was started without --expose-gc', async () => {
    const release = createHeapRelease(undefined);
    release();
    await nextTurn();
  });

  it('uses the collector --expose-gc puts on the global object', async () => {
    const holder = globalThis as { gc?: unknown };
    const original = holder.gc;
    let ran = false;
    holder.gc = () => (ran = true);
    let release: () => void;
    try {
      release = createHeapRelease();
    } finally {
      holder.gc = original;
    }
    release();
    await nextTurn();
    assert.equal(ran, true);
  });
});
