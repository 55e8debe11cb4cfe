// The preview's pure rules: zoom limits, wheel steps, the double-click cycle, and previous/next.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResourceItem } from '../../ui/api/resources';
import { neighboursOf } from '../../ui/routes/files/preview-neighbours';
import { swipeDirection } from '../../ui/routes/files/preview-swipe';
import {
  clampScale,
  nextCycleScale,
  transformOf,
  wheelScale,
  zoomTo,
} from '../../ui/routes/files/preview-zoom';

function item(name: string, type: ResourceItem['type'], isDir = false): ResourceItem {
  return { name, type, isDir, path: `/f/${name}`, size: 1, modified: '', extension: '' };
}

describe('image zoom', () => {
  it('keeps the scale between 0.25 and 4', () => {
    assert.equal(clampScale(0.1), 0.25);
    assert.equal(clampScale(9), 4);
    assert.equal(clampScale(1.5), 1.5);
  });

  it('steps 0.25 per wheel notch, up zooming in, and stops at the limits', () => {
    assert.equal(wheelScale(1, -120), 1.25);
    assert.equal(wheelScale(1, 3), 0.75);
    assert.equal(wheelScale(4, -1), 4);
    assert.equal(wheelScale(0.25, 1), 0.25);
    assert.equal(wheelScale(2, 0), 2);
  });

  it('cycles 1, 2, 4 and back to 1 on double-click, from any scale', () => {
    assert.deepEqual([1, 2, 4].map(nextCycleScale), [2, 4, 1]);
    assert.equal(nextCycleScale(0.5), 1);
    assert.equal(nextCycleScale(1.25), 2);
    assert.equal(nextCycleScale(3), 4);
  });

  it('recentres at scale 1 or less and scales the pan offset otherwise', () => {
    assert.deepEqual(zoomTo({ scale: 2, x: 40, y: -20 }, 1), { scale: 1, x: 0, y: 0 });
    assert.deepEqual(zoomTo({ scale: 2, x: 40, y: -20 }, 4), { scale: 4, x: 80, y: -40 });
    assert.equal(transformOf({ scale: 2, x: 3, y: 4 }), 'translate(3px, 4px) scale(2)');
  });
});

describe('preview neighbours', () => {
  const items = [
    item('docs', '', true),
    item('a.png', 'image'),
    item('b.txt', 'text'),
    item('c.mp4', 'video'),
    item('d.pdf', 'pdf'),
    item('e.bin', 'blob'),
    item('f.mp3', 'audio'),
  ];

  it('steps to the nearest image, video, audio or blob, skipping folders, text and PDFs', () => {
    const middle = neighboursOf(items, 'c.mp4');
    assert.equal(middle.previous?.name, 'a.png');
    assert.equal(middle.next?.name, 'e.bin');
    assert.deepEqual(middle.position, { index: 2, total: 4 });
  });

  it('has no previous at the start and no next at the end', () => {
    assert.equal(neighboursOf(items, 'a.png').previous, undefined);
    assert.equal(neighboursOf(items, 'f.mp3').next, undefined);
  });

  it('gives neighbours but no position to a file that is not stepped through', () => {
    const pdf = neighboursOf(items, 'd.pdf');
    assert.equal(pdf.previous?.name, 'c.mp4');
    assert.equal(pdf.next?.name, 'e.bin');
    assert.equal(pdf.position, undefined);
  });

  it('knows nothing of a file missing from the folder', () => {
    assert.deepEqual(neighboursOf(items, 'gone.png'), {});
    assert.deepEqual(neighboursOf(items, 'docs'), {});
  });
});

describe('swiping between files', () => {
  it('steps on a mostly sideways stroke of 50 px or more: left is next, right is previous', () => {
    assert.equal(swipeDirection(-80, 10), 'left');
    assert.equal(swipeDirection(120, -30), 'right');
    assert.equal(swipeDirection(-49, 0), undefined, 'too short');
    assert.equal(swipeDirection(-80, 60), undefined, 'too steep: a scroll, not a swipe');
    assert.equal(swipeDirection(0, 0), undefined);
  });
});
