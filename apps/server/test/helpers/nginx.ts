import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const DEPLOY_CONFIG = new URL('../../../../deploy/nginx/hunab.conf', import.meta.url);

export const hasNginx = () => existsSync(NGINX);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Debian's nginx in front of the given app ports, with the product's own configuration (deploy/nginx/hunab.conf):
 * only its upstream ports and listening address are replaced, and it runs in the foreground from a folder of its own.
 */
export async function startNginx(upstreamPorts: number[]): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'hunab-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  const port = await freePort();
  const site = readFileSync(DEPLOY_CONFIG, 'utf8')
    .replace(/^\s*server 127\.0\.0\.1:\d+ .*$\n/gm, '')
    .replace(
      /upstream hunab_app \{/,
      `upstream hunab_app {\n${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n')}`,
    )
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`);
  if (!site.includes(`127.0.0.1:${upstreamPorts[0]}`)) throw new Error('the deploy configuration has no upstream');
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  access_log off;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${join(dir, temp)};`,
      ),
      site,
      '}',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(NGINX, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`nginx stopped: ${readFileSync(join(dir, 'error.log'), 'utf8').slice(-2000)}`);
    }
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {}
    if (Date.now() > deadline) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGQUIT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
