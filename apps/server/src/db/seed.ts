import { seedProducts } from '../modules/products/service.ts';
import type { Database } from './client.ts';
import { appMeta } from './schema.ts';

/**
 * Puts what a new installation needs into the database. Runs at every boot and only adds what is missing,
 * so it is safe to repeat and safe for several processes at once.
 */
export async function seedDatabase(database: Database, version: string): Promise<void> {
  await database.db
    .insert(appMeta)
    .values({ key: 'installation', value: { createdAt: new Date().toISOString(), firstVersion: version } })
    .onConflictDoNothing();
  await seedProducts(database.db);
}
