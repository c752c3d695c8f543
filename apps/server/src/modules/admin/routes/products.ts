import {
  type AdminProductRow,
  adminProductCreateBodySchema,
  adminProductFieldsSchema,
  adminProductParamsSchema,
  adminProductResponseSchema,
  adminProductsQuerySchema,
  adminProductsResponseSchema,
  adminReorderBodySchema,
  okResponseSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRepository } from '../repository/products.ts';
import { type ProductAdmin, toAdminProductRow } from '../service/products.ts';
import { type AdminSection, type CsvExport, errors, pageOf, pageOrCsv, tags } from './section.ts';

const PRODUCTS_CSV: CsvExport<AdminProductRow> = {
  name: 'products',
  columns: [
    ['id', (r) => r.id],
    ['slug', (r) => r.slug],
    ['type', (r) => r.type],
    ['name_ru', (r) => r.name_i18n.ru],
    ['name_en', (r) => r.name_i18n.en],
    ['price_rub_minor', (r) => r.price_rub],
    ['price_usd_minor', (r) => r.price_usd],
    ['vat_code', (r) => r.vat_code],
    ['days', (r) => r.days],
    ['show', (r) => r.show],
    ['active', (r) => r.is_active],
    ['parent', (r) => r.parent_id],
    ['sort_order', (r) => r.sort_order],
  ],
};

/** The catalogue: every product with all its fields, its creation, its edits and the order of the list. */
export const adminProductRoutes: FastifyPluginAsyncZod<
  AdminSection & { repo: ProductRepository; catalogue: ProductAdmin }
> = async (app, { guard, changedBy, repo, catalogue }) => {
  app.get(
    '/admin/products',
    {
      schema: {
        summary: 'Every product, shown or not, with all its fields (administrators only)',
        tags,
        querystring: adminProductsQuerySchema,
        response: { 200: adminProductsResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request, reply) => {
      const query = request.query;
      const { rows, total } = await repo.listProducts(query.sort, query.order, pageOf(query));
      return pageOrCsv(reply, query, { data: rows.map(toAdminProductRow), total }, PRODUCTS_CSV);
    },
  );

  app.post(
    '/admin/products',
    {
      bodyLimit: 256 * 1024,
      schema: {
        summary: 'Create a product or a variation (prices in minor units, texts per language)',
        tags,
        body: adminProductCreateBodySchema,
        response: { 200: adminProductResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = changedBy(request);
      const { id, ...fields } = request.body;
      return { success: true as const, data: await catalogue.saveProduct(me, id, fields, true) };
    },
  );

  app.put(
    '/admin/products/:id',
    {
      bodyLimit: 256 * 1024,
      schema: {
        summary: "Replace a product's fields; the products cache is emptied",
        tags,
        params: adminProductParamsSchema,
        body: adminProductFieldsSchema,
        response: { 200: adminProductResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      const me = changedBy(request);
      return { success: true as const, data: await catalogue.saveProduct(me, request.params.id, request.body, false) };
    },
  );

  app.post(
    '/admin/products/reorder',
    {
      schema: {
        summary: 'Put the products in the order given',
        tags,
        body: adminReorderBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
      ...guard,
    },
    async (request) => {
      await catalogue.reorderProducts(changedBy(request), request.body.ids);
      return { success: true as const };
    },
  );
};
