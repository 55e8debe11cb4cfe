// Hugo sites with --enable-exec: publishing builds the real site in the bubblewrap sandbox, and a
// schedule whose time passes while Drawer is down is published after the restart.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../helpers/eventually';
import { changeSettings } from '../helpers/commands';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { hugoMissing, makeHugoSite } from '../helpers/hugo-site';
import { adminPassword, removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';

interface Published {
  published: boolean;
  build: { ran: boolean; ok: boolean | null; output: string };
}

const draftPost = (title: string) =>
  `---\ntitle: "${title}"\ndate: 2020-01-01T00:00:00Z\ndraft: true\n---\n\nHello from ${title}.\n`;

describe('publishing with --enable-exec', { skip: hugoMissing }, () => {
  let server: TestServer;
  let token: string;
  let blog: string;

  before(async () => {
    server = await startServer({
      args: ['--enable-exec'],
      setup: (root) => {
        blog = path.join(root, 'blog');
        makeHugoSite(blog);
        writeTree(root, {
          'secret.txt': 'the secret outside the site\n',
          'blog/content/posts/hello-world.md': draftPost('Hello World'),
          'blog/content/posts/with-slug.md':
            '---\ntitle: S\nslug: Custom Slug\ndraft: true\n---\nS\n',
        });
      },
    });
    token = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const as = (method: string, url: string, body?: unknown, who = token) =>
    server.request(method, url, { token: who, ...(body === undefined ? {} : { body }) });

  it('builds public/posts/<slug>/index.html and tells the UI about it', async () => {
    const page = path.join(blog, 'public', 'posts', 'hello-world', 'index.html');
    // A draft is not built.
    assert.equal((await as('GET', '/api/site/blog')).json<{ canBuild: boolean }>().canBuild, true);
    const response = await as('POST', '/api/site/publish/blog/content/posts/hello-world.md');
    assert.equal(response.status, 200, response.text);
    const result = response.json<Published>();
    assert.equal(result.build.ran, true);
    assert.equal(result.build.ok, true, result.build.output);
    assert.match(result.build.output, /Pages/);
    assert.match(
      fs.readFileSync(page, 'utf8'),
      /<h1>Hello World<\/h1><p>Hello from Hello World.<\/p>/,
    );
    const state = (await as('GET', '/api/site/publish/blog/content/posts/hello-world.md')).json();
    assert.deepEqual(state, {
      draft: false,
      date: /^date: (\S+)$/m.exec(
        fs.readFileSync(path.join(blog, 'content/posts/hello-world.md'), 'utf8'),
      )?.[1],
      scheduledAt: null,
      builtPage: '/blog/public/posts/hello-world/index.html',
    });
    const site = (await as('GET', '/api/site/blog/content')).json<{
      lastBuild: { ok: boolean; output: string; at: string };
    }>();
    assert.equal(site.lastBuild.ok, true);
    assert.equal(site.lastBuild.output, result.build.output);
    // The other draft is still not built; published, its slug names its folder.
    assert.equal(fs.existsSync(path.join(blog, 'public', 'posts', 'custom-slug')), false);
    assert.equal(
      (await as('POST', '/api/site/publish/blog/content/posts/with-slug.md')).status,
      200,
    );
    const slugged = (await as('GET', '/api/site/publish/blog/content/posts/with-slug.md')).json<{
      builtPage: string;
    }>();
    assert.equal(slugged.builtPage, '/blog/public/posts/custom-slug/index.html');
  });

  it('reports a failing build with its output, the front matter published anyway', async () => {
    const layout = path.join(blog, 'layouts', '_default', 'single.html');
    const good = fs.readFileSync(layout, 'utf8');
    fs.writeFileSync(layout, '{{ .Broken ');
    try {
      fs.writeFileSync(path.join(blog, 'content', 'posts', 'second.md'), draftPost('Second'));
      const result = (
        await as('POST', '/api/site/publish/blog/content/posts/second.md')
      ).json<Published>();
      assert.equal(result.build.ran, true);
      assert.equal(result.build.ok, false);
      assert.match(result.build.output, /single\.html/);
      assert.match(result.build.output, /exit status/);
      assert.match(
        fs.readFileSync(path.join(blog, 'content', 'posts', 'second.md'), 'utf8'),
        /draft: false/,
      );
      assert.equal(
        (await as('GET', '/api/site/blog')).json<{ lastBuild: { ok: boolean } }>().lastBuild.ok,
        false,
      );
    } finally {
      fs.writeFileSync(layout, good);
    }
  });

  it("runs the admin's command in the sandbox, where only the site is seen and writable", async () => {
    const probe = [
      'cat /scope/../secret.txt',
      'find /tmp /scope -name drawer.json',
      'pwd',
      'echo built > public/probe.txt',
      'echo escaped > /tmp/../escaped.txt',
      'true',
    ].join('; ');
    await changeSettings(server, { site: { buildCommand: `sh -c '${probe}'` } });
    try {
      fs.writeFileSync(path.join(blog, 'content', 'posts', 'third.md'), draftPost('Third'));
      const result = (
        await as('POST', '/api/site/publish/blog/content/posts/third.md')
      ).json<Published>();
      assert.equal(result.build.ok, true, result.build.output);
      assert.doesNotMatch(result.build.output, /the secret/);
      assert.doesNotMatch(result.build.output, /drawer\.json/);
      assert.match(result.build.output, /^\/scope$/m);
      assert.equal(fs.readFileSync(path.join(blog, 'public', 'probe.txt'), 'utf8'), 'built\n');
      assert.equal(fs.existsSync(path.join(server.root, 'escaped.txt')), false);
    } finally {
      await changeSettings(server, { site: { buildCommand: 'hugo' } });
    }
  });

  it('does not build for a user from whom a rule hides part of the site', async () => {
    await createUser(server, {
      username: 'ruled',
      scope: '/',
      perm: { create: true, modify: true },
      rules: [{ allow: false, path: '/blog/static' }],
    });
    const ruled = await server.login('ruled', userPassword);
    fs.writeFileSync(path.join(blog, 'content', 'posts', 'fourth.md'), draftPost('Fourth'));
    const result = (
      await as('POST', '/api/site/publish/blog/content/posts/fourth.md', undefined, ruled)
    ).json<Published>();
    assert.deepEqual(result.build, {
      ran: false,
      ok: false,
      output: 'no build ran: a rule hides part of this site from you, and the build would see it',
    });
  });
});

describe('a site holding the database', { skip: hugoMissing }, () => {
  it('is published but not built: the sandbox would show the database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-test-'));
    const server = await startServer({
      dir,
      args: ['--enable-exec', '--database', path.join(dir, 'root', 'blog', 'data', 'drawer.json')],
      setup: (root) => {
        makeHugoSite(path.join(root, 'blog'));
        writeTree(root, { 'blog/content/posts/p.md': draftPost('P') });
      },
    });
    try {
      const response = await server.request('POST', '/api/site/publish/blog/content/posts/p.md', {
        token: await server.adminToken(),
      });
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.json<Published>().build, {
        ran: false,
        ok: false,
        output: "no build ran: the site holds the server's database",
      });
      assert.equal(fs.existsSync(path.join(server.root, 'blog', 'public', 'posts')), false);
    } finally {
      await server.stop();
      removeDir(dir);
    }
  });
});

