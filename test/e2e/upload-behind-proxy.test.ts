// Drawer's UI behind a proxy that refuses request bodies over 100 MB: a 110 MiB file still
// arrives, in tus chunks, byte for byte.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness } from '../helpers/browser';
import { hasNginx, startCappedProxy } from '../helpers/capped-proxy';
import type { CappedProxy } from '../helpers/capped-proxy';

const mib = 1024 * 1024;

describe(
  'uploading through a proxy that caps bodies at 100 MB',
  { skip: !hasNginx && 'nginx is not installed' },
  () => {
    let ui: UiHarness;
    let proxy: CappedProxy;
    let source: string;
    before(async () => {
      ui = await startUi();
      proxy = await startCappedProxy(ui.server.dir, ui.server.url);
      source = path.join(ui.server.dir, 'big.bin');
      const handle = fs.openSync(source, 'w');
      for (let index = 0; index < 110; index += 1) fs.writeSync(handle, crypto.randomBytes(mib));
      fs.closeSync(handle);
    });
    after(async () => {
      proxy?.stop();
      await ui.close();
    });

    it('sends a 110 MiB file from the upload button and it lands whole', async () => {
      const tab = await ui.newPage();
      await tab.page.goto(`${proxy.url}/files/`);
      await tab.page.waitForSelector('#loading', { state: 'detached' });
      await tab.page.setInputFiles('#upload-input', source);
      await tab.page
        .getByRole('status')
        .filter({ hasText: '1 file uploaded' })
        .waitFor({ timeout: 120_000 });
      const digest = (file: string) =>
        crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      const landed = path.join(ui.server.root, 'big.bin');
      assert.equal(fs.statSync(landed).size, 110 * mib);
      assert.equal(digest(landed), digest(source));
      assertNoErrors(tab);
      await tab.close();
    });
  },
);
