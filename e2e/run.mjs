// Runs the browser tests when Chromium is present. Without it they are skipped with a loud notice, unless
// REQUIRE_BROWSER_TESTS=1 (CI), where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Browser tests SKIPPED: no Chromium at ${chromium} (install it with: apt-get install -y chromium)`;
  if (process.env.REQUIRE_BROWSER_TESTS === '1') {
    console.error(`${message}; REQUIRE_BROWSER_TESTS=1 makes this a failure.`);
    process.exit(1);
  }
  console.warn(`\n*** ${message} ***\n`);
  process.exit(0);
}
// On PostgreSQL the server under test gets a database of its own, created empty for this run and dropped after it,
// so a run never meets tables or rows left by an earlier one (or by an earlier version of a migration).
const url = process.env.DATABASE_URL;
let env = process.env;
let dropDatabase = async () => {};
if (url) {
  const { default: pg } = await import('pg');
  const name = `hunab_e2e_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  env = { ...process.env, DATABASE_URL: own.toString() };
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
await dropDatabase();
printSlowest();
process.exit(result.status ?? 1);

/** The ten slowest browser tests of the run just finished, from the JSON report. */
function printSlowest() {
  let report;
  try {
    report = JSON.parse(readFileSync(new URL('./test-results/results.json', import.meta.url), 'utf8'));
  } catch {
    return;
  }
  const tests = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = Math.max(0, ...(test.results ?? []).map((result) => result.duration ?? 0));
        tests.push({ name: `${[...path, spec.title].join(' › ')}`, ms });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  if (tests.length === 0) return;
  console.log('\nSlowest browser tests');
  for (const test of tests.sort((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`  ${(test.ms / 1000).toFixed(1).padStart(7)} s  ${test.name}`);
  }
}
