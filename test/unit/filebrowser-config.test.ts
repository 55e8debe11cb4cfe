// File Browser's configuration → Drawer's: its config file in each format, FB_ variables, flag names, precedence and refusals.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { helpText, parseInvocation, UsageError } from '../../src/config';
import type { ServerConfig } from '../../src/config';

/** One folder for the whole file, removed at its end; each test's working folder lies inside it. */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-fbconfig-'));
after(() => fs.rmSync(scratch, { recursive: true, force: true }));

function tempDir(): string {
  return fs.mkdtempSync(path.join(scratch, 'cwd-'));
}

function serve(argv: string[], env: Record<string, string> = {}, cwd = tempDir()): ServerConfig {
  const invocation = parseInvocation(argv, env, cwd);
  assert.equal(invocation.kind, 'serve');
  return invocation.config;
}

/** The one line a refusal says, checked to be a UsageError (exit 2) of one line. */
function refusal(argv: string[], env: Record<string, string> = {}, cwd = tempDir()): string {
  try {
    parseInvocation(argv, env, cwd);
  } catch (error) {
    assert.ok(error instanceof UsageError, String(error));
    assert.doesNotMatch(error.message, /\n/);
    return error.message;
  }
  assert.fail(`${argv.join(' ')} ${JSON.stringify(env)} was accepted`);
}

const formats: Record<string, string> = {
  json: '{ "root": "/srv", "port": 8081, "address": "0.0.0.0", "baseURL": "/files", "database": "db.json", "noauth": true }\n',
  yaml: 'root: /srv\nport: 8081\naddress: 0.0.0.0\nbaseURL: /files\ndatabase: db.json\nnoauth: true\n',
  yml: 'root: /srv\nport: "8081"\naddress: 0.0.0.0\nbaseurl: /files\ndatabase: db.json\nnoauth: true\n',
  toml: 'root = "/srv"\nport = 8081\naddress = "0.0.0.0"\nbaseURL = "/files"\ndatabase = "db.json"\nnoauth = true\n',
};

