import { z } from 'zod';

/** What /amoauth sends back: the code and state the CRM put on its address. */
export const crmConnectBodySchema = z.strictObject({
  code: z
    .string()
    .min(1)
    .max(2000)
    .regex(/^[\w.~+/=-]+$/, 'code must be the code the CRM gave'),
  state: z.string().min(1).max(300),
});
export type CrmConnectBody = z.infer<typeof crmConnectBodySchema>;

export const crmStatusSchema = z.object({
  configured: z.boolean(),
  connected: z.boolean(),
  base_url: z.string().nullable(),
  expires_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type CrmStatus = z.infer<typeof crmStatusSchema>;

export const crmStatusReplySchema = z.object({ success: z.literal(true), data: crmStatusSchema });
export const crmAuthorizeReplySchema = z.object({ success: z.literal(true), url: z.string() });
