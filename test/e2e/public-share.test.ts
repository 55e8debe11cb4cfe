// The public share page: an anonymous visitor sees the item, a QR code and a working download link.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { writeTree } from '../helpers/fixtures';
import { makePng } from '../helpers/png';

async function share(ui: UiHarness, path: string): Promise<string> {
  const response = await ui.server.request('POST', `/api/share${path}`, {
    token: await ui.server.adminToken(),
  });
  assert.equal(response.status, 200, response.text);
  return response.json<{ hash: string }>().hash;
}

/** Fetches a link of the page from inside it, as the anonymous visitor. */
async function fetchFromPage(tab: UiPage, href: string) {
  return tab.page.evaluate(async (url) => {
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      disposition: response.headers.get('content-disposition') ?? '',
      size: bytes.length,
      head: Array.from(bytes.slice(0, 4)),
      text: new TextDecoder().decode(bytes.slice(0, 200)),
    };
  }, href);
}

describe('public share page', () => {
  let ui: UiHarness;
  let fileHash: string;
  let folderHash: string;
  before(async () => {
    ui = await startUi({
      setup: (root) =>
        writeTree(root, {
          'report final.txt': 'the quarterly report\n',
          'photos/beach.png': makePng(40, 30),
          'photos/notes.txt': 'holiday notes\n',
          'photos/2024/summer.png': makePng(20, 20),
          'photos/empty/': '',
          'media/paper.pdf': '%PDF-1.4\n%%EOF\n',
          'media/song.mp3': Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]),
          'media/clip.mp4': Buffer.from([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 1, 2, 3]),
          'media/readme.md': '# Read me\n\n<img src=x onerror="alert(1)">Some *notes*.\n',
        }),
    });
    fileHash = await share(ui, '/report%20final.txt');
    folderHash = await share(ui, '/photos');
  });
  after(() => ui.close());

  for (const colorScheme of ['light', 'dark'] as const)
    it(`shows a shared file to an anonymous visitor with a QR code and its download (${colorScheme})`, async () => {
      const tab = await ui.newPage({ as: null, colorScheme });
      await tab.open(`/share/${fileHash}`);
      await tab.page.getByRole('heading', { name: 'report final.txt' }).waitFor();
      const download = tab.page.getByRole('link', { name: 'Download File' });
      const href = String(await download.getAttribute('href'));
      assert.equal(href, `/api/public/dl/${fileHash}/report%20final.txt`);
      const qr = tab.page.getByRole('img', { name: 'QR code of the download link' });
      await qr.waitFor();
      assert.match(String(await qr.getAttribute('src')), /^data:image\/png;base64,/);
      assert.equal(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth), 200);
      assert.equal(await tab.page.title(), 'report final.txt - Drawer');
      // The recipient reads it in the page too.
      assert.equal(
        await tab.page.getByLabel('Contents of report final.txt').textContent(),
        'the quarterly report\n',
      );
      const body = await fetchFromPage(tab, href);
      assert.equal(body.status, 200);
      assert.equal(body.text, 'the quarterly report\n');
      assert.match(body.disposition, /^attachment/);
      await tab.shot(`public-share-file-${colorScheme}`);
      assertNoErrors(tab);
      await tab.close();
    });

  for (const colorScheme of ['light', 'dark'] as const)
    it(`shows a shared folder: its items, sub-folders and per-file downloads (${colorScheme})`, async () => {
      const tab = await ui.newPage({ as: null, colorScheme });
      await tab.open(`/share/${folderHash}`);
      await tab.page.getByRole('heading', { name: 'photos' }).waitFor();
      const download = tab.page.getByRole('link', { name: 'Download Folder' });
      const archive = await fetchFromPage(tab, String(await download.getAttribute('href')));
      assert.equal(archive.status, 200);
      assert.deepEqual(archive.head, [0x50, 0x4b, 0x03, 0x04], 'a zip archive');
      assert.match(archive.disposition, /photos\.zip/);
      await tab.page.getByRole('img', { name: 'QR code of the download link' }).waitFor();

      const contents = tab.page.getByRole('list', { name: 'Contents' });
      const names = await contents.locator('.share-entry-name').allTextContents();
      assert.deepEqual(names, ['2024', 'empty', 'beach.png', 'notes.txt']);
      const notes = await fetchFromPage(
        tab,
        String(
          await tab.page.getByRole('link', { name: 'Download notes.txt' }).getAttribute('href'),
        ),
      );
      assert.equal(notes.text, 'holiday notes\n');
      await tab.shot(`public-share-folder-${colorScheme}`);

      await contents.getByRole('link', { name: '2024' }).click();
      await tab.page.waitForURL(new RegExp(`/share/${folderHash}/2024$`));
      await tab.page
        .getByRole('navigation', { name: 'Location' })
        .getByRole('link', { name: '2024' })
        .waitFor();
      const inner = await tab.page
        .getByRole('list', { name: 'Contents' })
        .locator('.share-entry-name')
        .allTextContents();
      assert.deepEqual(inner, ['summer.png']);
      await tab.shot(`public-share-subfolder-${colorScheme}`);
      const summer = await fetchFromPage(
        tab,
        String(
          await tab.page.getByRole('link', { name: 'Download summer.png' }).getAttribute('href'),
        ),
      );
      assert.deepEqual(summer.head, [0x89, 0x50, 0x4e, 0x47], 'the PNG itself');
      await tab.page.getByRole('link', { name: 'Shared folder' }).click();
      await tab.page.waitForURL(new RegExp(`/share/${folderHash}$`));
      await tab.page.getByRole('link', { name: 'Download Folder' }).waitFor();
      assertNoErrors(tab);
      await tab.close();
    });

  it('shows shared PDF, audio, video and Markdown files inline', async () => {
    const hash = await share(ui, '/media');
    const tab = await ui.newPage({ as: null });
    const open = async (name: string) => {
      await tab.open(`/share/${hash}`);
      await tab.page
        .getByRole('list', { name: 'Contents' })
        .getByRole('link', { name, exact: true })
        .click();
      await tab.page.getByRole('heading', { name }).waitFor();
      return tab.page.getByRole('region', { name: 'Preview' });
    };
    const inline = new RegExp(`^/api/public/dl/${hash}/[^?]+\\?inline=true$`);
    const pdf = (await open('paper.pdf')).locator('iframe[title="PDF paper.pdf"]');
    assert.match(String(await pdf.getAttribute('src')), inline);
    const audio = (await open('song.mp3')).getByLabel('Audio song.mp3');
    assert.match(String(await audio.getAttribute('src')), inline);
    const video = (await open('clip.mp4')).getByLabel('Video clip.mp4');
    assert.match(String(await video.getAttribute('src')), inline);
    const markdown = (await open('readme.md')).getByRole('article', {
      name: 'Contents of readme.md',
    });
    await markdown.getByRole('heading', { name: 'Read me' }).waitFor();
    assert.equal(await markdown.locator('[onerror]').count(), 0);
    await tab.shot('public-share-markdown');
    await tab.close();
  });

  it('shows an empty shared sub-folder as empty', async () => {
    const tab = await ui.newPage({ as: null });
    await tab.open(`/share/${folderHash}/empty`);
    await tab.page.getByText('This folder is empty.').waitFor();
    await tab.close();
  });

  it('marks an unknown hash as not found and shows nothing else', async () => {
    const tab = await ui.newPage({ as: null });
    await tab.open('/share/NoSuchShareHash0000000000');
    await tab.page
      .getByRole('alert')
      .getByText('This share does not exist or has expired.')
      .waitFor();
    assert.equal(await tab.page.getByRole('link', { name: /Download/ }).count(), 0);
    assert.equal(await tab.page.getByRole('img', { name: /QR code/ }).count(), 0);
    assert.equal(await tab.page.getByRole('heading').count(), 0);
    await tab.shot('public-share-not-found');
    await tab.close();
  });

  it('stops working once the link is deleted', async () => {
    const hash = await share(ui, '/photos/notes.txt');
    const response = await ui.server.request('DELETE', `/api/share/${hash}`, {
      token: await ui.server.adminToken(),
    });
    assert.equal(response.status, 200);
    const tab = await ui.newPage({ as: null });
    await tab.open(`/share/${hash}`);
    await tab.page.getByText('This share does not exist or has expired.').waitFor();
    await tab.close();
  });

  it('opens for a logged-in user too, without the app frame', async () => {
    const tab = await ui.newPage();
    await tab.open(`/share/${fileHash}`);
    await tab.page.getByRole('link', { name: 'Download File' }).waitFor();
    assert.equal(await tab.page.locator('.header').count(), 0);
    assertNoErrors(tab);
    await tab.close();
  });

  it('stacks the card on a phone', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const tab = await ui.newPage({
        as: null,
        colorScheme,
        viewport: { width: 375, height: 740 },
      });
      await tab.open(`/share/${folderHash}`);
      const download = tab.page.getByRole('link', { name: 'Download Folder' });
      await download.waitFor();
      const box = await download.boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 375, 'the download button fits');
      await tab.page.getByRole('img', { name: 'QR code of the download link' }).waitFor();
      await tab.shot(`public-share-mobile-${colorScheme}`);
      await tab.close();
    }
  });
});
