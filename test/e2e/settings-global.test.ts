// Global settings: the three cards save their own fields (signup, rules, shell, branding; user
// defaults; the command runner), and server validation errors reach the admin.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';

interface SettingsBody {
  signup: boolean;
  createUserDir: boolean;
  shell: string[];
  rules: { allow: boolean; path: string; regex: boolean; regexp: { raw: string } | null }[];
  branding: { name: string; disableExternal: boolean; files: string };
  defaults: { scope: string; perm: Record<string, boolean>; commands: string[]; locale: string };
  commands: Record<string, string[]>;
}

describe('global settings', () => {
  let ui: UiHarness;

  async function settings(): Promise<SettingsBody> {
    const token = await ui.server.adminToken();
    return (await ui.server.request('GET', '/api/settings', { token })).json<SettingsBody>();
  }

  const card = (tab: UiPage, name: string) => tab.page.getByRole('form', { name });

  before(async () => {
    ui = await startUi();
  });
  after(() => ui.close());

  it('shows the three cards filled from the server', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/global');
    for (const name of ['Global Settings', 'User default settings', 'Command runner'])
      await card(tab, name).waitFor();
    const global = card(tab, 'Global Settings');
    assert.equal(await global.getByLabel('Allow users to signup').isChecked(), false);
    assert.equal(
      await global.getByPlaceholder('bash -c, cmd /c, ...').getAttribute('placeholder'),
      'bash -c, cmd /c, ...',
    );
    assert.equal(await tab.page.title(), 'Global Settings - Drawer');
    assertNoErrors(tab);
    await tab.close();
  });

  it('saves signup, home folders, rules, the shell prefix and branding; the login page then offers signup', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/global');
    const global = card(tab, 'Global Settings');
    await global.getByLabel('Allow users to signup').check();
    await global.getByLabel('Auto create user home dir while adding new user').check();
    await global.getByRole('button', { name: 'Add rule' }).click();
    await global.getByLabel('Rule 1: allow or deny').selectOption('deny');
    await global.getByLabel('Rule 1', { exact: true }).fill('/secret');
    await global.getByRole('button', { name: 'Add rule' }).click();
    await global.getByLabel('Rule 2: path or regular expression').selectOption('regex');
    await global.getByLabel('Rule 2', { exact: true }).fill('\\.env$');
    await global.getByPlaceholder('bash -c, cmd /c, ...').fill('  bash   -c ');
    await global.getByLabel('Disable external links (except documentation)').check();
    await global.getByLabel('Instance name').fill('Team files');
    await global.getByLabel('Branding directory path').fill('/srv/branding');
    await global.getByRole('button', { name: 'Save global settings' }).click();
    await tab.page.getByRole('status').getByText('Settings updated!').waitFor();

    const saved = await settings();
    assert.equal(saved.signup, true);
    assert.equal(saved.createUserDir, true);
    assert.deepEqual(saved.shell, ['bash', '-c']);
    assert.deepEqual(
      saved.rules.map(({ allow, path, regex, regexp }) => ({
        allow,
        regex,
        text: regex ? regexp?.raw : path,
      })),
      [
        { allow: false, regex: false, text: '/secret' },
        { allow: true, regex: true, text: '\\.env$' },
      ],
    );
    assert.deepEqual(saved.branding, {
      ...saved.branding,
      name: 'Team files',
      disableExternal: true,
      files: '/srv/branding',
    });

    const visitor = await ui.newPage({ as: null });
    await visitor.open('/login');
    await visitor.page.getByRole('button', { name: "Don't have an account?" }).waitFor();
    await visitor.close();

    // Turning it off again hides the toggle; the reload shows the saved values.
    await tab.page.reload();
    await tab.page.waitForSelector('#loading', { state: 'detached' });
    assert.equal(await global.getByPlaceholder('bash -c, cmd /c, ...').inputValue(), 'bash -c');
    assert.equal(await global.getByLabel('Rule 1', { exact: true }).inputValue(), '/secret');
    await global.getByLabel('Allow users to signup').uncheck();
    await global.getByRole('button', { name: 'Remove rule 2' }).click();
    await global.getByRole('button', { name: 'Save global settings' }).click();
    await tab.page.getByRole('status').getByText('Settings updated!').waitFor();
    const after = await settings();
    assert.equal(after.signup, false);
    assert.equal(after.rules.length, 1);
    const again = await ui.newPage({ as: null });
    await again.open('/login');
    await again.page.getByLabel('Username').waitFor();
    assert.equal(
      await again.page.getByRole('button', { name: "Don't have an account?" }).count(),
      0,
    );
    await again.close();
    assertNoErrors(tab);
    await tab.close();
  });

  it('saves the command runner: one command per line, trimmed, empty lines dropped', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/global');
    const runner = card(tab, 'Command runner');
    await runner.getByText('Before save').click();
    await runner.getByLabel('Before save').fill('  echo one  \n\n   \necho two\n');
    await runner.getByText('After delete').click();
    await runner.getByLabel('After delete').fill('logger deleted $FILE &');
    await runner.getByRole('button', { name: 'Save commands' }).click();
    await tab.page.getByRole('status').getByText('Commands updated!').waitFor();
    const saved = await settings();
    assert.deepEqual(saved.commands.before_save, ['echo one', 'echo two']);
    assert.deepEqual(saved.commands.after_delete, ['logger deleted $FILE &']);
    assert.deepEqual(saved.commands.after_save, []);
    assert.equal(saved.signup, false, 'the command runner does not send the other cards');

    // Events with commands start unfolded after a reload, with their count.
    await tab.page.reload();
    await tab.page.waitForSelector('#loading', { state: 'detached' });
    assert.equal(await runner.getByLabel('Before save').inputValue(), 'echo one\necho two');
    await runner.getByText('2 commands').waitFor();
    assert.equal(await runner.getByLabel('After save').isVisible(), false);
    await tab.shot('global-commands-light');
    assertNoErrors(tab);
    await tab.close();
  });

  it('saves the user defaults that new users start from', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/global');
    const defaults = card(tab, 'User default settings');
    assert.equal(await defaults.getByLabel('Administrator').count(), 0, 'no admin by default');
    assert.equal(await defaults.getByLabel('Username').count(), 0);
    // File Browser's default scope '.' shows as users' scopes do.
    assert.equal(await defaults.getByLabel('Scope').inputValue(), '/');
    await defaults.getByLabel('Delete files and directories').uncheck();
    await defaults.getByLabel('Commands', { exact: true }).fill('git  ls ');
    await defaults.getByLabel('Language').selectOption('de');
    await defaults.getByRole('button', { name: 'Save user defaults' }).click();
    await tab.page.getByRole('status').getByText('Settings updated!').waitFor();
    const saved = await settings();
    assert.equal(saved.defaults.perm.delete, false);
    assert.equal(saved.defaults.perm.create, true);
    assert.deepEqual(saved.defaults.commands, ['git', 'ls']);
    assert.equal(saved.defaults.locale, 'de');

    await tab.open('/settings/users/new');
    await tab.page.getByLabel('Username').waitFor();
    assert.equal(await tab.page.getByLabel('Delete files and directories').isChecked(), false);
    assert.equal(await tab.page.getByLabel('Commands', { exact: true }).inputValue(), 'git ls');
    assert.equal(await tab.page.getByLabel('Language').inputValue(), 'de');
    assertNoErrors(tab);
    await tab.close();
  });

  it('shows the server naming a field it refuses', async () => {
    const tab = await ui.newPage();
    await tab.open('/settings/global');
    const global = card(tab, 'Global Settings');
    await global.getByRole('button', { name: 'Add rule' }).click();
    const last = await global.locator('.rule-row').count();
    await global.getByLabel(`Rule ${last}: path or regular expression`).selectOption('regex');
    await global.getByLabel(`Rule ${last}`, { exact: true }).fill('(unclosed');
    await global.getByRole('button', { name: 'Save global settings' }).click();
    const alert = tab.page.getByRole('alert');
    await alert.getByText(/rules\[\d+\].*\(unclosed/).waitFor();
    await tab.shot('global-error-light');
    assert.equal(
      (await settings()).rules.some((rule) => rule.regexp?.raw === '(unclosed'),
      false,
    );
    await tab.close();
  });

  it('looks right in light and dark, wide and narrow', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [size, viewport] of [
        ['wide', { width: 1280, height: 1100 }],
        ['narrow', { width: 390, height: 844 }],
      ] as const) {
        const tab = await ui.newPage({ colorScheme, viewport });
        await tab.open('/settings/global');
        await card(tab, 'Command runner').waitFor();
        await tab.shot(`global-${size}-${colorScheme}`);
        if (size === 'wide') {
          await tab.page.setViewportSize({ width: 1280, height: 2000 });
          await tab.shot(`global-${size}-${colorScheme}-full`);
        }
        assertNoErrors(tab);
        await tab.close();
      }
    }
  });
});
