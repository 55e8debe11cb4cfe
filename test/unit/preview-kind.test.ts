// What the preview service reads without decoding: image formats by content, a JPEG's EXIF facts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readJpegFacts } from '../../src/previews/jpeg-exif';
import { headBytes, previewKindOf, sniffImageFormat } from '../../src/previews/preview-kind';
import { bombPng, fixtureImage, withExif } from '../helpers/images';

describe('image formats by their first bytes', () => {
  const cases: [string, string | undefined][] = [
    ['photo.jpg', 'jpeg'],
    ['green.png', 'png'],
    ['frames.gif', 'gif'],
    ['green.webp', 'webp'],
    ['green.avif', 'avif'],
    ['green.heic', 'heic'],
    ['green.tiff', 'tiff'],
    ['green.bmp', 'bmp'],
    ['make-images.sh', undefined],
  ];
  for (const [name, format] of cases)
    it(`${name} is ${format ?? 'no image'}`, () =>
      assert.equal(sniffImageFormat(fixtureImage(name).subarray(0, headBytes)), format));

  it('goes by content for images, by name for SVG and video', () => {
    const png = fixtureImage('green.png').subarray(0, headBytes);
    assert.deepEqual(previewKindOf('renamed.txt', png), { kind: 'image', format: 'png' });
    assert.deepEqual(previewKindOf('a.svg', Buffer.from('<svg')), { kind: 'svg' });
    assert.deepEqual(previewKindOf('clip.MP4', Buffer.alloc(16)), { kind: 'video' });
    assert.deepEqual(previewKindOf('clip.webm', Buffer.alloc(16)), { kind: 'video' });
    assert.deepEqual(previewKindOf('notes.txt', Buffer.from('hello')), { kind: 'none' });
    assert.deepEqual(previewKindOf('fake.jpg', Buffer.from('not a jpeg')), { kind: 'none' });
  });
});

describe("a JPEG's EXIF facts", () => {
  const photo = fixtureImage('photo.jpg');
  const thumbnail = fixtureImage('red-thumb.jpg');

  it('reads the size from the frame header, and orientation 1 without EXIF', () => {
    const facts = readJpegFacts(photo);
    assert.deepEqual(facts && { ...facts }, {
      width: 640,
      height: 480,
      orientation: 1,
      thumbnail: undefined,
    });
  });

  it('reads the orientation and the embedded thumbnail with its size', () => {
    const facts = readJpegFacts(withExif(photo, { orientation: 6, thumbnail }));
    assert.equal(facts?.orientation, 6);
    assert.equal(facts?.width, 640);
    assert.equal(facts?.thumbnail?.width, 320);
    assert.equal(facts?.thumbnail?.height, 240);
    assert.ok(facts?.thumbnail && Buffer.from(facts.thumbnail.bytes).equals(thumbnail));
  });

  it('ignores orientations out of range, and survives lying lengths and offsets', () => {
    assert.equal(readJpegFacts(withExif(photo, { orientation: 42 }))?.orientation, 1);
    const exif = withExif(photo, { orientation: 3, thumbnail });
    // The thumbnail's length now runs past the EXIF block: no thumbnail, the rest still read.
    const broken = Buffer.from(exif);
    const lengthAt = broken.indexOf(Buffer.from([0x02, 0x02, 0, 4, 0, 0, 0, 1])) + 8;
    broken.writeUInt32BE(0x7fffffff, lengthAt);
    assert.equal(readJpegFacts(broken)?.thumbnail, undefined);
    assert.equal(readJpegFacts(broken)?.orientation, 3);
    for (let cut = 0; cut < 200; cut += 7) readJpegFacts(exif.subarray(0, cut));
    assert.equal(readJpegFacts(bombPng(10, 10)), undefined);
  });
});
