// Starts the built server (apps/server/dist/main.js) on a free port with a new embedded database, or on
// PostgreSQL when DATABASE_URL is set, and stops it again. BENCH_NODE_ARGS adds Node options to the server process,
// e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/profile' to see where a benchmark's server time goes.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

/**
 * `dataDir` reuses an embedded database folder (and keeps it on stop); without it each start gets a new one.
 * `kill()` ends the process with SIGKILL, as a crash or an out-of-memory killer would.
 */
export async function startServer({ port = 3950, env = {}, dataDir: given } = {}) {
  const dataDir = given ?? mkdtempSync(join(tmpdir(), 'hunab-bench-'));
  const child = spawn(
    'node',
    [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), 'apps/server/dist/main.js'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        // A benchmark is one address opening many accounts on purpose.
        REGISTRATIONS_PER_ADDRESS_PER_HOUR: '1000000',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      // A server that already stopped (or crashed) emits no second exit event to wait for.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.on('exit', resolve));
      }
      if (!given) rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await new Promise((resolve) => child.on('exit', resolve));
      }
    },
  };
}

/** The bearer token of an administrator signed in on the server at `url`, for the benchmarks of admin pages. */
export async function signIn(url, credentials) {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  }).then((reply) => reply.json());
  if (!login.token) throw new Error(`the administrator could not sign in: ${JSON.stringify(login)}`);
  return login.token;
}
