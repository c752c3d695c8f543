import { z } from 'zod';

/** The paging, sorting and export parameters every admin list endpoint accepts. */
export const adminListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  sort: z
    .string()
    .regex(/^[a-zA-Z_]{1,40}$/)
    .optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** `csv` answers the whole filtered list (up to ADMIN_CSV_MAX_ROWS rows) as a CSV download instead of one page. */
  format: z.enum(['json', 'csv']).default('json'),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** Rows one CSV export holds at most. */
export const ADMIN_CSV_MAX_ROWS = 50_000;

export const adminPaginationSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  pages: z.number(),
});
export type AdminPagination = z.infer<typeof adminPaginationSchema>;

/** The answer of an admin list: one page of rows with its pagination. */
export const adminListResponseSchema = <Row extends z.ZodType>(row: Row) =>
  z.object({ success: z.literal(true), data: z.array(row), pagination: adminPaginationSchema });
