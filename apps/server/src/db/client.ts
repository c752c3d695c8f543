import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Column, getTableName, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir, serverRoot } from '../lib/paths.ts';
import * as schema from './schema.ts';

/** Any number fits; it only has to be the same in every server process sharing a PostgreSQL database. */
const MIGRATION_LOCK = 7_260_013;

export type Schema = typeof schema;
/** One Drizzle type over both drivers: the product speaks one SQL dialect, PostgreSQL's. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of `db.transaction(async (tx) => ...)`. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Db;
  /** Where the data lives: the PGlite folder, or the PostgreSQL URL without its password. */
  readonly location: string;
  ping(): Promise<void>;
  /** Applies the committed migrations (drizzle/); safe when several processes start together. */
  migrate(): Promise<void>;
  /**
   * Applies the migrations, then runs `seed`, the whole under one PostgreSQL advisory lock: processes booting
   * together on one database take turns, so each finds the tables made and the seed of the one before it.
   */
  prepare(seed: () => Promise<void>): Promise<void>;
  /** How many migrations have been applied. */
  appliedMigrations(): Promise<number>;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (none for the embedded database). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** PostgreSQL connection URL; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** Folder holding the embedded database (its `pglite` subfolder). */
  dataDir: string;
  /** Largest number of PostgreSQL connections. */
  poolSize?: number;
}

function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not bring the process down.
    pool.on('error', () => {});
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Db;
    const database: Database = {
      kind: 'postgres',
      db,
      location: redactUrl(options.databaseUrl),
      async ping() {
        await pool.query('select 1');
      },
      migrate: () => database.prepare(async () => {}),
      // A session-level advisory lock held on one connection makes processes take turns: each migration runs once,
      // and a seed never runs beside another process's.
      async prepare(seed) {
        const connection = await pool.connect();
        try {
          await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePostgres(drizzlePostgres({ client: connection, schema }), { migrationsFolder: migrationsDir });
          await seed();
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          connection.release();
        }
      },
      appliedMigrations: () => countMigrations(db),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async close() {
        await pool.end();
      },
    };
    await database.ping();
    return database;
  }
  const dir = resolve(options.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  if (!existsSync(resolve(dir, 'PG_VERSION'))) await createPgliteCluster(dir);
  // pg_trgm: the trigram indexes of the admin area's search (PostgreSQL ships it; PGlite loads it here).
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  const migrate = async () => {
    await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsDir });
  };
  return {
    kind: 'pglite',
    db,
    location: dir,
    async ping() {
      await db.execute(sql`select 1`);
    },
    migrate,
    // One process owns the embedded database: nothing to take turns with.
    async prepare(seed) {
      await migrate();
      await seed();
    },
    appliedMigrations: () => countMigrations(db),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * Creating a PGlite cluster takes several hundred MB of WebAssembly memory that a process never gives back,
 * so a short-lived child process creates it and the server then opens the finished folder.
 */
async function createPgliteCluster(dir: string): Promise<void> {
  const script = `import { PGlite } from '@electric-sql/pglite'; await (await PGlite.create(process.argv[1])).close();`;
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script, dir], {
      cwd: serverRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`creating the embedded database in ${dir} failed (exit code ${code})`)),
    );
  });
}

/**
 * A column named with its table, for a subquery in a select list that points at the outer row. Drizzle writes the
 * columns of a one-table select without their table, so `${inner.linkId} = ${outer.id}` there reads `"link_id" =
 * "id"`, and PostgreSQL takes both from the inner table when it has an `id` of its own.
 */
export function outer(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function countMigrations(db: Db): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return Number(row?.count ?? 0);
}
