// A database of a benchmark's own on the PostgreSQL server that DATABASE_URL names.
import pg from 'pg';

/**
 * The server's address (DATABASE_URL) and the address of the database `name` on it. Exits with a hint when
 * DATABASE_URL does not name a PostgreSQL server.
 */
export function benchDatabase(name) {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl?.startsWith('postgres')) {
    console.error('Set DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test');
    process.exit(1);
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { baseUrl, dbUrl: url.toString() };
}

/** Runs `run` with a client connected to `url`, and disconnects after it. */
export async function withClient(url, run) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
