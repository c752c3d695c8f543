// Runs the browser tests when Chromium is present. Without it they are skipped with a loud notice, unless
// REQUIRE_BROWSER_TESTS=1 (CI), where a missing browser is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
process.exit(result.status ?? 1);
