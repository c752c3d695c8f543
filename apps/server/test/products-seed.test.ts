import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../src/db/schema.ts';
import { CATALOGUE } from '../src/modules/products/catalogue.ts';
import { seedProducts } from '../src/modules/products/service.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const api = client(() => ctx.app);

describe('the catalogue at boot', () => {
  it('brings a new translation into a stored product while keeping what an administrator wrote', async () => {
    const item = CATALOGUE.find((product) => product.id === '13days');
    if (!item?.descrShort.es || !item.descrShort.en) throw new Error('the catalogue lost its texts');
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, '13days'));
    if (!row) throw new Error('13days was not seeded');
    // An installation seeded before Spanish was written holds the English stand-in; German was edited by hand.
    await ctx.database.db
      .update(products)
      .set({
        descrShortI18n: { ...row.descrShortI18n, es: item.descrShort.en, de: 'Von Hand geschrieben.' },
        nameI18n: { ...row.nameI18n, pt: 'Nome escolhido pelo administrador' },
      })
      .where(eq(products.id, '13days'));

    expect(await seedProducts(ctx.database.db)).toBe(0);
    const [after] = await ctx.database.db.select().from(products).where(eq(products.id, '13days'));
    expect(after?.descrShortI18n).toMatchObject({
      es: item.descrShort.es,
      de: 'Von Hand geschrieben.',
      en: item.descrShort.en,
    });
    expect(after?.nameI18n.pt).toBe('Nome escolhido pelo administrador');
    // A second boot changes nothing more.
    await seedProducts(ctx.database.db);
    const [again] = await ctx.database.db.select().from(products).where(eq(products.id, '13days'));
    expect(again?.descrShortI18n).toEqual(after?.descrShortI18n);
    expect(again?.updatedAt).toEqual(after?.updatedAt);

    const spanish = await api.get('/api/products/13days?lang=es');
    expect(JSON.stringify(spanish.body)).toContain(item.descrShort.es);
  });
});
