// The preview pool with stand-in workers: slots, the bounded queue per user and in all, aborts, timeouts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../src/errors';
import type { RenderRequest } from '../../src/previews/image-render';
import { createPreviewPool } from '../../src/previews/preview-pool';
import { eventually } from '../helpers/eventually';

/**
 * Replies after `box` ms; quality 1 fails as too large, quality 2 never replies, quality 3 takes
 * the large-decode lock and never replies, quality 4 waits for that lock before replying.
 */
const standIn = `
const { parentPort, threadId, workerData } = require('node:worker_threads');
const lock = new Int32Array(workerData);
parentPort.on('message', ({ id, request }) => {
  if (request.quality === 2) return;
  if (request.quality === 3) return void Atomics.store(lock, 0, threadId);
  if (request.quality === 4) {
    while (Atomics.compareExchange(lock, 0, 0, threadId) !== 0) Atomics.wait(lock, 0, lock[0], 1000);
    Atomics.store(lock, 0, 0);
  }
  setTimeout(() => {
    if (request.quality === 1)
      parentPort.postMessage({ id, ok: false, reason: 'tooLarge', message: 'too many pixels' });
    else
      parentPort.postMessage({ id, ok: true, result: { bytes: new Uint8Array([1]), contentType: 'image/jpeg',
        width: 1, height: 1, source: 'decoded', sourcePixels: 1 } });
  }, request.box);
});`;

const startWorker = async (lock: SharedArrayBuffer) =>
  new Worker(standIn, { eval: true, workerData: lock });

function job(delayMs: number, quality = 80): RenderRequest {
  return { input: new Uint8Array(8), format: 'jpeg', box: delayMs, maxPixels: 1, quality };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
}

describe('the preview pool', () => {
  it('runs as many jobs as it has slots, queues a few per user and in all, and refuses more with 429', async () => {
    const pool = createPreviewPool(
      { slots: 1, queued: 2, queuedPerUser: 1, jobTimeoutMs: 5000 },
      startWorker,
    );
    try {
      const running = pool.render('alice', async () => job(150));
      const queuedAlice = pool.render('alice', async () => job(1));
      const tooManyAlice = pool.render('alice', async () => job(1));
      const queuedBob = pool.render('bob', async () => job(1));
      const tooManyInAll = pool.render('carol', async () => job(1));
      assert.equal(await codeOf(tooManyAlice), 'server.busy');
      assert.equal(await codeOf(tooManyInAll), 'server.busy');
      const busy = await tooManyInAll.catch((error: AppError) => error);
      assert.equal((busy as AppError).headers['Retry-After'], '1');
      assert.deepEqual(
        await Promise.all([codeOf(running), codeOf(queuedAlice), codeOf(queuedBob)]),
        ['ok', 'ok', 'ok'],
      );
      assert.equal(pool.workerCount(), 1);
      // Once the queue has drained, the same user may queue again.
      assert.equal(await codeOf(pool.render('alice', async () => job(1))), 'ok');
    } finally {
      await pool.close();
    }
  });

  it('lets a request that ended leave the queue, giving its place to the next', async () => {
    const pool = createPreviewPool(
      { slots: 1, queued: 1, queuedPerUser: 1, jobTimeoutMs: 5000 },
      startWorker,
    );
    try {
      const running = pool.render('alice', async () => job(100));
      const gone = new AbortController();
      const waiting = pool.render('bob', async () => job(1), gone.signal);
      gone.abort();
      assert.equal(await codeOf(waiting), 'request.aborted');
      assert.equal(await codeOf(pool.render('bob', async () => job(1))), 'ok');
      assert.equal(await codeOf(running), 'ok');
    } finally {
      await pool.close();
    }
  });

  it('maps a refusal to its code, and stops a worker that runs past its time', async () => {
    let lock: Int32Array | undefined;
    const pool = createPreviewPool(
      { slots: 2, queued: 4, queuedPerUser: 4, jobTimeoutMs: 1000 },
      (shared) => {
        lock = new Int32Array(shared);
        return startWorker(shared);
      },
    );
    try {
      assert.equal(await codeOf(pool.render('alice', async () => job(1, 1))), 'preview.tooLarge');
      assert.equal(await codeOf(pool.render('alice', async () => job(1, 2))), 'preview.failed');
      assert.equal(pool.workerCount(), 0); // the refusal kept its worker, the stuck one is gone
      assert.equal(await codeOf(pool.render('alice', async () => job(1))), 'ok');
      assert.equal(pool.workerCount(), 1);
      // A worker stopped while it held the large-decode lock leaves it free for the others.
      const holderStarted = Date.now();
      const holder = pool.render('alice', async () => job(1, 3));
      await eventually(() => lock !== undefined && Atomics.load(lock, 0) !== 0, 'the lock taken');
      // The waiter's own 1 s runs from its start: 400 ms after the holder's, it outlives the holder.
      await sleep(Math.max(0, 400 - (Date.now() - holderStarted)));
      const waiter = pool.render('bob', async () => job(1, 4)); // blocked until the holder is stopped
      assert.equal(await codeOf(holder), 'preview.failed');
      assert.equal(await codeOf(waiter), 'ok');
      // Other heavy work (a video poster) takes the same slots.
      assert.equal(await pool.withSlot('alice', async () => 'drawn'), 'drawn');
    } finally {
      await pool.close();
    }
  });
});
