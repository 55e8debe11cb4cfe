// nginx as a benchmark baseline: serving a folder on a free loopback port, when it is installed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    http
      .get(url, (response) => {
        response.resume();
        resolve(true);
      })
      .on('error', () => resolve(false));
  });
}

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

/** nginx serving `root` (plus `locationConfig` in its server block), or undefined when not installed. */
export async function startNginx(root: string, locationConfig = ''): Promise<Nginx | undefined> {
  if (spawnSync('nginx', ['-v']).error) return undefined;
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-bench-nginx-'));
  fs.mkdirSync(path.join(prefix, 'logs'));
  const port = await freePort();
  const config = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    config,
    // Started as root, nginx's workers would drop to "nobody", who cannot read the private temp folder.
    `${process.getuid?.() === 0 ? 'user root;' : ''} daemon off; worker_processes 1; error_log ${prefix}/logs/error.log; pid ${prefix}/nginx.pid;
events { worker_connections 64; }
http { access_log off; sendfile on; tcp_nopush on;
  client_body_temp_path ${prefix}; proxy_temp_path ${prefix}; fastcgi_temp_path ${prefix}; uwsgi_temp_path ${prefix}; scgi_temp_path ${prefix};
  server { listen 127.0.0.1:${port}; root ${root}; ${locationConfig} } }\n`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', config], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill();
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(prefix, { recursive: true, force: true });
  };
  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await answers(`${url}/`)) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  return undefined;
}
