import { z } from 'zod';
import { adminListResponseSchema } from './admin-lists.ts';

/**
 * The letters the server keeps while it has no mail server (no SMTP_URL): newest first, a page at a time. The list
 * takes no CSV export: its letters hold live confirmation and password links.
 */
export const adminOutboxQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export type AdminOutboxQuery = z.infer<typeof adminOutboxQuerySchema>;

/** One kept letter as the server rendered it, with the addresses its text links to. */
export const adminOutboxLetterSchema = z.object({
  id: z.string(),
  to: z.string(),
  kind: z.string(),
  lang: z.string(),
  subject: z.string(),
  status: z.string(),
  created_at: z.string(),
  /**
   * Shown without its content: a letter to another administrator, or a reader's data export link. Its html, text
   * and links are then empty; only its addressee reads them.
   */
  sealed: z.boolean(),
  html: z.string(),
  text: z.string(),
  /** Every http(s) address of the letter, in the order it gives them. */
  links: z.array(z.string()),
});
export type AdminOutboxLetter = z.infer<typeof adminOutboxLetterSchema>;

export const adminOutboxResponseSchema = adminListResponseSchema(adminOutboxLetterSchema);
