// Hugo sites through real HTTP (no --enable-exec): finding a site, new posts from archetypes compared
// with `hugo new` itself, publishing the front matter, schedules, permissions and hostile input.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { eventually } from '../helpers/eventually';
import { createUser, userPassword, writeTree } from '../helpers/fixtures';
import { hugoMissing, hugoNew, makeHugoSite, withoutDates } from '../helpers/hugo-site';
import { removeDir, startServer } from '../helpers/server';
import type { TestResponse, TestServer } from '../helpers/server';

interface SiteInfo {
  root: string;
  contentDir: string;
  archetypes: string[];
  sections: string[];
  buildCommand: string;
  canBuild: boolean;
  scheduled: { path: string; at: string }[];
  lastBuild: null | { at: string; ok: boolean; output: string };
}

const enc = (virtual: string) => virtual.split('/').map(encodeURIComponent).join('/');

function assertError(response: TestResponse, status: number, code: string, message?: RegExp): void {
  assert.equal(response.status, status, response.text);
  const body = response.json<{ code: string; message: string }>();
  assert.equal(body.code, code, response.text);
  if (message) assert.match(body.message, message);
}

describe('Hugo sites without --enable-exec', { skip: hugoMissing }, () => {
  let server: TestServer;
  let token: string;
  let blog: string;
  const as = (method: string, url: string, body?: unknown, who = token) =>
    server.request(method, url, { token: who, ...(body === undefined ? {} : { body }) });

  before(async () => {
    server = await startServer({
      setup: (root) => {
        blog = path.join(root, 'blog');
        makeHugoSite(blog);
        writeTree(root, {
          'notasite/readme.md': '# not a site\n',
          'blog/static/about.md': '---\ndraft: true\n---\n',
        });
      },
    });
    token = await server.adminToken();
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('finds the site from its folder, any folder or file inside, and nowhere else', async () => {
    for (const url of [
      '/api/site/blog',
      '/api/site/blog/content/posts',
      '/api/site/blog/config.toml',
    ]) {
      const response = await as('GET', url);
      assert.equal(response.status, 200, `${url}: ${response.text}`);
      assert.deepEqual(response.json<SiteInfo>(), {
        root: '/blog',
        contentDir: '/blog/content',
        archetypes: ['default', 'notes'],
        sections: ['posts'],
        buildCommand: 'hugo',
        canBuild: false,
        scheduled: [],
        lastBuild: null,
      });
    }
    for (const url of [
      '/api/site/notasite',
      '/api/site/',
      '/api/site/blog/missing',
      '/api/site/notasite/readme.md',
    ])
      assertError(await as('GET', url), 404, 'site.notFound');
  });

  it('makes posts the way hugo new does, from the default archetype and a second one', async () => {
    const cases = [
      { name: 'hello-world', section: 'posts', relative: 'posts/hello-world.md' },
      { name: 'a-tale-of-two-cities', section: 'posts', relative: 'posts/a-tale-of-two-cities.md' },
      { name: 'my_post name', section: 'posts', relative: 'posts/my_post name.md' },
      { name: 'über-straße-café', section: 'posts', relative: 'posts/über-straße-café.md' },
      { name: 'first-note', section: 'notes', relative: 'notes/first-note.md' },
      {
        name: 'why-not-go-to-the-USA',
        archetype: 'notes',
        section: 'posts',
        relative: 'posts/why-not-go-to-the-USA.md',
      },
      { name: 'about', relative: 'about.md' },
      { name: 'blank-choices', archetype: '', section: '', relative: 'blank-choices.md' },
    ];
    for (const { relative, ...body } of cases) {
      const response = await as('POST', '/api/site/posts/blog', body);
      assert.equal(response.status, 201, `${relative}: ${response.text}`);
      assert.deepEqual(response.json(), { path: `/blog/content/${relative}` });
      const made = fs.readFileSync(path.join(blog, 'content', relative), 'utf8');
      assert.equal(
        withoutDates(made),
        withoutDates(hugoNew(blog, relative, body.archetype || undefined)),
        relative,
      );
    }
    // The notes archetype really was used, with its functions.
    const note = fs.readFileSync(path.join(blog, 'content', 'notes', 'first-note.md'), 'utf8');
    assert.match(
      note,
      /^\+\+\+\ntitle = 'First note'\nslug = 'first-note'\nheading = "FIRST NOTE"/,
    );
    assert.match(
      note,
      /summary = 'first-note in "My New Hugo Site"'\nauthor = "anonymous"\ndraft = true\n\+\+\+\nA note\.\n$/,
    );
  });

  it("uses Hugo's own archetype when the site has none", async () => {
    fs.renameSync(path.join(blog, 'archetypes', 'default.md'), path.join(server.dir, 'default.md'));
    try {
      const response = await as('POST', '/api/site/posts/blog', {
        name: 'no-archetype',
        section: 'posts',
      });
      assert.equal(response.status, 201, response.text);
      const made = fs.readFileSync(path.join(blog, 'content', 'posts', 'no-archetype.md'), 'utf8');
      assert.equal(withoutDates(made), withoutDates(hugoNew(blog, 'posts/no-archetype.md')));
    } finally {
      fs.renameSync(
        path.join(server.dir, 'default.md'),
        path.join(blog, 'archetypes', 'default.md'),
      );
    }
  });

  it('keeps a name that looks like a template as text, and keeps a given .md or .markdown', async () => {
    const name = 'x{{ .Site.Title }}{{ printf "%s" "y" }}';
    const response = await as('POST', '/api/site/posts/blog', { name, section: 'posts' });
    assert.equal(response.status, 201, response.text);
    const made = fs.readFileSync(path.join(blog, 'content', 'posts', `${name}.md`), 'utf8');
    assert.match(made, /\{\{ \.Site\.Title \}\}/);
    assert.equal(withoutDates(made), withoutDates(hugoNew(blog, `posts/${name}.md`)));
    for (const [given, file] of [
      ['kept.md', 'kept.md'],
      ['kept.markdown', 'kept.markdown'],
      ['v1.2 notes', 'v1.2 notes.md'],
    ]) {
      const created = await as('POST', '/api/site/posts/blog', { name: given, section: 'posts' });
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(created.json(), { path: `/blog/content/posts/${file}` });
    }
  });

  it('refuses an existing file with 409 and leaves it alone', async () => {
    fs.writeFileSync(path.join(blog, 'content', 'posts', 'taken.md'), 'mine\n');
    assertError(
      await as('POST', '/api/site/posts/blog', { name: 'taken', section: 'posts' }),
      409,
      'fs.exists',
    );
    assert.equal(
      fs.readFileSync(path.join(blog, 'content', 'posts', 'taken.md'), 'utf8'),
      'mine\n',
    );
  });

  it('refuses hostile names, sections and archetypes with 400, writing nothing', async () => {
    const before = fs.readdirSync(path.join(blog, 'content'), { recursive: true }).length;
    const rows: [unknown, string][] = [
      [{ name: '../escape' }, 'site.invalidName'],
      [{ name: 'a/b' }, 'site.invalidName'],
      [{ name: 'a\\b' }, 'site.invalidName'],
      [{ name: '..' }, 'site.invalidName'],
      [{ name: '.hidden' }, 'site.invalidName'],
      [{ name: '   ' }, 'site.invalidName'],
      [{ name: 'bell\u0007' }, 'site.invalidName'],
      [{ name: 'line\nbreak' }, 'site.invalidName'],
      [{ name: 'x'.repeat(201) }, 'site.invalidName'],
      [{ name: 'é'.repeat(101) }, 'site.invalidName'],
      [{ name: 'ok', section: '../..' }, 'site.invalidSection'],
      [{ name: 'ok', section: 'posts/../..' }, 'site.invalidSection'],
      [{ name: 'ok', section: '.git' }, 'site.invalidSection'],
      [{ name: 'ok', archetype: '../archetypes/default' }, 'site.unknownArchetype'],
      [{ name: 'ok', archetype: 'default.md' }, 'site.unknownArchetype'],
      [{ name: 'ok', archetype: 'missing' }, 'site.unknownArchetype'],
      [{ name: 'ok', archetype: '/etc/passwd' }, 'site.unknownArchetype'],
    ];
    for (const [body, code] of rows)
      assertError(await as('POST', '/api/site/posts/blog', body), 400, code);
    for (const body of [{}, { name: 3 }, { name: 'x', extra: true }, { name: 'x'.repeat(2000) }])
      assertError(await as('POST', '/api/site/posts/blog', body), 400, 'request.invalid');
    assert.equal(fs.readdirSync(path.join(blog, 'content'), { recursive: true }).length, before);
  });

  it('interprets archetypes, never runs them: unsupported constructs are 400 naming them', async () => {
    const rows: [string, string, RegExp][] = [
      ['{{ readFile "/etc/passwd" }}', 'site.templateUnsupported', /readFile/],
      ['{{ os.Getenv "HOME" }}', 'site.templateUnsupported', /os\.Getenv/],
      ['{{ $x := .Name }}', 'site.templateUnsupported', /variables/],
      ['{{ range .Site.Params }}{{ end }}', 'site.templateUnsupported', /range/],
      ['{{ template "x" }}', 'site.templateUnsupported', /template/],
      ['{{ .Title }}', 'site.templateUnsupported', /\.Title/],
      ['{{ .File.Filename }}', 'site.templateUnsupported', /\.File\.Filename/],
      ['{{ if .Name }}unclosed', 'site.templateInvalid', /end/],
      ['{{ "unterminated }}', 'site.templateInvalid', /string/],
    ];
    for (const [source, code, message] of rows) {
      fs.writeFileSync(path.join(blog, 'archetypes', 'hostile.md'), source);
      assertError(
        await as('POST', '/api/site/posts/blog', { name: 'h', archetype: 'hostile' }),
        400,
        code,
        message,
      );
    }
    // Text that grows with each nested replace is stopped, not built.
    let bomb = '"aaaaaaaaaa"';
    for (let level = 0; level < 12; level += 1) bomb = `(replace ${bomb} "a" "aaaaaaaaaa")`;
    fs.writeFileSync(path.join(blog, 'archetypes', 'hostile.md'), `{{ ${bomb} }}`);
    assertError(
      await as('POST', '/api/site/posts/blog', { name: 'h', archetype: 'hostile' }),
      400,
      'site.templateInvalid',
      /too long/,
    );
    fs.rmSync(path.join(blog, 'archetypes', 'hostile.md'));
    assert.equal(fs.existsSync(path.join(blog, 'content', 'h.md')), false);
  });

  it('publishes a post: draft false and the date now, every other byte kept, and says no build ran', async () => {
    const post = path.join(blog, 'content', 'posts', 'publish-me.md');
    const original =
      '---\ntitle: "Publish me"\ndate: 2020-01-02T03:04:05Z\ndraft: true # not yet\ntags: [a, b]\n---\n\nBody with --- and draft: true in it.\n';
    fs.writeFileSync(post, original);
    const url = `/api/site/publish/${enc('/blog/content/posts/publish-me.md')}`;
    const state = await as('GET', url);
    assert.equal(state.status, 200, state.text);
    assert.deepEqual(state.json(), {
      draft: true,
      date: '2020-01-02T03:04:05Z',
      scheduledAt: null,
      builtPage: null,
    });
    const started = Date.now();
    const response = await as('POST', url);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.json(), {
      published: true,
      build: { ran: false, ok: null, output: '' },
    });
    const text = fs.readFileSync(post, 'utf8');
    const date = /^date: (\S+)$/m.exec(text)?.[1] ?? '';
    assert.equal(
      text,
      original
        .replace('2020-01-02T03:04:05Z', date)
        .replace('draft: true # not yet', 'draft: false # not yet'),
    );
    assert.ok(Math.abs(Date.parse(date) - started) < 5000, date);
    const after = (await as('GET', url)).json<{ draft: boolean; date: string }>();
    assert.equal(after.draft, false);
    assert.equal(after.date, date);
  });

  it('publishes TOML and JSON front matter in place, and gives a post without any a YAML block', async () => {
    const rows: [string, string, RegExp][] = [
      [
        'toml.md',
        "+++\ntitle = 'T'\ndraft = true\n[params]\ndraft = true\n+++\nbody\n",
        /^\+\+\+\ntitle = 'T'\ndraft = false\ndate = \S+\n\[params\]\ndraft = true\n\+\+\+\nbody\n$/,
      ],
      [
        'json.md',
        '{\n  "title": "J",\n  "draft": true\n}\nbody\n',
        /^\{\n {2}"date": "\S+",\n {2}"title": "J",\n {2}"draft": false\n\}\nbody\n$/,
      ],
      ['bare.md', 'just text\n', /^---\ndate: \S+\ndraft: false\n---\njust text\n$/],
    ];
    for (const [name, original, expected] of rows) {
      fs.writeFileSync(path.join(blog, 'content', 'posts', name), original);
      const response = await as('POST', `/api/site/publish/blog/content/posts/${name}`, {});
      assert.equal(response.status, 200, `${name}: ${response.text}`);
      assert.match(fs.readFileSync(path.join(blog, 'content', 'posts', name), 'utf8'), expected);
    }
    fs.writeFileSync(
      path.join(blog, 'content', 'posts', 'broken.md'),
      '---\ntitle: [unclosed\n---\n',
    );
    assertError(
      await as('POST', '/api/site/publish/blog/content/posts/broken.md'),
      422,
      'site.badFrontMatter',
    );
    assert.equal(
      fs.readFileSync(path.join(blog, 'content', 'posts', 'broken.md'), 'utf8'),
      '---\ntitle: [unclosed\n---\n',
    );
  });

  it('keeps, shows, replaces and cancels a schedule', async () => {
    const post = '/blog/content/posts/later.md';
    fs.writeFileSync(path.join(server.root, post), '---\ntitle: later\ndraft: true\n---\n');
    const url = `/api/site/publish${post}`;
    const first = new Date(Date.now() + 3_600_000).toISOString();
    const second = new Date(Date.now() + 7_200_000).toISOString();
    for (const at of [first, second]) {
      const response = await as('POST', url, { at });
      assert.equal(response.status, 202, response.text);
      assert.deepEqual(response.json(), { scheduledAt: at });
    }
    assert.deepEqual((await as('GET', '/api/site/blog')).json<SiteInfo>().scheduled, [
      { path: post, at: second },
    ]);
    assert.equal((await as('GET', url)).json<{ scheduledAt: string }>().scheduledAt, second);
    assert.match(fs.readFileSync(path.join(server.root, post), 'utf8'), /draft: true/);
    const stored = JSON.parse(fs.readFileSync(server.database, 'utf8')) as {
      siteSchedules: unknown[];
    };
    assert.equal(stored.siteSchedules.length, 1);
    assert.equal((await as('DELETE', url)).status, 204);
    assertError(await as('DELETE', url), 404, 'site.noSchedule');
    assert.deepEqual((await as('GET', '/api/site/blog')).json<SiteInfo>().scheduled, []);
    for (const at of [
      'tomorrow',
      '2026-11-28',
      '2026-11-28T10:00:00',
      '2026-13-40T10:00:00Z',
      '2026-02-30T10:00:00Z',
      '2026-11-28T10:60:00Z',
      '2026-11-28T24:00:00Z',
      '',
    ])
      assertError(await as('POST', url, { at }), 400, 'site.invalidTime');
    assertError(await as('POST', url, { at: 5 }), 400, 'request.invalid');
  });

  it('publishes a schedule when its time comes', async () => {
    const post = '/blog/content/posts/soon.md';
    fs.writeFileSync(path.join(server.root, post), '---\ntitle: soon\ndraft: true\n---\n');
    const at = new Date(Date.now() + 1500).toISOString();
    assert.equal((await as('POST', `/api/site/publish${post}`, { at })).status, 202);
    await eventually(
      () => /draft: false/.test(fs.readFileSync(path.join(server.root, post), 'utf8')),
      'the schedule to run',
    );
    // The date written is the time the post was scheduled for (to the second, in the server's zone).
    const written = /^date: (\S+)$/m.exec(
      fs.readFileSync(path.join(server.root, post), 'utf8'),
    )?.[1];
    assert.equal(Date.parse(written ?? ''), Math.floor(Date.parse(at) / 1000) * 1000);
    // The schedule is removed once its publication ended (the file is written before that).
    await eventually(
      async () => (await as('GET', '/api/site/blog')).json<SiteInfo>().scheduled.length === 0,
      'the schedule to be removed',
    );
  });

  it('says 404 for what is not a post of a site', async () => {
    for (const url of [
      '/api/site/publish/notasite/readme.md',
      '/api/site/publish/blog/static/about.md',
      '/api/site/publish/blog/config.toml',
      '/api/site/publish/blog/content/posts',
    ])
      for (const method of ['GET', 'POST', 'DELETE'])
        assertError(await as(method, url), 404, 'site.notAPost');
    assertError(await as('GET', '/api/site/publish/blog/content/missing.md'), 404, 'fs.notFound');
    assertError(await as('POST', '/api/site/posts/notasite', { name: 'x' }), 404, 'site.notFound');
    assert.equal(fs.existsSync(path.join(server.root, 'notasite', 'x.md')), false);
  });

  it('answers 405 for methods the routes do not take', async () => {
    for (const [method, url] of [
      ['POST', '/api/site/blog'],
      ['PUT', '/api/site/posts/blog'],
      ['PATCH', '/api/site/publish/blog/content/about.md'],
    ] as const)
      assertError(await as(method, url), 405, 'route.methodNotAllowed');
  });

  it('refuses a route prefix spelled with escapes rather than acting on another path', async () => {
    for (const [method, url] of [
      ['GET', '/api/%73ite/blog'],
      ['GET', '/api/site/%70ublish/blog/content/about.md'],
      ['POST', '/api/site/p%6fsts/blog'],
      ['DELETE', '/api/site/publis%68/blog/content/about.md'],
    ] as const)
      assertError(await as(method, url, { name: 'x' }), 400, 'request.badEncoding');
  });

  it('refuses anonymous callers', async () => {
    for (const [method, url] of [
      ['GET', '/api/site/blog'],
      ['POST', '/api/site/posts/blog'],
      ['POST', '/api/site/publish/blog/content/about.md'],
    ] as const)
      assertError(await server.request(method, url, { body: { name: 'x' } }), 401, 'auth.required');
  });
});

describe('Hugo sites and permissions, rules, scopes and links', { skip: hugoMissing }, () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const post = '/blog/content/posts/p.md';

  before(async () => {
    server = await startServer({
      setup: (root) => {
        makeHugoSite(path.join(root, 'team', 'blog'));
        writeTree(root, {
          'team/blog/content/posts/p.md': '---\ntitle: p\ndraft: true\n---\n',
          'outside/archetypes/default.md': '---\nleaked: "{{ .Name }}"\n---\n',
          'outside/content/': '',
          'linked/hugo.toml': "title = 'linked'\n",
        });
        // Another site outside the team's scope, and a link to it from inside.
        makeHugoSite(path.join(root, 'other', 'blog'));
        writeTree(root, { 'other/blog/content/posts/p.md': '---\ndraft: true\n---\n' });
        fs.symlinkSync(path.join(root, 'other', 'blog'), path.join(root, 'team', 'link'));
        // A site whose archetypes and content lead out of the users' scope.
        fs.symlinkSync(
          path.join(root, 'outside', 'archetypes'),
          path.join(root, 'linked', 'archetypes'),
        );
        fs.symlinkSync(path.join(root, 'outside', 'content'), path.join(root, 'linked', 'content'));
      },
    });
    const users = {
      writer: { create: true, modify: true },
      reader: {},
      creator: { create: true },
      hidden: { create: true, modify: true },
    };
    for (const [username, perm] of Object.entries(users)) {
      await createUser(server, {
        username,
        scope: '/team',
        perm,
        rules: username === 'hidden' ? [{ allow: false, path: '/blog' }] : [],
      });
      tokens[username] = await server.login(username, userPassword);
    }
    await createUser(server, {
      username: 'linker',
      scope: '/linked',
      perm: { create: true, modify: true },
    });
    tokens.linker = await server.login('linker', userPassword);
  });
  after(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  const as = (who: string, method: string, url: string, body?: unknown) =>
    server.request(method, url, { token: tokens[who], ...(body === undefined ? {} : { body }) });

  it('needs create for a new post and modify to publish, schedule or cancel', async () => {
    assert.equal((await as('reader', 'GET', '/api/site/blog')).status, 200);
    assert.equal((await as('reader', 'GET', `/api/site/publish${post}`)).status, 200);
    assertError(
      await as('reader', 'POST', '/api/site/posts/blog', { name: 'r' }),
      403,
      'fs.forbidden',
    );
    const later = new Date(Date.now() + 3_600_000).toISOString();
    for (const who of ['reader', 'creator']) {
      assertError(await as(who, 'POST', `/api/site/publish${post}`), 403, 'fs.forbidden');
      assertError(
        await as(who, 'POST', `/api/site/publish${post}`, { at: later }),
        403,
        'fs.forbidden',
      );
      assertError(await as(who, 'DELETE', `/api/site/publish${post}`), 403, 'fs.forbidden');
    }
    assert.equal(
      (await as('creator', 'POST', '/api/site/posts/blog', { name: 'c', section: 'posts' })).status,
      201,
    );
    assert.match(fs.readFileSync(path.join(server.root, 'team', post), 'utf8'), /draft: true/);
    assert.equal((await as('writer', 'POST', `/api/site/publish${post}`)).status, 200);
  });

  it('does not reach a site outside the scope, by dots in any encoding, backslashes or a link', async () => {
    const outside = path.join(server.root, 'other', 'blog');
    const before = fs.readdirSync(outside, { recursive: true }).sort();
    const climbs = [
      '../other/blog',
      '..%2F..%2Fother%2Fblog',
      '%2e%2e/%2e%2e/other/blog',
      '..%5C..%5Cother%5Cblog',
      '.%2e/.%2e/other/blog',
    ];
    for (const climb of climbs) {
      assertError(await as('writer', 'GET', `/api/site/${climb}`), 404, 'site.notFound');
      assertError(
        await as('writer', 'POST', `/api/site/posts/${climb}`, { name: 'x', section: 'posts' }),
        404,
        'site.notFound',
      );
      for (const method of ['GET', 'POST', 'DELETE']) {
        const response = await as(
          'writer',
          method,
          `/api/site/publish/${climb}/content/posts/p.md`,
        );
        assert.equal(response.status, 404, `${method} ${climb}: ${response.text}`);
      }
    }
    assertError(await as('writer', 'GET', '/api/site/link'), 404, 'site.notFound');
    assertError(
      await as('writer', 'POST', '/api/site/posts/link', { name: 'x' }),
      404,
      'site.notFound',
    );
    assertError(
      await as('writer', 'POST', '/api/site/publish/link/content/posts/p.md'),
      403,
      'fs.outsideScope',
    );
    assertError(
      await as('writer', 'POST', '/api/site/publish/link/content/posts/p.md', {
        at: new Date(Date.now() + 60_000).toISOString(),
      }),
      403,
      'fs.outsideScope',
    );
    assert.deepEqual(fs.readdirSync(outside, { recursive: true }).sort(), before);
    assert.match(
      fs.readFileSync(path.join(outside, 'content', 'posts', 'p.md'), 'utf8'),
      /draft: true/,
    );
  });

  it('hides a site that rules hide, as if it did not exist', async () => {
    assertError(await as('hidden', 'GET', '/api/site/blog'), 404, 'site.notFound');
    assertError(
      await as('hidden', 'POST', '/api/site/posts/blog', { name: 'x' }),
      404,
      'site.notFound',
    );
    // Its posts are closed as any rule-hidden file is.
    for (const method of ['GET', 'POST', 'DELETE'])
      assertError(await as('hidden', method, `/api/site/publish${post}`), 403, 'fs.forbidden');
  });

  it('does not follow archetypes or content that lead out of the scope', async () => {
    const site = await as('linker', 'GET', '/api/site/');
    assert.equal(site.status, 200, site.text);
    assert.deepEqual(site.json<SiteInfo>().archetypes, []);
    assert.deepEqual(site.json<SiteInfo>().sections, []);
    assertError(
      await as('linker', 'POST', '/api/site/posts/', { name: 'x', archetype: 'default' }),
      400,
      'site.unknownArchetype',
    );
    assertError(
      await as('linker', 'POST', '/api/site/posts/', { name: 'x' }),
      403,
      'fs.outsideScope',
    );
    assert.deepEqual(fs.readdirSync(path.join(server.root, 'outside', 'content')), []);
  });

  it('counts only the folders of site.roots as sites when the admin lists some', async () => {
    const admin = await server.adminToken();
    const settings = (await server.request('GET', '/api/settings', { token: admin })).json<{
      site: unknown;
    }>();
    assert.deepEqual(settings.site, { buildCommand: 'hugo', contentDir: '', roots: [] });
    const put = (site: unknown) =>
      server.request('PUT', '/api/settings', { token: admin, body: { site } });
    assert.equal((await put({ roots: ['/elsewhere'] })).status, 200);
    assertError(await as('writer', 'GET', '/api/site/blog'), 404, 'site.notFound');
    assert.equal((await put({ roots: ['team/blog/'] })).status, 200);
    assert.equal((await as('writer', 'GET', '/api/site/blog')).status, 200);
    assert.deepEqual(
      (await server.request('GET', '/api/settings', { token: admin })).json<{ site: unknown }>()
        .site,
      {
        buildCommand: 'hugo',
        contentDir: '',
        roots: ['/team/blog'],
      },
    );
    for (const site of [
      { contentDir: '../elsewhere' },
      { contentDir: '/abs' },
      { buildCommand: '' },
      { buildCommand: 'hugo "unclosed' },
      { roots: ['/a/../..'] },
      { roots: 'x' },
      { other: 1 },
    ])
      assertError(
        await put(site),
        400,
        site.roots === 'x' || 'other' in site ? 'request.invalid' : 'settings.invalid',
      );
    assert.equal((await put({ roots: [], contentDir: 'posts-here' })).status, 200);
    assert.equal(
      (await as('writer', 'GET', '/api/site/blog')).json<SiteInfo>().contentDir,
      '/blog/posts-here',
    );
    assert.equal((await put({ contentDir: '' })).status, 200);
  });
});
