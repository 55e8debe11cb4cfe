// nginx in front of Drawer with a 100 MB cap on request bodies (client_max_body_size, like
// Cloudflare's limit), for the tests of uploads that must get through it.
import path from 'node:path';
import { startNginx } from './nginx';

export { hasNginx } from './nginx';

export interface CappedProxy {
  url: string;
  stop(): void;
}

/** nginx in front of Drawer, as the README's block has it but with a 100 MB body cap. */
export async function startCappedProxy(dir: string, upstream: string): Promise<CappedProxy> {
  const nginx = await startNginx({
    prefix: path.join(dir, 'nginx'),
    server: `location / {
      proxy_pass ${upstream};
      proxy_set_header Host $host:$server_port;
      client_max_body_size 100m;
      proxy_request_buffering off;
      proxy_http_version 1.1;
    }`,
    // Up once it reaches Drawer through the proxy.
    readyPath: '/health',
    isUp: (status) => status === 200,
  });
  return { url: nginx.url, stop: () => void nginx.stop() };
}
