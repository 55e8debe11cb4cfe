// What start-up leaves for later: route schemas compiled on first use (once, ajv's errors passed on, all valid), libraries loaded on first use.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { createApp } from '../../src/app';
import { parseInvocation } from '../../src/config';
import { createContext } from '../../src/context';
import { deferredSerializer, deferredValidator } from '../../src/http/deferred-schemas';
import type { Validator } from '../../src/http/deferred-schemas';
import { loadUiAssets } from '../../src/http/ui-assets';
import { openLog } from '../../src/logger';

/** A validator like ajv's: it keeps the errors of its last call on itself. */
function fakeValidator(): Validator {
  const validate: Validator = (data: unknown) => {
    validate.errors = data === 'bad' ? [{ message: 'must not be bad' }] : null;
    return data !== 'bad';
  };
  validate.schemaEnv = { root: true };
  return validate;
}

/** Whether a package's main module is in the require cache of this process. */
function isLoaded(packageName: string): boolean {
  const cache = createRequire(import.meta.url).cache;
  return Object.keys(cache).some((file) => file.includes(`${path.sep}${packageName}${path.sep}`));
}

async function startApp(compileSchemasAtStart: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-deferred-schemas-'));
  const root = path.join(dir, 'root');
  fs.mkdirSync(root);
  const invocation = parseInvocation(
    ['--root', root, '--database', path.join(dir, 'drawer.json'), '--password', 'x'.repeat(12)],
    {},
    dir,
  );
  assert.equal(invocation.kind, 'serve');
  const { log } = openLog('off');
  const { context } = await createContext(invocation.config, log, { bundleFolder: dir });
  const app = await createApp(context, loadUiAssets(path.join(dir, 'ui')), {
    compileSchemasAtStart,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      context.searchIndex.close();
      await context.previews.close();
      await context.database.flush();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('deferredValidator', () => {
  it('compiles at the first call, once, and passes on what ajv leaves on its function', () => {
    let compiles = 0;
    const validate = deferredValidator(() => {
      compiles += 1;
      return fakeValidator();
    });
    assert.equal(compiles, 0);
    assert.equal(validate('good'), true);
    assert.equal(validate.errors, null);
    assert.equal(validate('bad'), false);
    assert.deepEqual(validate.errors, [{ message: 'must not be bad' }]);
    assert.deepEqual(validate.schemaEnv, { root: true });
    assert.equal(compiles, 1);
  });

  it('compiles when fastify first asks for schemaEnv, before calling it', () => {
    let compiles = 0;
    const validate = deferredValidator(() => {
      compiles += 1;
      return fakeValidator();
    });
    assert.ok(validate.schemaEnv);
    assert.equal(compiles, 1);
  });

  it('throws a schema that does not compile at its first use', () => {
    const validate = deferredValidator(() => {
      throw new Error('schema is invalid');
    });
    assert.throws(() => validate('good'), /schema is invalid/);
  });
});

describe('deferredSerializer', () => {
  it('compiles at the first call, once', () => {
    let compiles = 0;
    const serialize = deferredSerializer(() => {
      compiles += 1;
      return (data) => JSON.stringify(data);
    });
    assert.equal(compiles, 0);
    assert.equal(serialize({ a: 1 }), '{"a":1}');
    assert.equal(serialize([2]), '[2]');
    assert.equal(compiles, 1);
  });
});

describe('the app', { timeout: 60_000 }, () => {
  const closers: (() => Promise<void>)[] = [];
  after(async () => {
    for (const close of closers) await close();
  });

  // First: once the eager app below has loaded ajv, this process cannot tell any more.
  it('starts without loading the libraries of src/deferred-libraries.cts, and compiles a schema on first use', async () => {
    const { origin, close } = await startApp(false);
    closers.push(close);
    for (const library of [
      'ajv',
      'fast-json-stringify-compiler',
      'mime-types',
      'yaml',
      'smol-toml',
      'ws',
    ])
      assert.equal(isLoaded(library), false, `${library} is loaded at start`);
    const refused = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 7 }),
    });
    assert.equal(refused.status, 400);
    const body = (await refused.json()) as { code: string; message: string };
    assert.equal(body.code, 'request.invalid');
    assert.match(body.message, /password/);
    assert.equal(isLoaded('ajv'), true);
  });

  it("compiles every route's schemas when asked to at start, without warnings", async (t) => {
    const warn = t.mock.method(console, 'warn', () => {});
    const { close } = await startApp(true);
    closers.push(close);
    assert.deepEqual(
      warn.mock.calls.map((call) => call.arguments.join(' ')),
      [],
    );
  });
});
