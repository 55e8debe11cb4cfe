// The index's background passes wait while the foreground is busy, but never without end.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stepAside } from '../../src/search/step-aside';

describe('stepping aside', () => {
  it('goes on at once when nothing is busy, or when it cannot tell', async () => {
    let asked = 0;
    await stepAside(() => {
      asked += 1;
      return false;
    });
    assert.equal(asked, 1);
    await stepAside(undefined);
  });

  it('waits while the foreground is busy, and goes on once it is not', async () => {
    let busyFor = 3;
    await stepAside(() => {
      busyFor -= 1;
      return busyFor >= 0;
    });
    assert.equal(busyFor, -1, 'asked until the foreground was done');
  });

  it('goes on anyway when the foreground stays busy', async () => {
    let asked = 0;
    await stepAside(() => {
      asked += 1;
      return true;
    });
    assert.ok(asked > 1, 'it waited');
  });
});