describe('schedules across a restart', { skip: hugoMissing }, () => {
  let server: TestServer;
  let dir: string;
  after(async () => {
    await server.stop();
    removeDir(dir);
  });

  it('publishes and builds after the restart a post whose time passed while Drawer was down', async () => {
    server = await startServer({
      args: ['--enable-exec'],
      setup: (root) => {
        makeHugoSite(path.join(root, 'blog'));
        writeTree(root, {
          'blog/content/posts/due.md': draftPost('Due'),
          'blog/content/posts/later.md': draftPost('Later'),
          'blog/content/posts/revoked.md': draftPost('Revoked'),
        });
      },
    });
    dir = server.dir;
    const admin = await server.adminToken();
    const userId = await createUser(server, {
      username: 'writer',
      scope: '/blog',
      perm: { create: true, modify: true },
    });
    const writer = await server.login('writer', userPassword);
    // Far enough ahead that a loaded machine still stops the server before it is due.
    const due = new Date(Date.now() + 6000).toISOString();
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const schedule = async (post: string, at: string, who: string) =>
      assert.equal(
        (await server.request('POST', `/api/site/publish${post}`, { token: who, body: { at } }))
          .status,
        202,
      );
    await schedule('/blog/content/posts/due.md', due, admin);
    await schedule('/blog/content/posts/later.md', later, admin);
    await schedule('/content/posts/revoked.md', due, writer);
    // The writer loses the right to modify before the time comes: the schedule must not publish.
    const revoke = await server.request('PUT', `/api/users/${userId}`, {
      token: admin,
      body: {
        what: 'user',
        which: ['perm'],
        data: { id: userId, perm: { create: true, modify: false } },
        current_password: adminPassword,
      },
    });
    assert.equal(revoke.status, 200, revoke.text);
    await server.stop();
    assert.ok(Date.now() < Date.parse(due), 'the server stopped before the post was due');
    assert.match(
      fs.readFileSync(path.join(server.root, 'blog/content/posts/due.md'), 'utf8'),
      /draft: true/,
    );
    await sleep(Math.max(0, Date.parse(due) - Date.now() + 500));

    server = await startServer({ dir, args: ['--enable-exec'] });
    const page = path.join(server.root, 'blog', 'public', 'posts', 'due', 'index.html');
    await eventually(() => fs.existsSync(page), 'the due post is built');
    assert.match(
      fs.readFileSync(path.join(server.root, 'blog/content/posts/due.md'), 'utf8'),
      /draft: false/,
    );
    const stored = () =>
      (
        JSON.parse(fs.readFileSync(server.database, 'utf8')) as {
          siteSchedules: { path: string }[];
        }
      ).siteSchedules;
    await eventually(() => stored().length === 1, 'the due and the revoked schedules are done');
    assert.equal(stored()[0]?.path, '/blog/content/posts/later.md');
    const info = await server.request('GET', '/api/site/blog', {
      token: await server.adminToken(),
    });
    assert.deepEqual(info.json<{ scheduled: unknown }>().scheduled, [
      { path: '/blog/content/posts/later.md', at: later },
    ]);
    assert.match(
      fs.readFileSync(path.join(server.root, 'blog/content/posts/revoked.md'), 'utf8'),
      /draft: true/,
    );
    assert.match(
      fs.readFileSync(path.join(server.root, 'blog/content/posts/later.md'), 'utf8'),
      /draft: true/,
    );
    assert.match(server.output(), /publishing posts whose time passed while stopped/);
    assert.match(
      server.output(),
      /scheduled publication dropped: the post cannot be published by its user/,
    );
  });
});
