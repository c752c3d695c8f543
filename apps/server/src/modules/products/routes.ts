import {
  cacheClearResponseSchema,
  langQuerySchema,
  productIdParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
  variationsResponseSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CacheRegistry } from '../../lib/caches.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { AuthService } from '../auth/service.ts';
import { sessionHooks } from '../auth/session.ts';
import { type ProductService, pick, toProductDto } from './service.ts';

const errors = errorResponses(400, 401, 403, 404);

/** The catalogue (spec 001 section 7, Products) and the administrators' cache tools (spec 001 section 8). */
export const productRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  products: ProductService;
  caches: CacheRegistry;
}> = async (app, { auth, products, caches }) => {
  const session = sessionHooks(auth);

  app.get(
    '/products',
    {
      schema: {
        summary: 'The products on sale: programmes, their variations and the subscription plans',
        tags: ['products'],
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { include_variations, parent_only, page, limit, category, search, lang } = request.query;
      const rows = await products.visible();
      const needle = search?.trim().toLowerCase();
      const matching = rows.filter(
        (row) =>
          (!parent_only || !row.parentId) &&
          (!category || row.productGroup === category || row.type === category) &&
          (!needle ||
            row.id.includes(needle) ||
            Object.values(row.nameI18n).some((name) => name.toLowerCase().includes(needle)) ||
            pick(row.descrShortI18n, lang, '').toLowerCase().includes(needle)),
      );
      const start = (page - 1) * limit;
      const pageRows = matching.slice(start, start + limit);
      return {
        success: true as const,
        products: pageRows.map((row) => {
          const children = products.childrenOf(rows, row.id);
          const dto = toProductDto(row, lang, children);
          return include_variations ? { ...dto, variations: children.map((child) => toProductDto(child, lang)) } : dto;
        }),
        pagination: { page, limit, total: matching.length, pages: Math.max(1, Math.ceil(matching.length / limit)) },
        message: matching.length ? 'Products loaded' : 'No products match',
      };
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        summary: 'One product with its variations',
        tags: ['products'],
        params: productIdParamsSchema,
        querystring: langQuerySchema,
        response: { 200: productResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await products.buyable(request.params.id);
      const children = products.childrenOf(await products.visible(), row.id);
      const { lang } = request.query;
      return {
        success: true as const,
        product: { ...toProductDto(row, lang, children), variations: children.map((c) => toProductDto(c, lang)) },
      };
    },
  );

  app.get(
    '/products/:id/variations',
    {
      schema: {
        summary: "A product's variations, in their order",
        tags: ['products'],
        params: productIdParamsSchema,
        querystring: langQuerySchema,
        response: { 200: variationsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await products.buyable(request.params.id);
      const children = products.childrenOf(await products.visible(), row.id);
      return { success: true as const, variations: children.map((child) => toProductDto(child, request.query.lang)) };
    },
  );

  app.post(
    '/products/cache/clear',
    {
      schema: {
        summary: "Empty this server's products cache (administrators only)",
        tags: ['admin'],
        response: { 200: cacheClearResponseSchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async () => {
      const clearedEntries = caches.clear('products');
      return { success: true as const, clearedEntries, message: `Products cache cleared: ${clearedEntries} entries` };
    },
  );

  app.post(
    '/calculations/clear-cache',
    {
      schema: {
        summary: "Empty this server's cache of calendar calculations (administrators only)",
        tags: ['admin'],
        response: { 200: cacheClearResponseSchema, ...errors },
      },
      preHandler: [session.required, session.admin],
    },
    async () => {
      const clearedEntries = caches.clear('calculations');
      return { success: true as const, clearedEntries, message: `Backend cache cleared: ${clearedEntries} entries` };
    },
  );
};
