// The 'Report issue' address (branding.reportIssueUrl, Drawer's own setting): empty by default, kept
// through File Browser's GET→PUT round trip, only http(s) accepted, and served in the page's config.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';

interface SettingsJson {
  branding: Record<string, unknown> & { reportIssueUrl: string };
}

function pageConfig(html: string): Record<string, unknown> {
  const json = /id="drawer-config">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return JSON.parse(json) as Record<string, unknown>;
}

describe('settings: the Report issue address', () => {
  let server: TestServer;
  let admin: string;

  async function getSettings(): Promise<SettingsJson> {
    const response = await server.request('GET', '/api/settings', { token: admin });
    assert.equal(response.status, 200, response.text);
    return response.json<SettingsJson>();
  }

  function putBranding(branding: Record<string, unknown>): Promise<TestResponse> {
    return server.request('PUT', '/api/settings', { token: admin, body: { branding } });
  }

  async function servedAddress(): Promise<unknown> {
    const page = await server.request('GET', '/files/');
    assert.equal(page.status, 200);
    return pageConfig(page.text).ReportIssueUrl;
  }

  before(async () => {
    server = await startServer();
    admin = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('is empty by default, in the settings and in the page', async () => {
    assert.equal((await getSettings()).branding.reportIssueUrl, '');
    assert.equal(await servedAddress(), '');
  });

  it('is saved, shown by GET, served in the page, and survives a GET→PUT round trip', async () => {
    const address = 'https://tracker.example/issues/new?labels=drawer';
    const saved = await putBranding({ reportIssueUrl: `  ${address} ` });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.json<SettingsJson>().branding.reportIssueUrl, address);
    assert.equal((await getSettings()).branding.reportIssueUrl, address);
    assert.equal(await servedAddress(), address);

    // File Browser's client sends back the whole GET, with fields it does not know.
    const whole = await getSettings();
    const again = await server.request('PUT', '/api/settings', { token: admin, body: whole });
    assert.equal(again.status, 200, again.text);
    assert.deepEqual(await getSettings(), whole);
    // A File Browser body without the field keeps it.
    const withoutIt = { ...whole.branding };
    delete (withoutIt as Partial<typeof withoutIt>).reportIssueUrl;
    assert.equal((await putBranding(withoutIt)).status, 200);
    assert.equal((await getSettings()).branding.reportIssueUrl, address);
  });

  const refused = [
    'javascript:alert(1)',
    'data:text/html,<b>hi</b>',
    'ftp://tracker.example/',
    'tracker.example/issues',
    '/issues/new',
    'https://user:pass@tracker.example/',
    'https://:secret@tracker.example/',
  ];
  for (const address of refused) {
    it(`refuses ${JSON.stringify(address)} with 400 settings.badUrl naming the field`, async () => {
      const before = (await getSettings()).branding.reportIssueUrl;
      const response = await putBranding({ reportIssueUrl: address });
      assert.equal(response.status, 400, response.text);
      const body = response.json<{ code: string; message: string }>();
      assert.equal(body.code, 'settings.badUrl');
      assert.match(body.message, /branding\.reportIssueUrl/);
      assert.equal((await getSettings()).branding.reportIssueUrl, before, 'nothing saved');
    });
  }

  it('refuses control characters and over-long addresses as request.invalid', async () => {
    const newline = await putBranding({ reportIssueUrl: 'https://a.example/\n' });
    assert.equal(newline.status, 400);
    const long = await putBranding({ reportIssueUrl: `https://a.example/${'x'.repeat(2048)}` });
    assert.equal(long.status, 400);
    assert.equal(long.json<{ code: string }>().code, 'request.invalid');
  });

  it('is cleared by an empty value, and the page then serves none', async () => {
    assert.equal((await putBranding({ reportIssueUrl: '' })).status, 200);
    assert.equal((await getSettings()).branding.reportIssueUrl, '');
    assert.equal(await servedAddress(), '');
  });
});
