// Thumbnails and previews through real HTTP: formats, sizes, EXIF, the cache, errors, access, SVG, video, shares.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createUser, userPassword } from '../helpers/fixtures';
import { bombPng, describeImage, fixtureImage, withExif } from '../helpers/images';
import { makePng } from '../helpers/png';
import { removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';

const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
const noFfmpeg = hasFfmpeg ? false : 'ffmpeg is not installed (apt-get install ffmpeg)';
const formats = ['green.png', 'green.webp', 'green.avif', 'green.heic', 'green.tiff'];

/** A 640×360 clip of ffmpeg's test pattern, three seconds long. */
function makeClip(file: string): void {
  const made = spawnSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360:rate=25',
    '-t',
    '3',
    '-pix_fmt',
    'yuv420p',
    '-y',
    file,
  ]);
  assert.equal(made.status, 0, made.stderr?.toString());
}

function writeAliceFiles(root: string): void {
  const alice = path.join(root, 'alice');
  const photo = fixtureImage('photo.jpg');
  const redThumb = fixtureImage('red-thumb.jpg');
  const files: Record<string, Buffer> = {
    'photo.jpg': photo,
    'rotated.jpg': withExif(photo, { orientation: 6 }),
    'camera.jpg': withExif(photo, { orientation: 1, thumbnail: redThumb }),
    'camera-rotated.jpg': withExif(photo, { orientation: 6, thumbnail: redThumb }),
    'frames.gif': fixtureImage('frames.gif'),
    'disc.png': fixtureImage('disc.png'),
    'green.bmp': fixtureImage('green.bmp'),
    'wide.png': makePng(2000, 1000),
    'tiny.png': makePng(40, 20),
    'bomb.png': bombPng(20_000, 20_000),
    'broken.jpg': Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]),
    'renamed.txt': fixtureImage('green.png'),
    'notes.txt': Buffer.from('just text'),
    'drawing.svg': Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><script>alert(1)</script><rect width="20" height="10" fill="red"/></svg>',
    ),
    'private/secret.jpg': photo,
    'pics/pic.jpg': withExif(photo, { orientation: 1, thumbnail: redThumb }),
  };
  for (const name of formats) files[name] = fixtureImage(name);
  for (const [name, bytes] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(alice, name)), { recursive: true });
    fs.writeFileSync(path.join(alice, name), bytes);
  }
  fs.mkdirSync(path.join(root, 'bob'));
  fs.writeFileSync(path.join(root, 'bob', 'bob.jpg'), photo);
  fs.symlinkSync('../bob/bob.jpg', path.join(alice, 'escape.jpg'));
  if (hasFfmpeg) {
    makeClip(path.join(alice, 'clip.mp4'));
    makeClip(path.join(root, 'bob', 'outside.mp4'));
    // An HLS playlist dressed as a video, naming a file the gate never let alice read.
    fs.writeFileSync(
      path.join(alice, 'playlist.mp4'),
      `#EXTM3U\n#EXT-X-TARGETDURATION:3\n#EXTINF:3,\n${path.join(root, 'bob', 'outside.mp4')}\n#EXT-X-ENDLIST\n`,
    );
  }
}

async function assertImage(
  response: TestResponse,
  expected: { width: number; height: number; centre?: string; type?: string },
  label: string,
): Promise<void> {
  assert.equal(response.status, 200, `${label}: ${response.text.slice(0, 200)}`);
  assert.equal(response.headers['content-type'], expected.type ?? 'image/jpeg', label);
  const facts = await describeImage(response.body);
  assert.deepEqual(
    { width: facts.width, height: facts.height },
    { width: expected.width, height: expected.height },
    label,
  );
  if (expected.centre) assert.equal(facts.centre, expected.centre, label);
}

