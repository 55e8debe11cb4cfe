// User management: the users table, creating, editing (admin locks the permission boxes), deleting
// with the confirmation prompt, editing yourself, and server refusals shown to the admin.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { appPath, assertNoErrors, startUi } from '../helpers/browser';
import type { Locator } from 'playwright-core';
import type { UiHarness, UiPage } from '../helpers/browser';
import { adminPassword } from '../helpers/server';

interface StoredUser {
  id: number;
  username: string;
  scope: string;
  locale: string;
  lockPassword: boolean;
  perm: Record<string, boolean>;
  commands: string[];
  rules: { allow: boolean; path: string; regex: boolean }[];
}

const bob = { username: 'bob', password: 'bob-password-for-tests-1' };

describe('user management', () => {
  let ui: UiHarness;

  async function users(): Promise<StoredUser[]> {
    const token = await ui.server.adminToken();
    return (await ui.server.request('GET', '/api/users', { token })).json<StoredUser[]>();
  }

  async function createUser(data: Record<string, unknown>): Promise<number> {
    const token = await ui.server.adminToken();
    const response = await ui.server.request('POST', '/api/users', {
      token,
      body: { what: 'user', which: [], data, current_password: adminPassword },
    });
    assert.equal(response.status, 201, response.text);
    return response.json<{ id: number }>().id;
  }

  const userForm = (tab: UiPage) => tab.page.locator('form.user-card');
  /** Account changes are confirmed with the acting user's own password. */
  const confirmWith = (scope: Locator, password = adminPassword) =>
    scope.getByLabel('Your current password').fill(password);

  before(async () => {
    ui = await startUi({
      setup: async (root) => (await import('node:fs')).mkdirSync(`${root}/team`),
    });
    await createUser({ ...bob, scope: '/team' });
  });
  after(() => ui.close());

  it('lists the users with an admin tick, their scope and an edit link', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/users');
    const table = tab.page.getByRole('table');
    await table.getByRole('cell', { name: 'bob', exact: true }).waitFor();
    const rows = table.locator('tbody tr');
    assert.equal(await rows.count(), 2);
    const adminRow = rows.filter({ hasText: 'admin' });
    assert.equal(await adminRow.getByRole('cell').nth(1).textContent(), 'Yes');
    const bobRow = rows.filter({ hasText: 'bob' });
    assert.equal(await bobRow.getByRole('cell').nth(1).textContent(), 'No');
    assert.equal(await bobRow.getByRole('cell').nth(2).textContent(), '/team');
    await bobRow.getByRole('link', { name: 'Edit bob' }).click();
    await tab.page.waitForURL(/\/settings\/users\/\d+$/);
    assert.equal(await userForm(tab).getByLabel('Username').inputValue(), 'bob');
    assertNoErrors(tab);
    await tab.close();
  });

  it('creates a user who appears in the table and can log in', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/users');
    await tab.page.getByRole('link', { name: 'New' }).click();
    await tab.page.waitForURL(/\/settings\/users\/new$/);
    const form = userForm(tab);
    assert.equal(
      await form.getByLabel('Password', { exact: true }).getAttribute('placeholder'),
      null,
    );
    await form.getByLabel('Username').fill('dora');
    await form.getByLabel('Password', { exact: true }).fill('dora-password-for-tests-1');
    await form.getByLabel('Scope').fill('/team');
    await form.getByLabel('Share files').uncheck();
    await form.getByLabel('Commands', { exact: true }).fill('git  ls');
    await form.getByRole('button', { name: 'Add rule' }).click();
    await form.getByLabel('Rule 1: allow or deny').selectOption('deny');
    await form.getByLabel('Rule 1', { exact: true }).fill('/private');
    await confirmWith(form);
    await tab.shot('user-new-light');
    await form.getByRole('button', { name: 'Save' }).click();
    await tab.page.getByRole('status').getByText('User created!').waitFor();
    await tab.page.waitForURL(/\/settings\/users\/\d+$/);

    const dora = (await users()).find((user) => user.username === 'dora');
    assert.ok(dora);
    assert.equal(appPath(tab.page, ui.server), `/settings/users/${dora.id}`);
    assert.equal(dora.scope, '/team');
    assert.equal(dora.perm.share, false);
    assert.equal(dora.perm.admin, false);
    assert.deepEqual(dora.commands, ['git', 'ls']);
    assert.deepEqual(
      dora.rules.map(({ allow, path }) => ({ allow, path })),
      [{ allow: false, path: '/private' }],
    );
    await ui.server.login('dora', 'dora-password-for-tests-1');

    await tab.page.getByRole('link', { name: 'User Management' }).click();
    await tab.page.getByRole('table').getByRole('cell', { name: 'dora', exact: true }).waitFor();
    assertNoErrors(tab);
    await tab.close();
  });

  it('says under the field that the current password is needed, and sends nothing without it', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/users/new');
    const form = userForm(tab);
    await form.getByLabel('Username').fill('erin');
    await form.getByLabel('Password', { exact: true }).fill('erin-password-for-tests-1');
    const sent: string[] = [];
    tab.page.on('request', (request) => {
      if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
    });
    await form.getByRole('button', { name: 'Save' }).click();
    const message = form.getByText('Enter your current password to confirm this change.');
    await message.waitFor();
    const current = form.getByLabel('Your current password');
    assert.equal(await current.getAttribute('aria-invalid'), 'true');
    assert.deepEqual(sent, [], 'nothing is sent');
    await current.fill('x');
    assert.equal(await message.count(), 0, 'typing clears the message');
    await tab.close();
  });

  it('locks the other permissions and the password lock while admin is ticked, and keeps a blank password', async () => {
    const id = await createUser({
      username: 'erin',
      password: 'erin-password-for-tests-1',
      lockPassword: true,
    });
    const tab = await ui.newPage();
    await tab.open(`/settings/users/${id}`);
    const form = userForm(tab);
    const password = form.getByLabel('Password', { exact: true });
    assert.equal(await password.getAttribute('placeholder'), '(leave blank to avoid changes)');
    const lock = form.getByLabel('Prevent the user from changing the password');
    assert.equal(await lock.isChecked(), true);
    await form.getByLabel('Delete files and directories').uncheck();

    await form.getByLabel('Administrator').check();
    for (const name of [
      'Create files and directories',
      'Delete files and directories',
      'Download',
      'Edit files',
      'Execute commands',
      'Rename or move files and directories',
      'Share files',
    ]) {
      const box = form.getByLabel(name);
      assert.equal(await box.isChecked(), true, name);
      assert.equal(await box.isDisabled(), true, name);
    }
    assert.equal(await lock.isChecked(), false);
    assert.equal(await lock.isDisabled(), true);
    // The disabled box says why, and is described by that note.
    const note = form.getByText('Administrators can always change their own password.');
    await note.waitFor();
    assert.equal(
      await lock.getAttribute('aria-describedby'),
      await note.getAttribute('id'),
      'the note describes the box',
    );
    await tab.shot('user-admin-locked-light');

    await form.getByLabel('Administrator').uncheck();
    assert.equal(await form.getByLabel('Delete files and directories').isDisabled(), false);
    await form.getByLabel('Delete files and directories').uncheck();
    await form.getByLabel('Language').selectOption('fr');
    await confirmWith(form);
    await form.getByRole('button', { name: 'Save' }).click();
    await tab.page.getByRole('status').getByText('User updated!').waitFor();

    const erin = (await users()).find((user) => user.id === id);
    assert.equal(erin?.perm.admin, false);
    assert.equal(erin?.perm.delete, false);
    assert.equal(erin?.perm.create, true);
    assert.equal(erin?.lockPassword, false);
    assert.equal(erin?.locale, 'fr');
    await ui.server.login('erin', 'erin-password-for-tests-1');
    assertNoErrors(tab);
    await tab.close();
  });

  it('deletes a user after the confirmation prompt', async () => {
    const id = await createUser({ username: 'frank', password: 'frank-password-for-tests-1' });
    const tab = await ui.newPage();
    await tab.open(`/settings/users/${id}`);
    await userForm(tab).getByRole('button', { name: 'Delete' }).click();
    const dialog = tab.page.getByRole('dialog');
    await dialog.getByText('Are you sure you want to delete this user?').waitFor();
    await tab.shot('user-delete-prompt-light');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.ok((await users()).some((user) => user.id === id));

    await userForm(tab).getByRole('button', { name: 'Delete' }).click();
    await confirmWith(tab.page.getByRole('dialog'));
    await tab.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await tab.page.getByRole('status').getByText('User deleted!').waitFor();
    await tab.page.waitForURL(/\/settings\/users$/);
    await tab.page.getByRole('table').getByRole('cell', { name: 'bob', exact: true }).waitFor();
    assert.equal(await tab.page.getByRole('cell', { name: 'frank', exact: true }).count(), 0);
    assert.equal(
      (await users()).some((user) => user.id === id),
      false,
    );
    assertNoErrors(tab);
    await tab.close();
  });

  it('goes to the new-user form when the user cannot be fetched', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/users/987654');
    await tab.page.waitForURL(/\/settings\/users\/new$/);
    assert.equal(await userForm(tab).getByLabel('Username').inputValue(), '');
    await tab.close();
  });

  it("shows the server's refusals: a taken name, a too short password", async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/users/new');
    const form = userForm(tab);
    await form.getByLabel('Username').fill('bob');
    await form.getByLabel('Password', { exact: true }).fill('another-password-for-bob-1');
    await confirmWith(form, 'not-the-admin-password');
    await form.getByRole('button', { name: 'Save' }).click();
    await tab.page.getByRole('alert').getByText('The current password is wrong.').waitFor();
    await confirmWith(form);
    await form.getByRole('button', { name: 'Save' }).click();
    await tab.page.getByRole('alert').getByText('Username already taken').waitFor();
    await form.getByLabel('Username').fill('gina');
    await form.getByLabel('Password', { exact: true }).fill('short');
    await form.getByRole('button', { name: 'Save' }).click();
    await tab.page
      .getByRole('alert')
      .getByText(/too short/i)
      .waitFor();
    assert.equal(appPath(tab.page, ui.server), '/settings/users/new');
    await tab.close();
  });

  it('offers no Delete for the only administrator, and says why', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/users/1');
    const note = userForm(tab).getByText(
      'The only administrator cannot be deleted. Make another user an administrator first.',
    );
    await note.waitFor();
    assert.equal(await userForm(tab).getByRole('button', { name: 'Delete' }).count(), 0);
    // Nor may the only administrator be demoted: the box is locked, and its note says why.
    const adminBox = userForm(tab).getByRole('checkbox', { name: 'Administrator' });
    assert.equal(await adminBox.isDisabled(), true);
    assert.equal(
      await adminBox
        .getAttribute('aria-describedby')
        .then(async (id) => (id ? tab.page.locator(`[id="${id}"]`).textContent() : null)),
      'The last admin cannot be deleted or demoted.',
    );
    await tab.shot('user-last-admin-light');
    // The server refuses it all the same.
    const refused = await ui.server.request('DELETE', '/api/users/1', {
      token: await ui.server.adminToken(),
      body: { current_password: adminPassword },
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.json<{ code: string }>().code, 'users.lastAdmin');

    // With a second administrator, either may go.
    const helen = await createUser({
      username: 'helen',
      password: 'helen-password-for-tests-1',
      perm: { admin: true },
    });
    await tab.open('/settings/users/1');
    await userForm(tab).getByRole('button', { name: 'Delete' }).waitFor();
    assert.equal(await note.count(), 0);
    assert.equal(await adminBox.isDisabled(), false);
    assert.equal(await adminBox.getAttribute('aria-describedby'), null);
    await tab.open(`/settings/users/${helen}`);
    await userForm(tab).getByRole('button', { name: 'Delete' }).click();
    await confirmWith(tab.page.getByRole('dialog'));
    await tab.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await tab.page.waitForURL(/\/settings\/users$/);
    assert.ok((await users()).every((user) => user.id !== helen));
    assertNoErrors(tab);
    await tab.close();
  });

  it('updates the stored current user when admins edit themselves', async () => {
    const id = await createUser({
      username: 'helen',
      password: 'helen-password-for-tests-1',
      perm: { admin: true },
    });
    const tab = await ui.newPage({
      as: { username: 'helen', password: 'helen-password-for-tests-1' },
    });
    await tab.open(`/settings/users/${id}`);
    const form = userForm(tab);
    await form.getByLabel('Username').fill('helena');
    await form.getByLabel('Password', { exact: true }).fill('helena-new-password-2');
    await confirmWith(form, 'helen-password-for-tests-1');
    await form.getByRole('button', { name: 'Save' }).click();
    await tab.page.getByRole('status').getByText('User updated!').waitFor();
    // The fresh token carries the new name, and the session goes on with it.
    const claims = await tab.page.evaluate(() => {
      const token = localStorage.getItem('jwt') ?? '';
      return JSON.parse(atob(token.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? '')) as {
        user: { username: string };
      };
    });
    assert.equal(claims.user.username, 'helena');
    await tab.open('/settings/users');
    await tab.page.getByRole('table').getByRole('cell', { name: 'helena', exact: true }).waitFor();
    await ui.server.login('helena', 'helena-new-password-2');

    // Giving up admin on yourself leaves the admin screens.
    await tab.open(`/settings/users/${id}`);
    await userForm(tab).getByLabel('Administrator').uncheck();
    await confirmWith(userForm(tab), 'helena-new-password-2');
    await userForm(tab).getByRole('button', { name: 'Save' }).click();
    await tab.page.waitForURL(/\/settings\/profile$/);
    // Other users' navigation has their own pages (profile, shares), never the admin ones.
    const nav = tab.page.getByRole('navigation', { name: 'Settings' });
    assert.equal(await nav.getByRole('link', { name: 'Global Settings' }).count(), 0);
    assert.equal(await nav.getByRole('link', { name: 'User Management' }).count(), 0);
    assertNoErrors(tab);
    await tab.close();
  });

  it('leads back from a user to the users list, on a desktop and a phone', async () => {
    const bobId = (await users()).find((user) => user.username === 'bob')?.id;
    for (const [size, viewport] of [
      ['desktop', { width: 1366, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const tab = await ui.newPage({ viewport });
      await tab.open(`/settings/users/${bobId}`);
      await userForm(tab).getByLabel('Username').waitFor();
      await userForm(tab).getByLabel('Administrator').check();
      await tab.shot(`user-back-${size}`);
      await tab.page.getByRole('link', { name: 'Back to users' }).click();
      await tab.page.waitForURL(/\/settings\/users$/);
      await tab.page.getByRole('table').getByRole('cell', { name: 'bob', exact: true }).waitFor();
      assertNoErrors(tab);
      await tab.close();
    }
  });

  it('looks right in light and dark, wide and narrow', async () => {
    const bobId = (await users()).find((user) => user.username === 'bob')?.id;
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [size, viewport] of [
        ['wide', { width: 1280, height: 1000 }],
        ['narrow', { width: 390, height: 844 }],
      ] as const) {
        const tab = await ui.newPage({ colorScheme, viewport });
        await tab.open('/settings/users');
        await tab.page.getByRole('table').getByRole('cell', { name: 'bob', exact: true }).waitFor();
        await tab.shot(`users-${size}-${colorScheme}`);
        await tab.open(`/settings/users/${bobId}`);
        await userForm(tab).getByLabel('Username').waitFor();
        await tab.shot(`user-edit-${size}-${colorScheme}`);
        assertNoErrors(tab);
        await tab.close();
      }
    }
  });
});
