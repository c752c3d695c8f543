// `npm test`: every suite, one after the other, stopping at the first that fails, then each suite's time.
// With STAGE_TIMES_FILE set, each line of that table is also appended to the file (`.ci/run` prints it at its end).
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const stages = [
  ['engine suite', ['run', 'test', '-w', '@hunab/calendar']],
  ['server suite', ['run', 'test', '-w', '@hunab/server']],
  ['web unit suite', ['run', 'test', '-w', '@hunab/web']],
  ['build', ['run', 'build']],
  ['browser suite', ['run', 'test', '-w', '@hunab/e2e-tests']],
];

const done = [];
let status = 0;
for (const [name, args] of stages) {
  const started = process.hrtime.bigint();
  const result = spawnSync('npm', args, { stdio: 'inherit' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  status = result.status ?? 1;
  const line = `${name.padEnd(16)} ${seconds.toFixed(0).padStart(6)} s${status === 0 ? '' : '  FAILED'}`;
  done.push(line);
  if (process.env.STAGE_TIMES_FILE) appendFileSync(process.env.STAGE_TIMES_FILE, `${line}\n`);
  if (status !== 0) break;
}
console.log(`\nTime per suite\n${done.map((line) => `  ${line}`).join('\n')}`);
process.exit(status);
