// The shell panel: toggled from the files header with exec enabled and the execute permission; runs
// commands in the current folder, streams output, history with ↑/↓, 'clear' and 'exit'.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { adminPassword } from '../helpers/server';

const sheller = { username: 'sheller', password: 'sheller-password-for-tests-1' };
const plain = { username: 'plain', password: 'plain-password-for-tests-1' };
const idle = { username: 'idle', password: 'idle-password-for-tests-1' };

async function createUser(ui: UiHarness, data: Record<string, unknown>): Promise<void> {
  const response = await ui.server.request('POST', '/api/users', {
    token: await ui.server.adminToken(),
    body: { what: 'user', which: [], data, current_password: adminPassword },
  });
  assert.equal(response.status, 201, response.text);
}

const seedFolders = (root: string) => {
  fs.mkdirSync(`${root}/docs`);
  fs.writeFileSync(`${root}/docs/notes.txt`, 'hello\n');
};

describe('shell panel with exec enabled', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({ args: ['--enable-exec'], setup: seedFolders });
    // A shell cannot be on a user's list; the admin's shell prefix is how a line gets one.
    const token = await ui.server.adminToken();
    const settings = (await ui.server.request('GET', '/api/settings', { token })).json<object>();
    const withShell = await ui.server.request('PUT', '/api/settings', {
      token,
      body: { ...settings, shell: ['sh', '-c'] },
    });
    assert.equal(withShell.status, 200, withShell.text);
    await createUser(ui, {
      ...sheller,
      commands: ['echo', 'pwd'],
      perm: { execute: true, create: true, download: true, share: true },
    });
    await createUser(ui, { ...plain, commands: ['echo'], perm: { execute: false } });
    await createUser(ui, { ...idle, commands: [], perm: { execute: true } });
  });
  after(() => ui.close());

  const panel = (tab: UiPage) => tab.page.getByRole('region', { name: 'Shell' });
  const output = (tab: UiPage) => tab.page.getByRole('log', { name: 'Shell output' });
  const input = (tab: UiPage) => tab.page.getByRole('textbox', { name: 'Command', exact: true });

  /** The output of the latest command, all its lines. */
  async function waitForOutput(tab: UiPage, text: string): Promise<void> {
    await tab.page.waitForFunction(
      (expected) =>
        document.querySelector('.shell-entry:last-child .shell-lines')?.textContent === expected,
      text,
    );
  }

  async function run(tab: UiPage, command: string): Promise<void> {
    await input(tab).fill(command);
    await input(tab).press('Enter');
  }

  it('runs commands, streams their output, browses history, clears and exits', async () => {
    const tab = await ui.newPage({ as: sheller });
    await tab.open('/files/');
    await tab.page.getByRole('button', { name: 'Toggle shell' }).click();
    await panel(tab).waitFor();
    await tab.page.waitForFunction(
      () => document.activeElement?.getAttribute('aria-label') === 'Command',
    );

    await run(tab, 'echo hello');
    await output(tab).getByText('hello', { exact: true }).waitFor();
    await output(tab).getByText('echo hello').waitFor();
    // Input comes back once the command is done.
    await tab.page.waitForFunction(
      () => !document.querySelector<HTMLInputElement>('.shell-input')?.disabled,
    );

    // While a command runs the input is disabled; its lines arrive as they are printed.
    await run(tab, 'echo first; sleep 1; echo second');
    await waitForOutput(tab, 'first');
    assert.equal(await input(tab).isDisabled(), true);
    await waitForOutput(tab, 'first\nsecond');
    await tab.page.waitForFunction(
      () => !document.querySelector<HTMLInputElement>('.shell-input')?.disabled,
    );

    await input(tab).press('ArrowUp');
    assert.equal(await input(tab).inputValue(), 'echo first; sleep 1; echo second');
    await input(tab).press('ArrowUp');
    assert.equal(await input(tab).inputValue(), 'echo hello');
    await input(tab).press('ArrowDown');
    await input(tab).press('ArrowDown');
    assert.equal(await input(tab).inputValue(), '');
    await input(tab).press('ArrowUp');
    await input(tab).press('ArrowUp');
    await input(tab).press('Enter');
    await tab.page.waitForFunction(() => document.querySelectorAll('.shell-entry').length === 3);

    // A command outside the user's list is refused by the server, in words.
    await run(tab, 'ls /');
    await output(tab).getByText('Command not allowed.').waitFor();
    // ...with the commands this user may run, and who grants more.
    await output(tab)
      .getByText(
        'You may run: echo and pwd. An administrator can allow more commands for you in Settings › User Management.',
      )
      .waitFor();
    await tab.shot('shell-light');

    // The output keeps its end in view.
    await tab.page.waitForFunction(() => {
      const box = document.querySelector('.shell-output');
      return box !== null && Math.abs(box.scrollHeight - box.clientHeight - box.scrollTop) < 2;
    });

    await run(tab, 'clear');
    await tab.page.waitForFunction(() => document.querySelectorAll('.shell-entry').length === 0);
    assert.equal(await output(tab).getByText('hello', { exact: true }).count(), 0);

    await run(tab, 'exit');
    await panel(tab).waitFor({ state: 'detached' });
    assertNoErrors(tab);
    await tab.close();
  });

  it('runs in the folder the files screen shows, and the toggle closes the panel again', async () => {
    const tab = await ui.newPage({ as: sheller, colorScheme: 'dark' });
    await tab.open('/files/docs/');
    const toggle = tab.page.getByRole('button', { name: 'Toggle shell' });
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    await run(tab, 'pwd');
    await output(tab)
      .getByText(/\/docs$/)
      .waitFor();
    await tab.shot('shell-dark');
    await toggle.click();
    await panel(tab).waitFor({ state: 'detached' });
    assertNoErrors(tab);
    await tab.close();
  });

  it('says when a command fails', async () => {
    const tab = await ui.newPage({ as: sheller });
    await tab.open('/files/');
    await tab.page.getByRole('button', { name: 'Toggle shell' }).click();
    await run(tab, 'echo oops >&2; exit 3');
    await waitForOutput(tab, 'oops');
    await output(tab)
      .getByText(/The command failed \(exit status 3\)/)
      .waitFor();
    assertNoErrors(tab);
    await tab.close();
  });

  it('says so when a user may run no command at all', async () => {
    const tab = await ui.newPage({ as: idle });
    await tab.open('/files/');
    await tab.page.getByRole('button', { name: 'Toggle shell' }).click();
    await run(tab, 'echo hi');
    await output(tab).getByText('Command not allowed.').waitFor();
    await output(tab)
      .getByText(
        'You may not run any commands yet. An administrator can allow some for you in Settings › User Management.',
      )
      .waitFor();
    assertNoErrors(tab);
    await tab.close();
  });

  it('offers no shell to a user without the execute permission', async () => {
    const tab = await ui.newPage({ as: plain });
    await tab.open('/files/');
    await tab.page.getByRole('button', { name: 'Info' }).first().waitFor();
    assert.equal(await tab.page.getByRole('button', { name: 'Toggle shell' }).count(), 0);
    await tab.close();
  });

  it('puts the toggle in the more menu on a narrow screen', async () => {
    const tab = await ui.newPage({ as: sheller, viewport: { width: 390, height: 844 } });
    await tab.open('/files/');
    await tab.page.getByRole('button', { name: 'More' }).click();
    await tab.page.locator('.more-menu').getByRole('button', { name: 'Toggle shell' }).click();
    await panel(tab).waitFor();
    await run(tab, 'echo narrow');
    await output(tab).getByText('narrow', { exact: true }).waitFor();
    await tab.shot('shell-narrow-light');
    assertNoErrors(tab);
    await tab.close();
  });
});

describe('shell panel with exec disabled', () => {
  let ui: UiHarness;
  before(async () => {
    ui = await startUi({ setup: seedFolders });
    await createUser(ui, { ...sheller, commands: ['echo'], perm: { execute: true } });
  });
  after(() => ui.close());

  it('has no shell toggle, even for a user with the execute permission', async () => {
    const tab = await ui.newPage({ as: sheller });
    await tab.open('/files/');
    await tab.page.getByRole('button', { name: 'Info' }).first().waitFor();
    assert.equal(await tab.page.getByRole('button', { name: 'Toggle shell' }).count(), 0);
    assert.equal(await tab.page.getByRole('region', { name: 'Shell' }).count(), 0);
    assertNoErrors(tab);
    await tab.close();
  });
});
