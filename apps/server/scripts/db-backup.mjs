#!/usr/bin/env node
/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE [--force]`, for the database the environment names:
 * - PostgreSQL (DATABASE_URL set): pg_dump in its custom format, taken live; pg_restore into the database of
 *   DATABASE_URL, replacing the objects the dump holds. A database that already holds tables is refused unless
 *   `--force` says to replace it. The password goes to pg_dump and pg_restore in PGPASSWORD, never on their command
 *   line, where any user of the machine could read it.
 * - the embedded database (DATA_DIR/pglite): a gzip tar of its folder, taken while the server is stopped; a restore
 *   refuses a folder that already holds a database, unless `--force` moves it aside first.
 * A backup holds every account: its file is readable by its owner only (mode 0600).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, renameSync } from 'node:fs';
import { resolve } from 'node:path';

const [mode, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const file = rest.find((arg) => arg !== '--force');
if (!['backup', 'restore'].includes(mode) || !file) {
  console.error('usage: npm run db:backup -- FILE | npm run db:restore -- FILE [--force]');
  process.exit(2);
}
const target = resolve(process.env.INIT_CWD ?? process.cwd(), file);
const databaseUrl = process.env.DATABASE_URL;
// Every file this script and its tools write is its owner's alone.
process.umask(0o077);

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.error) {
    console.error(`${command} could not run: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The database address without its password, and the environment that carries the password instead. */
function connection(url) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env = { ...process.env };
  delete env.DATABASE_URL;
  if (password) env.PGPASSWORD = password;
  return { url: parsed.toString(), env };
}

/** How many tables of its own the database of `url` holds. */
async function tablesIn(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

if (databaseUrl) {
  const { url, env } = connection(databaseUrl);
  if (mode === 'backup') {
    run('pg_dump', ['--format=custom', '--no-owner', '--file', target, '--dbname', url], env);
  } else {
    const tables = await tablesIn(databaseUrl);
    if (tables > 0 && !force) {
      console.error(
        `the target database already holds ${tables} tables: restore into a new, empty database, ` +
          'or add --force to replace what it holds',
      );
      process.exit(1);
    }
    run('pg_restore', ['--no-owner', '--clean', '--if-exists', '--single-transaction', '--dbname', url, target], env);
  }
} else {
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR ?? './data');
  const folder = resolve(dataDir, 'pglite');
  if (mode === 'backup') {
    if (!existsSync(resolve(folder, 'PG_VERSION'))) {
      console.error(`no embedded database in ${folder}`);
      process.exit(1);
    }
    // PGlite keeps one process's files: a copy taken while the server writes is not consistent.
    if (existsSync(resolve(folder, 'postmaster.pid'))) console.warn('note: stop the server before a backup');
    run('tar', ['-czf', target, '-C', dataDir, 'pglite']);
  } else {
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      if (!force) {
        console.error(`${folder} already holds a database: stop the server, and move it away or add --force`);
        process.exit(1);
      }
      const aside = `${folder}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      renameSync(folder, aside);
      console.warn(`the database that was there is now in ${aside}`);
    }
    run('mkdir', ['-p', dataDir]);
    run('tar', ['-xzf', target, '-C', dataDir]);
  }
}
// A file that was there before keeps its old mode when overwritten: it is narrowed too.
if (mode === 'backup') chmodSync(target, 0o600);
console.log(`${mode === 'backup' ? 'backed up to' : 'restored from'} ${target}`);