describe('File Browser config file', () => {
  for (const [extension, text] of Object.entries(formats)) {
    it(`reads .${extension} given with -c and as .filebrowser.${extension} in the working folder`, () => {
      const dir = tempDir();
      fs.writeFileSync(path.join(dir, `settings.${extension}`), text);
      fs.writeFileSync(path.join(dir, `.filebrowser.${extension}`), text);
      const given = serve(['-c', `settings.${extension}`], {}, path.join(dir));
      const found = serve([], {}, dir);
      for (const config of [given, found]) {
        assert.equal(config.root, '/srv');
        assert.equal(config.port, 8081);
        assert.equal(config.address, '0.0.0.0');
        assert.equal(config.baseUrl, '/files');
        assert.equal(config.database, path.join(dir, 'db.json'));
        assert.equal(config.noAuth, true);
      }
    });
  }

  it('looks in $HOME when the working folder has none; --config=FILE works too', () => {
    const home = tempDir();
    fs.writeFileSync(path.join(home, '.filebrowser.yaml'), 'port: 7001\n');
    assert.equal(serve([], { HOME: home }).port, 7001);
    const cwd = tempDir();
    fs.writeFileSync(path.join(cwd, '.filebrowser.json'), '{"port": 7002}');
    assert.equal(serve([], { HOME: home }, cwd).port, 7002);
    assert.equal(serve([`--config=${path.join(home, '.filebrowser.yaml')}`], {}, cwd).port, 7001);
  });

  it('maps every key File Browser reads, and accepts the ones Drawer has no use for yet', () => {
    const dir = tempDir();
    const file = path.join(dir, 'fb.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        cert: 'c.pem',
        key: 'k.pem',
        log: 'stderr',
        username: 'boss',
        password: 'a-long-password',
        tokenExpirationTime: '3h',
        disableExec: false,
        followExternalSymlinks: true,
        cacheDir: '/var/cache/fb',
        imageProcessors: 8,
        socketPerm: 438,
        disableThumbnails: true,
        disablePreviewResize: true,
        'disable-type-detection-by-header': true,
        disableImageResolutionCalc: true,
        socket: '',
        redisCacheUrl: '',
      }),
    );
    const config = serve(['-c', file], {}, dir);
    assert.equal(config.cert, path.join(dir, 'c.pem'));
    assert.equal(config.key, path.join(dir, 'k.pem'));
    assert.equal(config.log, 'stderr');
    assert.equal(config.username, 'boss');
    assert.equal(config.password, 'a-long-password');
    assert.equal(config.tokenExpirationMs, 3 * 3600 * 1000);
    assert.equal(config.enableExec, true);
    assert.equal(config.followExternalSymlinks, true);
    assert.equal(config.cacheDir, '/var/cache/fb');
    assert.equal(config.previewWorkers, 8);
    assert.equal(config.enableThumbnails, false);
    assert.equal(config.resizePreview, false);
  });

  it('reads an empty address as every interface and an empty log as none, as File Browser does', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '.filebrowser.json'), '{"address": "", "log": ""}');
    const config = serve([], {}, dir);
    assert.equal(config.address, '0.0.0.0');
    assert.equal(config.log, 'off');
  });

  it('refuses unknown keys, bad values, other formats and broken files with one line', () => {
    const dir = tempDir();
    const write = (name: string, text: string): string => {
      fs.writeFileSync(path.join(dir, name), text);
      return name;
    };
    const cases: [string, RegExp][] = [
      [
        write('a.json', '{"signup": true}'),
        /a\.json: signup: File Browser keeps this in its database/,
      ],
      [
        write('b.yaml', 'auth:\n  method: proxy\n'),
        /b\.yaml: auth: Drawer takes how people log in from its command line: use --auth-method/,
      ],
      [write('b2.json', '{"colour": "red"}'), /b2\.json: unknown key "colour"$/],
      [write('c.toml', 'noauth = "perhaps"'), /c\.toml: noauth must be true or false/],
      [write('d.json', '{"port": "eighty"}'), /d\.json: port: "eighty" is not a port/],
      [
        write('e.json', '{"socket": "/run/fb.sock"}'),
        /e\.json: socket: Drawer listens on TCP only/,
      ],
      [write('f.ini', 'port=80'), /f\.ini: a config file ends in \.json, \.yaml, \.yml or \.toml/],
      [write('g.json', '{"port": '), /g\.json: not valid JSON/],
      [write('h.yaml', '- 1\n- 2\n'), /h\.yaml: expected keys and values/],
      [write('i.json', '{"root": ["/a"]}'), /i\.json: root must be a string/],
      ['missing.json', /missing\.json: cannot read the config file/],
    ];
    for (const [file, reason] of cases) assert.match(refusal(['-c', file], {}, dir), reason);
  });

  it("refuses File Browser's own database file unless -d or DRAWER_DATABASE names Drawer's", () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, '.filebrowser.json'),
      '{"database": "/database/filebrowser.db"}',
    );
    assert.match(
      refusal([], {}, dir),
      /filebrowser\.db" is File Browser's database; run drawer import/,
    );
    assert.match(refusal([], { FB_DATABASE: '/x/filebrowser.db' }), /^FB_DATABASE: /);
    assert.equal(serve(['-d', 'd.json'], {}, dir).database, path.join(dir, 'd.json'));
    assert.equal(serve([], { DRAWER_DATABASE: '/d.json' }, dir).database, '/d.json');
  });
});

describe('File Browser FB_ variables', () => {
  it('maps each to the Drawer setting of the same meaning', () => {
    const config = serve([], {
      FB_ROOT: '/srv',
      FB_PORT: '9001',
      FB_ADDRESS: '::1',
      FB_BASE_URL: '/fb',
      FB_DATABASE: '/var/lib/drawer.json',
      FB_CERT: '/c.pem',
      FB_KEY: '/k.pem',
      FB_LOG: 'stderr',
      FB_NOAUTH: 'true',
      FB_USERNAME: 'boss',
      FB_PASSWORD: 'pw-from-env-123',
      FB_TOKEN_EXPIRATION_TIME: '90m',
      FB_DISABLE_EXEC: 'false',
      FB_FOLLOW_EXTERNAL_SYMLINKS: 'true',
      FB_CACHE_DIR: '/cache',
      FB_DISABLE_THUMBNAILS: 'true',
      FB_DISABLE_PREVIEW_RESIZE: 'true',
      FB_DISABLE_TYPE_DETECTION_BY_HEADER: 'true',
      FB_DISABLE_IMAGE_RESOLUTION_CALC: 'true',
      FB_IMAGE_PROCESSORS: '2',
      FB_SOCKET_PERM: '0660',
      FB_SOMETHING_ELSE: 'not ours',
    });
    assert.equal(config.root, '/srv');
    assert.equal(config.port, 9001);
    assert.equal(config.address, '::1');
    assert.equal(config.baseUrl, '/fb');
    assert.equal(config.database, '/var/lib/drawer.json');
    assert.equal(config.cert, '/c.pem');
    assert.equal(config.key, '/k.pem');
    assert.equal(config.log, 'stderr');
    assert.equal(config.noAuth, true);
    assert.equal(config.username, 'boss');
    assert.equal(config.password, 'pw-from-env-123');
    assert.equal(config.tokenExpirationMs, 90 * 60 * 1000);
    assert.equal(config.enableExec, true);
    assert.equal(config.followExternalSymlinks, true);
  });

  it('accepts the old FB_BASEURL and refuses what Drawer cannot do, naming the variable', () => {
    assert.equal(serve([], { FB_BASEURL: '/old' }).baseUrl, '/old');
    assert.match(
      refusal([], { FB_SOCKET: '/run/fb.sock' }),
      /^FB_SOCKET: Drawer listens on TCP only/,
    );
    assert.match(
      refusal([], { FB_REDIS_CACHE_URL: 'redis://r' }),
      /^FB_REDIS_CACHE_URL: .*single instance/,
    );
    assert.match(refusal([], { FB_NOAUTH: 'maybe' }), /^FB_NOAUTH must be true or false/);
    assert.match(refusal([], { FB_PORT: 'x' }), /^FB_PORT: "x" is not a port/);
  });
});

