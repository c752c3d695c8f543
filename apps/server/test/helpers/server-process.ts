import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export async function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process wrote to stdout and stderr so far. */
  log(): string;
  /** Waits until `/api/health` answers 200; returns 'up', or why not. */
  up(timeoutMs?: number): Promise<string>;
  /** Resolves with the exit code once the process has ended. */
  exited(): Promise<number | null>;
}

/** The server as production runs it, a process of its own started from `src/main.ts`, with the given environment. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../../src/main.ts')], {
    cwd: resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: 'a'.repeat(40),
      SCHEDULER_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    child,
    port,
    log: () => output,
    exited: () => exit,
    async up(timeoutMs = 150_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) return `exited: ${output}`;
        const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
        if (health?.ok) return 'up';
        await new Promise((wait) => setTimeout(wait, 250));
      }
      return `timed out: ${output}`;
    },
  };
}
