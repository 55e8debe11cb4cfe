// The transfer panel's pure rules: speed and time left, the top bar's percentage, retry waits, the
// folders an upload must create itself, and the words for a proxy's answer without Drawer's code.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError, errorFromText } from '../../ui/api/client';
import { retryDelays } from '../../ui/api/tus-upload';
import { describeError } from '../../ui/components/describe-error';
import { foldersWithoutFiles } from '../../ui/routes/files/upload';
import { addSample, rateWindowMs, secondsLeft, speedOf } from '../../ui/state/transfer-rate';
import type { Transfer } from '../../ui/state/transfers';
import { uploadProgress } from '../../ui/state/transfers';

describe('transfer speed', () => {
  it('measures bytes per second between the oldest and newest reading of the window', () => {
    let samples = addSample([], { at: 0, bytes: 0 });
    assert.equal(speedOf(samples), undefined, 'one reading tells nothing');
    samples = addSample(samples, { at: 200, bytes: 50_000 });
    assert.equal(speedOf(samples), undefined, 'too short a span is noise');
    samples = addSample(samples, { at: 2000, bytes: 200_000 });
    assert.equal(speedOf(samples), 100_000);
  });

  it('forgets readings older than the window, so a stall shows', () => {
    let samples = [{ at: 0, bytes: 0 }];
    for (let at = 1000; at <= 10_000; at += 1000)
      samples = addSample(samples, { at, bytes: at < 6000 ? at * 100 : 500_000 });
    assert.ok(samples[0] && samples[0].at >= 10_000 - rateWindowMs);
    assert.equal(speedOf(samples), 0);
  });

  it('gives whole seconds left, at least one, and nothing without a speed', () => {
    assert.equal(secondsLeft(1000, 300), 4);
    assert.equal(secondsLeft(10, 1_000_000), 1);
    assert.equal(secondsLeft(1000, 0), undefined);
    assert.equal(secondsLeft(1000, undefined), undefined);
  });
});

describe('the top progress bar during uploads', () => {
  const item = (status: Transfer['status'], sent: number, size = 100): Transfer => ({
    id: 0,
    name: 'x',
    path: '/x',
    size,
    sent,
    status,
    override: false,
  });

  it('averages the files still going and those done beside them, rounded up (docs/UI.md, Behaviour)', () => {
    assert.equal(uploadProgress([item('done', 100), item('running', 50)]), 75);
    assert.equal(uploadProgress([item('running', 1, 3), item('queued', 0)]), 17);
    assert.equal(uploadProgress([item('done', 100), item('failed', 3)]), undefined);
    assert.equal(uploadProgress([item('paused', 0, 0), item('interrupted', 5)]), 0);
  });
});

describe('tus retries', () => {
  it('waits longer each time, repeating the last wait, and never for a bad count', () => {
    assert.deepEqual(retryDelays(3), [0, 1000, 3000]);
    assert.deepEqual(retryDelays(8), [0, 1000, 3000, 5000, 10000, 20000, 20000, 20000]);
    assert.deepEqual(retryDelays(0), []);
    assert.deepEqual(retryDelays(-1), []);
    assert.deepEqual(retryDelays(1.5), []);
  });
});

describe('folders of an upload', () => {
  const file = (relativePath: string) => ({ relativePath, file: new File([], 'x') });

  it('creates only folders no file will make: an upload creates the folders above it', () => {
    const folders = foldersWithoutFiles({
      files: [file('photos/2024/a.jpg'), file('top.txt')],
      folders: ['photos', 'photos/2024', 'photos/empty', 'photos/empty/deeper', 'blank'],
    });
    assert.deepEqual(folders, ['photos/empty/deeper', 'blank']);
  });
});

describe('errors without a code', () => {
  it('reads a proxy page by its status, in words', () => {
    const page = errorFromText(413, '<html><h1>413 Request Entity Too Large</h1></html>');
    assert.equal(page.code, 'http.413');
    assert.equal(describeError(page), 'The file is too large.');
    assert.equal(
      describeError(errorFromText(502, 'Bad Gateway')),
      'The server could not be reached.',
    );
    assert.equal(describeError(errorFromText(507, '')), 'There is not enough space on the server.');
  });

  it('keeps the code’s words first, and an unknown status’s own text', () => {
    assert.equal(
      describeError(errorFromText(409, '{"code":"fs.exists","message":"x"}')),
      'An item with this name already exists.',
    );
    assert.equal(
      describeError(new ApiError(418, 'http.418', 'short and stout')),
      'short and stout',
    );
    assert.equal(
      describeError(new ApiError(0, 'network', 'failed')),
      'The server could not be reached.',
    );
  });
});
