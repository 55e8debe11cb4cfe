// nginx on a free loopback port for tests and benchmarks: a config of its own in `prefix`,
// answering once `isUp` accepts a GET of `readyPath`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { freePort } from './cli';

export const hasNginx = !spawnSync('nginx', ['-v']).error;

export interface Nginx {
  url: string;
  stop(): Promise<void>;
}

export interface NginxSetup {
  /** A folder of its own: config, pid, logs and temp files. */
  prefix: string;
  /** Directives inside `http { }` besides the temp paths. */
  http?: string;
  /** Directives inside `server { }` besides `listen`. */
  server: string;
  readyPath?: string;
  isUp?: (status: number) => boolean;
}

function statusOf(url: string): Promise<number> {
  return new Promise((resolve) => {
    http
      .get(url, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      })
      .on('error', () => resolve(0));
  });
}

export async function startNginx(setup: NginxSetup): Promise<Nginx> {
  const { prefix } = setup;
  fs.mkdirSync(`${prefix}/logs`, { recursive: true });
  const port = await freePort();
  const config = `${prefix}/nginx.conf`;
  fs.writeFileSync(
    config,
    // Started as root, nginx's workers would drop to "nobody", who cannot use the private temp folder.
    `${process.getuid?.() === 0 ? 'user root;' : ''} daemon off; worker_processes 1;
error_log ${prefix}/logs/error.log; pid ${prefix}/nginx.pid;
events { worker_connections 64; }
http { access_log off; ${setup.http ?? ''}
  client_body_temp_path ${prefix}; proxy_temp_path ${prefix}; fastcgi_temp_path ${prefix};
  uwsgi_temp_path ${prefix}; scgi_temp_path ${prefix};
  server { listen 127.0.0.1:${port}; ${setup.server} } }\n`,
  );
  const child = spawn('nginx', ['-p', prefix, '-c', config], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  const isUp = setup.isUp ?? ((status: number) => status > 0);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (isUp(await statusOf(`${url}${setup.readyPath ?? '/'}`))) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not start: ${fs.readFileSync(`${prefix}/logs/error.log`, 'utf8')}`);
}