describe('previews', () => {
  let server: TestServer;
  let alice: string;
  let dave: string;
  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    server.request('GET', url, { token, headers });

  before(async () => {
    server = await startServer({ setup: writeAliceFiles });
    await createUser(server, {
      username: 'alice',
      perm: { download: true, share: true },
      rules: [{ allow: false, path: '/private' }],
    });
    await createUser(server, { username: 'dave', scope: '/alice', perm: { download: false } });
    alice = await server.login('alice', userPassword);
    dave = await server.login('dave', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('draws a thumbnail of every image format, fitted in 256 px, never enlarged', async () => {
    for (const name of formats)
      await assertImage(
        await get(`/api/preview/thumb/${name}`, alice),
        { width: 256, height: 192, centre: 'green' },
        name,
      );
    await assertImage(
      await get('/api/preview/thumb/green.bmp', alice),
      { width: 128, height: 96, centre: 'green' },
      'bmp',
    );
    // A GIF's first frame (red, then blue); a PNG found by its content whatever its name.
    await assertImage(
      await get('/api/preview/thumb/frames.gif', alice),
      { width: 256, height: 192, centre: 'red' },
      'gif',
    );
    await assertImage(
      await get('/api/preview/thumb/renamed.txt', alice),
      { width: 256, height: 192, centre: 'green' },
      'renamed',
    );
    await assertImage(
      await get('/api/preview/thumb/tiny.png', alice),
      { width: 40, height: 20 },
      'tiny',
    );
  });

  it('keeps transparency in a PNG', async () => {
    const response = await get('/api/preview/thumb/disc.png', alice);
    await assertImage(response, { width: 256, height: 171, type: 'image/png' }, 'disc');
    assert.equal((await describeImage(response.body)).cornerAlpha, 0);
  });

  it('fits big previews in 1080 px, never enlarged; a GIF keeps its animation', async () => {
    await assertImage(
      await get('/api/preview/big/wide.png', alice),
      { width: 1080, height: 540 },
      'wide',
    );
    await assertImage(
      await get('/api/preview/thumb/wide.png', alice),
      { width: 256, height: 128 },
      'wide',
    );
    await assertImage(
      await get('/api/preview/big/photo.jpg', alice),
      { width: 640, height: 480, centre: 'blue' },
      'photo',
    );
    const gif = await get('/api/preview/big/frames.gif', alice);
    assert.equal(gif.status, 200);
    assert.ok(gif.body.equals(fixtureImage('frames.gif')));
  });

  it('turns a photo as its EXIF orientation says', async () => {
    await assertImage(
      await get('/api/preview/thumb/rotated.jpg', alice),
      { width: 192, height: 256, centre: 'blue' },
      'thumb',
    );
    await assertImage(
      await get('/api/preview/big/rotated.jpg', alice),
      { width: 480, height: 640 },
      'big',
    );
  });

  it("draws from the camera's EXIF thumbnail when it is big enough, turned like the photo", async () => {
    // The embedded thumbnail is red, the photo blue: the colour says which one was decoded.
    await assertImage(
      await get('/api/preview/thumb/camera.jpg', alice),
      { width: 256, height: 192, centre: 'red' },
      'thumb',
    );
    await assertImage(
      await get('/api/preview/thumb/camera-rotated.jpg', alice),
      { width: 192, height: 256, centre: 'red' },
      'rotated',
    );
    // 320 px is too small for a 1080 px box: the photo itself is decoded.
    await assertImage(
      await get('/api/preview/big/camera.jpg', alice),
      { width: 640, height: 480, centre: 'blue' },
      'big',
    );
  });

  it('keeps previews on disk, answers If-None-Match with 304, and a changed file gets a new one', async () => {
    const url = '/api/preview/thumb/green.webp';
    const first = await get(url, alice);
    const etag = String(first.headers.etag);
    assert.match(etag, /^"[\w-]+"$/);
    assert.equal(first.headers['cache-control'], 'private, no-cache');
    assert.equal(first.headers['x-content-type-options'], 'nosniff');
    const again = await get(url, alice);
    assert.equal(again.headers.etag, etag);
    assert.ok(again.body.equals(first.body));
    const cached = fs.readdirSync(path.join(server.dir, 'db', 'drawer.json.cache', 'previews'));
    assert.ok(cached.length > 0 && cached.every((name) => /^[0-9a-f]{64}$/.test(name)));
    const notModified = await get(url, alice, { 'If-None-Match': etag });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.body.length, 0);

    // With File Browser's key (the modification time) the URL names one version: kept a month.
    const file = path.join(server.root, 'alice', 'green.webp');
    const key = Math.floor(fs.statSync(file).mtimeMs);
    const versioned = await get(`${url}?inline=true&key=${key}`, alice);
    assert.equal(versioned.headers['cache-control'], 'private, max-age=2592000, immutable');

    fs.writeFileSync(file, fixtureImage('green.png'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const changed = await get(url, alice, { 'If-None-Match': etag });
    assert.equal(changed.status, 200);
    assert.notEqual(changed.headers.etag, etag);
  });

  it('answers files it cannot preview with a JSON error', async () => {
    const cases: [string, number, string][] = [
      ['/api/preview/thumb/notes.txt', 415, 'preview.unsupported'],
      ['/api/preview/thumb/pics', 415, 'preview.unsupported'],
      ['/api/preview/thumb/bomb.png', 415, 'preview.tooLarge'],
      ['/api/preview/big/bomb.png', 415, 'preview.tooLarge'],
      ['/api/preview/thumb/broken.jpg', 415, 'preview.undecodable'],
      ['/api/preview/thumb/missing.jpg', 404, 'fs.notFound'],
      ['/api/preview/small/photo.jpg', 404, 'route.notFound'],
    ];
    for (const [url, status, code] of cases) {
      const response = await get(url, alice);
      assert.equal(response.status, status, `${url}: ${response.text}`);
      assert.equal(response.json<{ code: string }>().code, code, url);
    }
    // The server is still well after refusing the bomb.
    assert.equal((await get('/api/preview/thumb/green.png', alice)).status, 200);
  });

  it('needs what a download needs, and answers as downloads do', async () => {
    assert.equal((await get('/api/preview/thumb/photo.jpg')).status, 401);
    const noDownload = await get('/api/preview/thumb/photo.jpg', dave);
    assert.equal(noDownload.status, 403);
    for (const name of [
      'private/secret.jpg',
      'escape.jpg',
      '../bob/bob.jpg',
      '%2e%2e/bob/bob.jpg',
    ]) {
      const preview = await get(`/api/preview/thumb/${name}`, alice);
      const download = await get(`/api/raw/${name}`, alice);
      assert.equal(preview.status, download.status, name);
      assert.ok([403, 404].includes(preview.status), `${name}: ${preview.status}`);
    }
    // Bob's photo is not reachable by any spelling: ".." stops at alice's scope.
    assert.equal((await get('/api/preview/thumb/../bob/bob.jpg', alice)).status, 404);
  });

  it("takes a link's credentials as downloads do: a ticket for the file or a folder above it, ?auth=, the cookie", async () => {
    const ticketFor = async (target: string) =>
      (
        await server.request('POST', '/api/tickets', { token: alice, body: { path: target } })
      ).json<{ ticket: string }>().ticket;
    const fileTicket = await ticketFor('/pics/pic.jpg');
    assert.equal((await get(`/api/preview/thumb/pics/pic.jpg?ticket=${fileTicket}`)).status, 200);
    assert.equal((await get(`/api/preview/thumb/photo.jpg?ticket=${fileTicket}`)).status, 403);
    const folderTicket = await ticketFor('/pics');
    assert.equal((await get(`/api/preview/big/pics/pic.jpg?ticket=${folderTicket}`)).status, 200);
    assert.equal((await get(`/api/preview/thumb/photo.jpg?auth=${alice}`)).status, 200);
    const cookie = await get('/api/preview/thumb/photo.jpg', undefined, {
      Cookie: `auth=${alice}`,
    });
    assert.equal(cookie.status, 200);
  });

  it('sends an SVG as itself, sandboxed: as a thumbnail and as an inline download', async () => {
    for (const url of ['/api/preview/thumb/drawing.svg', '/api/raw/drawing.svg?inline=true']) {
      const response = await get(url, alice);
      assert.equal(response.status, 200, url);
      assert.match(String(response.headers['content-type']), /^image\/svg\+xml/, url);
      const policy = String(response.headers['content-security-policy']);
      for (const part of ['sandbox', "default-src 'none'", "style-src 'unsafe-inline'"])
        assert.ok(policy.includes(part), `${url}: ${policy}`);
      assert.ok(!policy.includes('script-src'), policy);
      assert.equal(response.headers['x-content-type-options'], 'nosniff', url);
    }
  });

  it('draws a poster frame of a video with ffmpeg', { skip: noFfmpeg }, async () => {
    await assertImage(
      await get('/api/preview/thumb/clip.mp4', alice),
      { width: 256, height: 144 },
      'thumb',
    );
    await assertImage(
      await get('/api/preview/big/clip.mp4', alice),
      { width: 640, height: 360 },
      'big',
    );
  });

  it(
    'never lets ffmpeg follow a playlist to a file the gate did not open',
    { skip: noFfmpeg },
    async () => {
      const response = await get('/api/preview/thumb/playlist.mp4', alice);
      assert.equal(response.status, 415, response.text);
      assert.equal(response.json<{ code: string }>().code, 'preview.undecodable');
    },
  );

  it("shows a share's visitors thumbnails of what is shared, and nothing beside it", async () => {
    const share = async (target: string) =>
      (await server.request('POST', `/api/share${target}`, { token: alice })).json<{
        hash: string;
      }>().hash;
    const folder = await share('/pics');
    await assertImage(
      await get(`/api/public/preview/thumb/${folder}/pic.jpg`),
      { width: 256, height: 192, centre: 'red' },
      'folder share',
    );
    await assertImage(
      await get(`/api/public/preview/big/${folder}/pic.jpg`),
      { width: 640, height: 480, centre: 'blue' },
      'folder share big',
    );
    for (const sub of [
      '../photo.jpg',
      '%2e%2e/photo.jpg',
      '..%2fphoto.jpg',
      '../private/secret.jpg',
    ])
      assert.equal((await get(`/api/public/preview/thumb/${folder}/${sub}`)).status, 404, sub);
    const file = await share('/camera.jpg');
    await assertImage(
      await get(`/api/public/preview/thumb/${file}`),
      { width: 256, height: 192, centre: 'red' },
      'file share',
    );
    assert.equal((await get(`/api/public/preview/thumb/${file}/photo.jpg`)).status, 404);
    assert.equal((await get('/api/public/preview/thumb/nosuchhash/pic.jpg')).status, 404);
  });
});

describe('previews turned off, and without ffmpeg', () => {
  let server: TestServer;
  let token: string;

  before(async () => {
    server = await startServer({
      args: ['--disable-thumbnails', '--disable-preview-resize', '--ffmpeg', '/nonexistent/ffmpeg'],
      setup: (root) => {
        fs.writeFileSync(path.join(root, 'photo.jpg'), fixtureImage('photo.jpg'));
        fs.writeFileSync(path.join(root, 'clip.mp4'), Buffer.alloc(64));
      },
    });
    token = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('sends the original image for both sizes, as File Browser does, and says so in the page', async () => {
    for (const size of ['thumb', 'big']) {
      const response = await server.request('GET', `/api/preview/${size}/photo.jpg`, { token });
      assert.equal(response.status, 200, size);
      assert.ok(response.body.equals(fixtureImage('photo.jpg')), size);
    }
    const page = await server.request('GET', '/');
    assert.match(page.text, /"EnableThumbs":false/);
    assert.match(page.text, /"ResizePreview":false/);
  });

  it('draws no video poster', async () => {
    const response = await server.request('GET', '/api/preview/thumb/clip.mp4', { token });
    assert.equal(response.status, 415);
    assert.equal(response.json<{ code: string }>().code, 'preview.unsupported');
  });
});

describe('the preview cache folder', () => {
  let server: TestServer;
  let token: string;

  before(async () => {
    server = await startServer({
      // The database in the served folder, so its cache folder lies there too.
      args: [
        '--database',
        'root/drawer.json',
        '--cache-size',
        '24K',
        '--ffmpeg',
        '/nonexistent/ffmpeg',
      ],
      setup: (root) => {
        for (let copy = 0; copy < 12; copy += 1)
          fs.writeFileSync(path.join(root, `photo-${copy}.png`), makePng(300 + copy, 200));
      },
    });
    token = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('is hidden from every listing and path, like the database', async () => {
    const cacheFolder = path.join(server.root, 'drawer.json.cache');
    assert.ok(fs.existsSync(cacheFolder));
    const listing = await server.request('GET', '/api/resources/', { token });
    assert.equal(listing.status, 200);
    assert.ok(!listing.text.includes('drawer.json.cache'), listing.text);
    for (const url of [
      '/api/resources/drawer.json.cache',
      '/api/resources/drawer.json.cache/previews',
      '/api/raw/drawer.json.cache/previews',
    ]) {
      const response = await server.request('GET', url, { token });
      assert.equal(response.status, 404, `${url}: ${response.text.slice(0, 300)}`);
    }
  });

  it('stays within --cache-size', async () => {
    for (let copy = 0; copy < 12; copy += 1) {
      const response = await server.request('GET', `/api/preview/thumb/photo-${copy}.png`, {
        token,
      });
      assert.equal(response.status, 200);
    }
    const folder = path.join(server.root, 'drawer.json.cache', 'previews');
    const bytes = fs
      .readdirSync(folder)
      .reduce((sum, name) => sum + fs.statSync(path.join(folder, name)).size, 0);
    assert.ok(bytes > 0 && bytes <= 24 * 1024, `${bytes} bytes kept`);
  });
});
