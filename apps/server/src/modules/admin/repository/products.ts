import { count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { products } from '../../../db/schema.ts';
import { listPage, ordered, type Page, type Transaction } from './shared.ts';

/** Every product, shown or not, for the administrators' catalogue. */
export function createProductRepository(db: Db) {
  return {
    listProducts(sort: 'sort_order' | 'id' | 'created_at', order: 'asc' | 'desc', page: Page) {
      const column = { sort_order: products.sortOrder, id: products.id, created_at: products.createdAt }[sort];
      return listPage(
        db.select({ total: count() }).from(products),
        db
          .select()
          .from(products)
          .orderBy(...ordered(column, order, products.id)),
        page,
      );
    },

    async lockProduct(tx: Transaction, id: string) {
      const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update').limit(1);
      return row;
    },

    async product(id: string) {
      const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
      return row;
    },
  };
}

export type ProductRepository = ReturnType<typeof createProductRepository>;