describe('File Browser flag names', () => {
  it('maps the ones Drawer spells differently and accepts the harmless ones', () => {
    const config = serve([
      '--disable-exec=false',
      '--token-expiration-time',
      '45m',
      '--cache-dir',
      '/cache',
      '--cacheDir=/cache',
      '--disable-thumbnails',
      '--disableThumbnails=false',
      '--disable-preview-resize',
      '--disablePreviewResize',
      '--disable-type-detection-by-header',
      '--disableTypeDetectionByHeader',
      '--disableImageResolutionCalc',
      '--img-processors',
      '4',
      '--imageProcessors',
      '4',
      '--socketPerm',
      '0666',
      '--baseURL',
      '/b',
    ]);
    assert.equal(config.enableExec, true);
    assert.equal(config.tokenExpirationMs, 45 * 60 * 1000);
    assert.equal(config.baseUrl, '/b');
    assert.equal(serve(['--disableExec']).enableExec, false);
    assert.equal(serve(['--noauth=false'], { DRAWER_NOAUTH: 'true' }).noAuth, false);
    assert.equal(serve(['--followExternalSymlinks=true']).followExternalSymlinks, true);
    assert.equal(config.cacheDir, '/cache');
    assert.equal(config.previewWorkers, 4);
    // Drawer's own spelling wins over File Browser's (--disableThumbnails=false).
    assert.equal(config.enableThumbnails, false);
    assert.equal(config.resizePreview, false);
  });

  it('refuses --socket, --redisCacheUrl and database settings with what to use instead', () => {
    assert.match(
      refusal(['--socket', '/run/fb.sock']),
      /^--socket: Drawer listens on TCP only; use --address/,
    );
    assert.match(refusal(['--redisCacheUrl=redis://r']), /^--redisCacheUrl: /);
    assert.match(refusal(['-c']), /^-c needs a value/);
    assert.match(refusal(['--disable-exec=perhaps']), /^--disable-exec must be true or false/);
    assert.match(
      refusal(['--recaptcha.key=site-key']),
      /^--recaptcha\.key: File Browser keeps this in its database/,
    );
    // `filebrowser config set` spellings of the login method are Drawer's own flags.
    assert.match(refusal(['--auth.method=proxy']), /^--auth-method proxy needs --auth-header/);
    assert.match(refusal(['--signup']), /^--signup: .*carry it over with drawer import$/);
  });
});

describe('precedence', () => {
  it('is flags, then DRAWER_ variables, then FB_ variables, then the config file, then defaults', () => {
    const dir = tempDir();
    fs.writeFileSync(
      path.join(dir, '.filebrowser.yaml'),
      'port: 1001\nroot: /file\nlog: stderr\naddress: ::1\n',
    );
    const env = { DRAWER_PORT: '1002', FB_PORT: '1003', FB_ROOT: '/fb', DRAWER_LOG: 'off' };
    const config = serve(['--port', '1004'], env, dir);
    assert.equal(config.port, 1004);
    assert.equal(config.log, 'off');
    assert.equal(config.root, '/fb');
    assert.equal(config.address, '::1');
    assert.equal(serve([], env, dir).port, 1002);
    assert.equal(serve([], { FB_PORT: '1003' }, dir).port, 1003);
    assert.equal(serve([], {}, dir).port, 1001);
    assert.equal(serve([], {}, dir).baseUrl, '');
    assert.equal(serve(['--enable-exec'], { FB_DISABLE_EXEC: 'true' }).enableExec, true);
  });

  it('--help says where File Browser settings come from and in which order', () => {
    const help = helpText('0.0.0');
    assert.match(help, /-c, --config FILE/);
    assert.match(help, /flags, then DRAWER_\s+variables, then FB_ variables, then the config file/);
  });
});
