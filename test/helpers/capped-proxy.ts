// nginx in front of Drawer with a 100 MB cap on request bodies (client_max_body_size, like
// Cloudflare's limit), for the tests of uploads that must get through it.
import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from './cli';

export interface CappedProxy {
  url: string;
  stop(): void;
}

export const hasNginx = !spawnSync('nginx', ['-v']).error;

/** nginx in front of Drawer, as the README's block has it but with a 100 MB body cap. */
export async function startCappedProxy(dir: string, upstream: string): Promise<CappedProxy> {
  const prefix = path.join(dir, 'nginx');
  fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const port = await freePort();
  const config = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    config,
    // Started as root, nginx's workers would drop to "nobody", who cannot write its temp folder.
    `${process.getuid?.() === 0 ? 'user root;' : ''} daemon off; worker_processes 1;
error_log ${prefix}/logs/error.log; pid ${prefix}/nginx.pid;
events { worker_connections 64; }
http { access_log off;
  client_body_temp_path ${prefix}; proxy_temp_path ${prefix}; fastcgi_temp_path ${prefix};
  uwsgi_temp_path ${prefix}; scgi_temp_path ${prefix};
  server { listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_set_header Host $host:$server_port;
      client_max_body_size 100m;
      proxy_request_buffering off;
      proxy_http_version 1.1;
    } } }\n`,
  );
  const child: ChildProcess = spawn('nginx', ['-p', prefix, '-c', config], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const up = await new Promise<boolean>((resolve) =>
      http
        .get(`${url}/health`, (response) => {
          response.resume();
          resolve(response.statusCode === 200);
        })
        .on('error', () => resolve(false)),
    );
    if (up) return { url, stop: () => child.kill() };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`nginx did not start: ${fs.readFileSync(`${prefix}/logs/error.log`, 'utf8')}`);
}
