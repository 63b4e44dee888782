import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TPinning } from './cores';
import { startServer, type TRunningServer } from './server-process';

export const NGINX = '/usr/sbin/nginx';
export const hasNginx = (): boolean => existsSync(NGINX);

/**
 * The `nginx.conf` of a throwaway nginx in `dir`: one worker (pinned to the server core like every
 * server here, as the api is one process on it), no daemon, no access log, every temp path inside
 * `dir`. Served files as an operator serves hot static files: sendfile with TCP_CORK
 * (`tcp_nopush`), sendfile_max_chunk at its default since 1.21.4 (2m: no connection hogs the
 * worker), and open descriptors cached (`open_file_cache`: no open/fstat/close per request, as the
 * api keeps its file handles; ~15-25 % of nginx's CPU per 256 KiB range measured on 2026-11-30).
 * `http` is the body of its http block (servers, upstreams); `readyPort` must serve
 * `location = /healthz`.
 */
export function nginxConfig(dir: string, http: string): string {
  return `
worker_processes 1;
daemon off;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 60s;
  keepalive_requests 1000000;
  default_type application/octet-stream;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http}
}
`;
}

/** Starts nginx with a generated config in `dir`; ready once `readyPort` answers `/healthz`. */
export async function startNginx(
  dir: string,
  http: string,
  readyPort: number,
  pinning: TPinning,
): Promise<TRunningServer> {
  await mkdir(dir, { recursive: true });
  const config = path.join(dir, 'nginx.conf');
  await writeFile(config, nginxConfig(dir, http));
  return startServer(
    {
      label: 'nginx',
      command: NGINX,
      args: ['-p', dir, '-c', config],
      cwd: dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      port: readyPort,
      readyPath: '/healthz',
    },
    pinning,
    15_000,
  );
}
