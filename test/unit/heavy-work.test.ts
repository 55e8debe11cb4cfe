// The heavy-work limiter: per-user and total caps per kind, 429 with Retry-After, idempotent release.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src/errors';
import { createHeavyWork, defaultHeavyWorkLimits } from '../../src/limits/heavy-work';

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof AppError, String(error));
    return error;
  }
  assert.fail('expected a refusal');
}

describe('heavy work limiter', () => {
  it('has the documented defaults', () => {
    assert.deepEqual(defaultHeavyWorkLimits, {
      listing: { total: 16, perUser: 4 },
      walk: { total: 6, perUser: 2 },
    });
  });

  it('refuses past the per-user cap with server.busy, 429 and Retry-After', () => {
    const work = createHeavyWork({
      listing: { total: 10, perUser: 2 },
      walk: { total: 10, perUser: 1 },
    });
    work.acquire('walk', '1');
    const error = refusal(() => work.acquire('walk', '1'));
    assert.equal(error.code, 'server.busy');
    assert.equal(error.status, 429);
    assert.match(error.headers['Retry-After'] ?? '', /^[1-9]\d*$/);
    // Another user, and the other kind, are not affected.
    work.acquire('walk', '2');
    work.acquire('listing', '1');
    work.acquire('listing', '1');
    assert.equal(refusal(() => work.acquire('listing', '1')).code, 'server.busy');
  });

  it('refuses past the total cap of a kind, whoever asks', () => {
    const work = createHeavyWork({
      listing: { total: 3, perUser: 2 },
      walk: { total: 1, perUser: 1 },
    });
    work.acquire('listing', 'a');
    work.acquire('listing', 'b');
    work.acquire('listing', 'c');
    assert.equal(refusal(() => work.acquire('listing', 'd')).code, 'server.busy');
    assert.equal(work.inUse('listing'), 3);
    work.acquire('walk', 'a');
    assert.equal(refusal(() => work.acquire('walk', 'b')).code, 'server.busy');
  });

  it('frees a slot on release, and a second release frees nothing more', () => {
    const work = createHeavyWork({
      listing: { total: 2, perUser: 1 },
      walk: { total: 1, perUser: 1 },
    });
    const release = work.acquire('listing', 'a');
    work.acquire('listing', 'b');
    assert.equal(refusal(() => work.acquire('listing', 'c')).code, 'server.busy');
    release();
    release();
    release();
    assert.equal(work.inUse('listing'), 1);
    assert.equal(work.inUse('listing', 'a'), 0);
    assert.equal(work.inUse('listing', 'b'), 1);
    work.acquire('listing', 'c');
    // Had the repeated releases counted, this would pass the total cap of 2.
    assert.equal(refusal(() => work.acquire('listing', 'a')).code, 'server.busy');
  });

  it('counts nothing for a refused attempt', () => {
    const work = createHeavyWork({
      listing: { total: 1, perUser: 1 },
      walk: { total: 1, perUser: 1 },
    });
    const release = work.acquire('walk', 'a');
    refusal(() => work.acquire('walk', 'b'));
    refusal(() => work.acquire('walk', 'a'));
    assert.equal(work.inUse('walk'), 1);
    release();
    assert.equal(work.inUse('walk'), 0);
    assert.equal(work.inUse('walk', 'a'), 0);
    work.acquire('walk', 'b');
  });

  it('is busy while a slot is held and a little after the last is given back', () => {
    let clock = 1000;
    const work = createHeavyWork(defaultHeavyWorkLimits, () => clock);
    assert.equal(work.busy('walk', 25), false, 'never used');
    const release = work.acquire('walk', 'a');
    assert.equal(work.busy('walk', 25), true);
    assert.equal(work.busy('listing', 25), false, 'per kind');
    clock += 100;
    release();
    clock += 24;
    assert.equal(work.busy('walk', 25), true, 'a request may follow at once');
    clock += 1;
    assert.equal(work.busy('walk', 25), false);
  });
});
