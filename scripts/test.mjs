// `npm test`: every suite, then each suite's time. The server suite spends most of its time waiting on its databases,
// so the web unit suite and the build run beside it (their output is held and printed when they end, so the logs do
// not interleave); the browser suite runs alone once both have passed. The first failure stops what follows.
// With STAGE_TIMES_FILE set, each line of the time table is also appended to the file (`.ci/run` prints it).
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const npm = (...args) => ['npm', ['run', ...args]];
const GROUPS = [
  [
    [['server suite', npm('test', '-w', '@hunab/server')]],
    [['engine suite', npm('test', '-w', '@hunab/calendar')]],
    [
      ['web unit suite', npm('test', '-w', '@hunab/web')],
      ['build', npm('build')],
    ],
  ],
  [[['browser suite', npm('test', '-w', '@hunab/e2e-tests')]]],
];

const times = [];
function note(name, seconds, ok) {
  const line = `${name.padEnd(16)} ${seconds.toFixed(0).padStart(6)} s${ok ? '' : '  FAILED'}`;
  times.push(line);
  if (process.env.STAGE_TIMES_FILE) appendFileSync(process.env.STAGE_TIMES_FILE, `${line}\n`);
}

/** Runs one stage; its output goes straight to the terminal, or is held and printed at its end. */
function run([name, [command, args]], hold) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, args, { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const held = [];
    if (hold) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
    child.on('close', (code) => {
      if (hold) process.stdout.write(`\n== ${name}\n${Buffer.concat(held).toString()}`);
      const ok = code === 0;
      note(name, Number(process.hrtime.bigint() - started) / 1e9, ok);
      resolve(ok);
    });
  });
}

/** A lane runs its stages one after another and stops at the first that fails. */
async function lane(stages, hold) {
  for (const stage of stages) if (!(await run(stage, hold))) return false;
  return true;
}

let ok = true;
for (const group of GROUPS) {
  // The first lane of a group writes to the terminal as it goes, the others are held.
  const results = await Promise.all(group.map((stages, index) => lane(stages, index > 0)));
  if (results.includes(false)) {
    ok = false;
    break;
  }
}
console.log(`\nTime per suite\n${times.map((line) => `  ${line}`).join('\n')}`);
process.exit(ok ? 0 : 1);
