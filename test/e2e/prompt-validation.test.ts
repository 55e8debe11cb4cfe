// Prompts check their own fields (docs/UI.md, Input): no browser's validation bubble, but the app's
// words under the field, in the user's language, so a prompt looks the same in every browser.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Locator, Request } from 'playwright-core';
import { afterFrames, assertNoErrors, setPreferences, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { createUser, writeTree } from '../helpers/fixtures';
import { adminPassword } from '../helpers/server';

const sizes = [
  { viewport: { width: 1366, height: 800 }, colorScheme: 'light' },
  { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
] as const;

/** Whether `message` is drawn under `field` with no other field in between (a button may wrap there). */
async function isRightUnder(field: Locator, message: Locator): Promise<boolean> {
  const input = await field.elementHandle();
  return message.evaluate((note, above) => {
    const bottom = above?.getBoundingClientRect().bottom ?? Infinity;
    const top = note.getBoundingClientRect().top;
    const between = [...document.querySelectorAll('input, select, textarea')].filter((other) => {
      const box = other.getBoundingClientRect();
      return box.height > 0 && box.top >= bottom && box.bottom <= top;
    });
    return top >= bottom && between.length === 0;
  }, input);
}

/** Whether the page checks its form itself: a prompt's form never lets the browser do it. */
function checksItself(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((form) => form instanceof HTMLFormElement && form.noValidate);
}

describe('prompt validation', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({ setup: (root) => writeTree(root, { 'docs/notes.txt': 'notes\n' }) });
  });
  after(() => ui.close());

  /** What the page sends besides reading. */
  function recordWrites(tab: UiPage): string[] {
    const sent: string[] = [];
    tab.page.on('request', (request: Request) => {
      if (request.method() !== 'GET')
        sent.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    return sent;
  }

  for (const { viewport, colorScheme } of sizes)
    it(`the share dialog says under the field what the time and the limit must be (${viewport.width}, ${colorScheme})`, async () => {
      const tab = await ui.newPage({ viewport, colorScheme });
      await tab.open('/files/docs/');
      await tab.page.getByRole('option', { name: 'notes.txt' }).click();
      await tab.page.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = tab.page.getByRole('dialog', { name: 'Share' });
      await dialog.getByText('No links yet.').waitFor();
      assert.equal(await checksItself(dialog), true);
      const sent = recordWrites(tab);

      const time = dialog.getByPlaceholder('Time');
      await time.fill('0');
      await time.press('Enter');
      // The check runs in the submit handler, so its message is drawn within two frames.
      await afterFrames(tab.page);
      const timeMessage = dialog.getByRole('alert');
      assert.equal(
        await timeMessage.innerText(),
        'The expiry time must be a whole number of 1 or more.',
      );
      assert.ok(await isRightUnder(time, timeMessage), 'the message is under the time');
      assert.equal(await time.getAttribute('aria-invalid'), 'true');
      await tab.shot(`prompt-validation-share-${viewport.width}-${colorScheme}`);

      await time.fill('2');
      const limit = dialog.getByLabel('Download limit (optional)');
      await limit.fill('-1');
      await time.press('Enter');
      await afterFrames(tab.page);
      const limitMessage = dialog.getByRole('alert');
      assert.equal(
        await limitMessage.innerText(),
        'The limit must be a whole number of 0 or more.',
      );
      assert.ok(await isRightUnder(limit, limitMessage), 'the message is under the limit');
      assert.deepEqual(sent, [], 'nothing is sent');
      assertNoErrors(tab);
      await tab.close();
    });

  it('says a file request’s upload limit must be a size, which may have decimals', async () => {
    const tab = await ui.newPage();
    await tab.open('/files/');
    await tab.page.getByRole('option', { name: 'docs' }).click();
    await tab.page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = tab.page.getByRole('dialog', { name: 'Share' });
    await dialog.getByRole('radio', { name: 'File request' }).check();
    const sent = recordWrites(tab);
    const limit = dialog.getByLabel('Upload limit in all (optional)');
    await limit.fill('-1');
    await dialog.getByRole('button', { name: 'Get permanent link' }).click();
    await afterFrames(tab.page);
    const message = dialog.getByRole('alert');
    assert.equal(await message.innerText(), 'The size must be a number of 0 or more, such as 1.5.');
    assert.deepEqual(sent, [], 'nothing is sent');
    // A decimal size is taken: 1.5 MB.
    await limit.fill('1.5');
    await dialog.getByRole('button', { name: 'Get permanent link' }).click();
    await dialog.getByRole('list', { name: 'Share links' }).getByRole('listitem').waitFor();
    assert.equal(await dialog.getByRole('alert').count(), 0);
    assertNoErrors(tab);
    await tab.close();
  });

  it('says it in the user’s language', async () => {
    const token = await ui.server.adminToken();
    await setPreferences(ui.server, token, 1, { locale: 'de' });
    const tab = await ui.newPage();
    try {
      await tab.open('/files/docs/');
      await tab.page.locator('.item[data-path="/docs/notes.txt"]').click();
      await tab.page.getByRole('button', { name: 'Teilen', exact: true }).click();
      const dialog = tab.page.getByRole('dialog');
      const time = dialog.getByPlaceholder('Dauer');
      await time.fill('0');
      await time.press('Enter');
      await afterFrames(tab.page);
      assert.equal(
        await dialog.getByRole('alert').innerText(),
        'Die Ablaufzeit muss eine ganze Zahl ab 1 sein.',
      );
      assertNoErrors(tab);
    } finally {
      await setPreferences(ui.server, token, 1, { locale: 'en' });
      await tab.close();
    }
  });

  it('the delete-user prompt asks for the current password under its field and sends nothing without it', async () => {
    const id = await createUser(ui.server, { username: 'frank' });
    const tab = await ui.newPage();
    await tab.open(`/settings/users/${id}`);
    await tab.page.locator('form.user-card').getByRole('button', { name: 'Delete' }).click();
    const dialog = tab.page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this user?').waitFor();
    assert.equal(await checksItself(dialog), true);
    const sent = recordWrites(tab);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await afterFrames(tab.page);
    const password = dialog.getByLabel('Your current password');
    const message = dialog.getByRole('alert');
    assert.equal(await message.innerText(), 'Enter your current password to confirm this change.');
    assert.ok(await isRightUnder(password, message), 'the message is under the field');
    assert.equal(await password.getAttribute('aria-invalid'), 'true');
    assert.deepEqual(sent, [], 'nothing is sent');
    await tab.shot('prompt-validation-delete-user');

    await password.fill(adminPassword);
    assert.equal(await message.count(), 0, 'typing clears the message');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await tab.page.getByRole('status').getByText('User deleted!').waitFor();
    assertNoErrors(tab);
    await tab.close();
  });

  it('the link editor says what is wrong under the field it is about', async () => {
    const made = await ui.server.request('POST', '/api/share/docs/notes.txt', {
      token: await ui.server.adminToken(),
      body: { kind: 'download' },
    });
    assert.equal(made.status, 200, made.text);
    const tab = await ui.newPage();
    await tab.open('/settings/shares');
    await tab.page.getByRole('button', { name: 'Edit the link to /docs/notes.txt' }).click();
    const edit = tab.page.getByRole('dialog', { name: 'Edit link' });
    assert.equal(await checksItself(edit), true);
    const sent = recordWrites(tab);

    await edit.getByRole('radio', { name: 'New expiry from now' }).check();
    const time = edit.getByPlaceholder('Time');
    await time.fill('0');
    await edit.getByRole('button', { name: 'Save' }).click();
    await afterFrames(tab.page);
    const message = edit.getByRole('alert');
    assert.equal(await message.innerText(), 'The expiry time must be a whole number of 1 or more.');
    assert.ok(await isRightUnder(time, message), 'under the time');
    assert.equal(await time.getAttribute('aria-invalid'), 'true');

    await time.fill('3');
    const limit = edit.getByLabel('Download limit (optional)');
    await limit.fill('1.5');
    await edit.getByRole('button', { name: 'Save' }).click();
    await afterFrames(tab.page);
    assert.equal(await message.innerText(), 'The limit must be a whole number of 0 or more.');
    assert.ok(await isRightUnder(limit, message), 'under the limit');
    assert.deepEqual(sent, [], 'nothing is sent');
    await tab.shot('prompt-validation-share-edit');
    assertNoErrors(tab);
    await tab.close();
  });
});
