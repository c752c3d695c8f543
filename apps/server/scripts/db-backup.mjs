#!/usr/bin/env node
/**
 * `npm run db:backup -- FILE` and `npm run db:restore -- FILE`, for the database the environment names:
 * - PostgreSQL (DATABASE_URL set): pg_dump in its custom format, taken live; pg_restore into the database of
 *   DATABASE_URL, replacing the objects the dump holds (a new, empty database is the safe target).
 * - the embedded database (DATA_DIR/pglite): a gzip tar of its folder, taken while the server is stopped; a restore
 *   refuses a folder that already holds a database.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';

const [mode, file] = process.argv.slice(2);
if (!['backup', 'restore'].includes(mode) || !file) {
  console.error('usage: npm run db:backup -- FILE | npm run db:restore -- FILE');
  process.exit(2);
}
const target = resolve(process.env.INIT_CWD ?? process.cwd(), file);
const databaseUrl = process.env.DATABASE_URL;

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error) {
    console.error(`${command} could not run: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (databaseUrl) {
  if (mode === 'backup') run('pg_dump', ['--format=custom', '--no-owner', '--file', target, databaseUrl]);
  else
    run('pg_restore', [
      '--no-owner',
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--dbname',
      databaseUrl,
      target,
    ]);
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
      console.error(`${folder} already holds a database: move it away first (and stop the server)`);
      process.exit(1);
    }
    run('mkdir', ['-p', dataDir]);
    run('tar', ['-xzf', target, '-C', dataDir]);
  }
}
console.log(`${mode === 'backup' ? 'backed up to' : 'restored from'} ${target}`);
