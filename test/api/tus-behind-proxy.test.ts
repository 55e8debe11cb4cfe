// Uploads behind a proxy that refuses request bodies over 100 MB (nginx's client_max_body_size, as
// Cloudflare's cap): one request per file fails, tus in chunks carries a larger file through.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hasNginx, startCappedProxy } from '../helpers/capped-proxy';
import type { CappedProxy } from '../helpers/capped-proxy';
import { removeDir, startServer } from '../helpers/server';
import type { TestServer } from '../helpers/server';
import { tusUpload } from '../helpers/tus';

const mib = 1024 * 1024;

/** A POST of `size` bytes through the proxy, streamed; the status it ends with. */
function postThrough(url: string, token: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/api/resources/one-request.bin?override=true`, {
      method: 'POST',
      headers: { 'X-Auth': token, 'Content-Length': String(size) },
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    // nginx answers 413 and closes as soon as it reads the length: the rest is never sent.
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    const block = Buffer.alloc(mib, 7);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += block.length;
        if (!request.write(block)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

describe(
  'uploads behind a proxy capping bodies at 100 MB',
  { skip: !hasNginx && 'nginx is not installed' },
  () => {
    let server: TestServer;
    let proxy: CappedProxy;
    let token: string;

    before(async () => {
      server = await startServer();
      proxy = await startCappedProxy(server.dir, server.url);
      token = await server.adminToken();
    });
    after(async () => {
      proxy?.stop();
      await server.stop();
      removeDir(server.dir);
    });

    it('refuses one request carrying 120 MiB: the cap is real', async () => {
      assert.equal(await postThrough(proxy.url, token, 120 * mib), 413);
      assert.equal(fs.existsSync(path.join(server.root, 'one-request.bin')), false);
    });

    it('carries 160 MiB through in tus chunks of 10 MiB, byte for byte', async () => {
      const data = crypto.randomBytes(160 * mib);
      const proxied = { ...server, url: proxy.url };
      await tusUpload(proxied, token, '/api/tus/through-proxy.bin?override=false', data, {
        chunkSize: 10 * mib,
      });
      const written = fs.readFileSync(path.join(server.root, 'through-proxy.bin'));
      assert.equal(written.length, data.length);
      assert.ok(written.equals(data), 'the same bytes arrived');
    });
  },
);
