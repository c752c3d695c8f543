// Time from starting the server to its first answer of /api/health, and its resident memory at idle,
// with the embedded database (new and existing data folder) and with PostgreSQL when DATABASE_URL is set.
// Usage: node bench/server-start.mjs [--npm-start]   (--npm-start also times `npm start`, which builds first)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PORT = 3900;
const root = new URL('..', import.meta.url).pathname;

async function waitForHealth(deadline) {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the server did not answer within the deadline');
}

/** Resident memory of a process and its children (npm start runs node under a shell). */
function rssMegabytes(pid) {
  const ids = [pid];
  for (let i = 0; i < ids.length; i++) {
    try {
      const children = readFileSync(`/proc/${ids[i]}/task/${ids[i]}/children`, 'utf8').trim();
      if (children) ids.push(...children.split(/\s+/).map(Number));
    } catch {}
  }
  let kb = 0;
  for (const id of ids) {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'));
      if (match) kb += Number(match[1]);
    } catch {}
  }
  return kb / 1024;
}

async function measure(label, command, args, env) {
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    await waitForHealth(started + 180_000);
    const seconds = (Date.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const rss = rssMegabytes(child.pid);
    console.log(
      `${label}: first /api/health answer after ${seconds.toFixed(2)} s; resident memory at idle ${rss.toFixed(0)} MB`,
    );
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'hunab-bench-'));
const server = ['apps/server/dist/main.js'];
if (process.argv.includes('--npm-start')) {
  await measure('npm start (build + serve), new embedded database', 'npm', ['start'], {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
  });
  rmSync(dataDir, { recursive: true, force: true });
}
await measure('server, embedded database, new data folder', 'node', server, { DATA_DIR: dataDir, DATABASE_URL: '' });
await measure('server, embedded database, existing data folder', 'node', server, {
  DATA_DIR: dataDir,
  DATABASE_URL: '',
});
if (process.env.DATABASE_URL) {
  await measure('server, PostgreSQL', 'node', server, { DATA_DIR: dataDir });
}
rmSync(dataDir, { recursive: true, force: true });
