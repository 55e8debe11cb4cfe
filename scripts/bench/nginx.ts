// nginx as a benchmark baseline: serving a folder on a free loopback port, when it is installed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Nginx } from '../../test/helpers/nginx';
import { hasNginx, startNginx as startServing } from '../../test/helpers/nginx';

/** nginx serving `root` (plus `serverConfig` in its server block), or undefined when it is not installed or does not start. */
export async function startNginx(root: string, serverConfig = ''): Promise<Nginx | undefined> {
  if (!hasNginx) return undefined;
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'drawer-bench-nginx-'));
  const nginx = await startServing({
    prefix,
    http: 'sendfile on; tcp_nopush on;',
    server: `root ${root}; ${serverConfig}`,
  }).catch(() => undefined);
  if (!nginx) {
    fs.rmSync(prefix, { recursive: true, force: true });
    return undefined;
  }
  return {
    url: nginx.url,
    async stop() {
      await nginx.stop();
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
