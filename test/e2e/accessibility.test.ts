// The WCAG 2.1 A and AA audit (docs/UI.md, Accessibility): axe-core finds no serious or critical
// violation on any screen, in the light and dark themes, on a desktop and on a phone.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type AxeCore from 'axe-core';
import type { Locator } from 'playwright-core';
import { assertNoErrors, startUi } from '../helpers/browser';
import type { UiHarness, UiPage } from '../helpers/browser';
import { writeTree } from '../helpers/fixtures';
import { makePng } from '../helpers/png';

const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const blockingImpacts = new Set(['serious', 'critical']);

interface Finding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Runs axe over the page as it stands. Its script is evaluated through the browser's debugging
 * protocol, once per document: a script tag would be refused by the app's Content-Security-Policy,
 * which stays on so the audit sees the page as served.
 */
async function audit(tab: UiPage): Promise<Finding[]> {
  if (!(await tab.page.evaluate(() => 'axe' in window))) await tab.page.evaluate(axeSource);
  return tab.page.evaluate(async (values) => {
    const results = await (window as unknown as { axe: typeof AxeCore }).axe.run(document, {
      runOnly: { type: 'tag', values },
      resultTypes: ['violations'],
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  }, wcagTags);
}

/** Audited once a dialog has faded in: half-drawn text is not what a person reads. */
async function settleAnimations(tab: UiPage): Promise<void> {
  await tab.page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

function describeFindings(findings: Finding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.impact} ${finding.id}: ${finding.help}\n    ${finding.targets.join('\n    ')}`,
    )
    .join('\n');
}

async function shareOf(ui: UiHarness, itemPath: string): Promise<string> {
  const response = await ui.server.request('POST', `/api/share${itemPath}`, {
    token: await ui.server.adminToken(),
  });
  assert.equal(response.status, 200, response.text);
  return response.json<{ hash: string }>().hash;
}

interface Screen {
  name: string;
  path: string;
  /** Who looks: the admin, or an anonymous visitor. */
  anonymous?: boolean;
  /** What shows once the screen is drawn. */
  ready: (tab: UiPage) => Locator;
  /** What a person does on the screen before it is audited. */
  act?: (tab: UiPage) => Promise<void>;
}

const sizes = {
  desktop: { width: 1366, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

describe('accessibility audit (axe-core, WCAG 2.1 A and AA)', () => {
  let ui: UiHarness;
  let shareHash = '';
  const screens: Screen[] = [
    {
      name: 'login',
      path: '/login',
      anonymous: true,
      ready: (tab) => tab.page.getByRole('button', { name: 'Login' }),
    },
    {
      name: 'listing',
      path: '/files/',
      ready: (tab) => tab.page.locator('.item[data-path="/notes.txt"]'),
    },
    {
      name: 'preview',
      path: '/files/photos/beach.png',
      ready: (tab) => tab.page.locator('.preview img'),
    },
    {
      name: 'rename prompt over a selection',
      path: '/files/',
      ready: (tab) => tab.page.locator('.item[data-path="/notes.txt"]'),
      act: async (tab) => {
        await tab.page.locator('.item[data-path="/notes.txt"]').click();
        await tab.page.keyboard.press('F2');
        await tab.page.getByRole('dialog').getByRole('textbox').waitFor();
        await settleAnimations(tab);
      },
    },
    {
      name: 'replace prompt listing a taken name',
      path: '/files/',
      ready: (tab) => tab.page.locator('.item[data-path="/notes.txt"]'),
      act: async (tab) => {
        await tab.page.setInputFiles('#upload-input', [
          { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('new notes\n') },
        ]);
        await tab.page.getByRole('list', { name: 'Names already in this folder' }).waitFor();
        await settleAnimations(tab);
      },
    },
    { name: 'editor', path: '/files/notes.txt', ready: (tab) => tab.page.locator('.cm-content') },
    {
      name: 'profile settings',
      path: '/settings/profile',
      ready: (tab) => tab.page.getByRole('heading', { name: 'Profile settings', level: 1 }),
    },
    {
      name: 'global settings',
      path: '/settings/global',
      ready: (tab) => tab.page.getByRole('heading', { name: 'Global settings', level: 1 }),
    },
    {
      name: 'users list',
      path: '/settings/users',
      ready: (tab) => tab.page.getByRole('cell', { name: 'admin' }).first(),
    },
    {
      name: 'user form',
      path: '/settings/users/1',
      ready: (tab) => tab.page.getByRole('textbox', { name: 'Username' }),
    },
    {
      name: 'public share',
      path: '',
      anonymous: true,
      ready: (tab) => tab.page.getByRole('heading', { name: 'photos' }),
    },
  ];

  before(async () => {
    ui = await startUi({
      setup: (root) =>
        writeTree(root, {
          'notes.txt': 'a few notes\n',
          'report.pdf': '%PDF-1.4\n%%EOF\n',
          'photos/beach.png': makePng(40, 30),
          'photos/notes.txt': 'holiday notes\n',
          'photos/2024/': '',
          'docs/': '',
        }),
    });
    shareHash = await shareOf(ui, '/photos');
  });
  after(() => ui.close());

  for (const colorScheme of ['light', 'dark'] as const)
    for (const [sizeName, viewport] of Object.entries(sizes))
      describe(`${colorScheme}, ${sizeName}`, () => {
        let admin: UiPage;
        let visitor: UiPage;
        before(async () => {
          admin = await ui.newPage({ colorScheme, viewport });
          visitor = await ui.newPage({ colorScheme, viewport, as: null });
        });
        after(async () => {
          assertNoErrors(admin);
          assertNoErrors(visitor);
          await admin.close();
          await visitor.close();
        });

        for (const screen of screens)
          it(`${screen.name} has no serious or critical violation`, async () => {
            const tab = screen.anonymous ? visitor : admin;
            await tab.open(screen.path || `/share/${shareHash}`);
            await screen.ready(tab).first().waitFor();
            await screen.act?.(tab);
            // Each screen says what it is in one level-one heading (docs/UI.md, Accessibility).
            assert.equal(await tab.page.getByRole('heading', { level: 1 }).count(), 1, 'one h1');
            const blocking = (await audit(tab)).filter((finding) =>
              blockingImpacts.has(finding.impact ?? ''),
            );
            await tab.shot(`a11y-${screen.name.replace(/ /g, '-')}-${colorScheme}-${sizeName}`);
            assert.deepEqual(blocking, [], `\n${describeFindings(blocking)}`);
          });
      });
});
