import { z } from 'zod';
import { languageSchema } from './calendar.ts';
import { successSchema } from './errors.ts';
import { safeText } from './text.ts';

/** A testimonial's text, in characters. */
export const TESTIMONIAL_TEXT_MIN = 20;
export const TESTIMONIAL_TEXT_MAX = 2_000;
/** A screenshot's bytes, before base64. */
export const TESTIMONIAL_SCREENSHOT_MAX_BYTES = 1_000_000;
/** Testimonials one reader may have waiting for review at once. */
export const TESTIMONIAL_PENDING_MAX = 3;
/** How long the published files may be kept by browsers and proxies (spec 001 section 9: testimonials cache 5 min). */
export const TESTIMONIALS_CACHE_SECONDS = 300;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const base64Max = Math.ceil(TESTIMONIAL_SCREENSHOT_MAX_BYTES / 3) * 4;

const testimonialText = safeText(TESTIMONIAL_TEXT_MAX)
  .trim()
  .min(TESTIMONIAL_TEXT_MIN, `must be at least ${TESTIMONIAL_TEXT_MIN} characters`);
const firstName = safeText(60).trim().min(1, 'is required');

/** POST /testimonials: a signed-in reader's testimonial. */
export const testimonialSubmitSchema = z.strictObject({
  text: testimonialText,
  first_name: firstName,
  /** The reader agrees to its publication with their first name; nothing is kept without it. */
  consent: z.literal(true, { error: 'Consent to publish is required' }),
  lang: languageSchema,
  /** A PNG or JPEG, base64; its type is read from its bytes. */
  screenshot: z
    .string()
    .max(base64Max, `must be at most ${TESTIMONIAL_SCREENSHOT_MAX_BYTES} bytes`)
    .regex(BASE64, 'must be base64')
    .optional(),
});
export type TestimonialSubmit = z.infer<typeof testimonialSubmitSchema>;

export const TESTIMONIAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const TESTIMONIAL_KINDS = ['text', 'video'] as const;

export const testimonialSchema = z.object({
  id: z.number(),
  kind: z.enum(TESTIMONIAL_KINDS),
  status: z.enum(TESTIMONIAL_STATUSES),
  first_name: z.string(),
  lang: z.string(),
  text: z.string(),
  translations: z.record(z.string(), z.string()),
  video_url: z.string().nullable(),
  has_screenshot: z.boolean(),
  position: z.number(),
  created_at: z.string(),
});
export type TestimonialDto = z.infer<typeof testimonialSchema>;

export const myTestimonialsReplySchema = successSchema(z.array(testimonialSchema));
export const testimonialReplySchema = successSchema(testimonialSchema);
export const testimonialIdParamsSchema = z.strictObject({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1),
});

/** An administrator's list of testimonials, by state and kind. */
export const adminTestimonialsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  status: z
    .enum(TESTIMONIAL_STATUSES)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  kind: z
    .enum(TESTIMONIAL_KINDS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export const adminTestimonialRowSchema = testimonialSchema.extend({ user_email: z.string().nullable() });
export type AdminTestimonialRow = z.infer<typeof adminTestimonialRowSchema>;
export const adminTestimonialsReplySchema = z.object({
  success: z.literal(true),
  data: z.array(adminTestimonialRowSchema),
  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
});

const translationsSchema = z
  .partialRecord(languageSchema, safeText(TESTIMONIAL_TEXT_MAX).trim())
  .refine((value) => Object.keys(value).length <= 8, 'at most one translation per language');

/** PUT /admin/testimonials/{id}: approve or reject, correct, translate and order. */
export const adminTestimonialUpdateSchema = z.strictObject({
  status: z.enum(TESTIMONIAL_STATUSES).optional(),
  first_name: firstName.optional(),
  text: safeText(TESTIMONIAL_TEXT_MAX).trim().optional(),
  translations: translationsSchema.optional(),
  position: z.number().int().min(-10_000).max(10_000).optional(),
  video_url: z.string().optional(),
});

/** Video hosts whose links are published (as links and embeds of their own players). */
export const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'youtu.be', 'vimeo.com', 'rutube.ru', 'vk.com'] as const;
const hosts = VIDEO_HOSTS.map((host) => host.replaceAll('.', '\\.')).join('|');
const VIDEO_URL = new RegExp(`^https://(?:${hosts})/[^\\s<>"']*$`);
export const videoUrlSchema = z
  .string()
  .max(300)
  .regex(VIDEO_URL, 'must be an https link to YouTube, Vimeo, Rutube or VK');

/** POST /admin/testimonials/videos: a video testimonial a person gave, linked by an administrator. */
export const adminVideoCreateSchema = z.strictObject({
  video_url: videoUrlSchema,
  first_name: firstName,
  lang: languageSchema,
  /** A short title or quote, in the video's language. */
  text: safeText(300).trim().default(''),
  position: z.number().int().min(-10_000).max(10_000).default(0),
});

/** GET /content/{lang}/products/testimonial_texts_{lang}.json (spec 001 section 7). */
export const testimonialTextsFileSchema = z.object({
  people_testimonials: z.array(z.object({ id: z.number(), name: z.string(), text: z.string() })),
  screenshots_testimonials: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      text: z.string(),
      image: z.string(),
      width: z.number(),
      height: z.number(),
    }),
  ),
});
export type TestimonialTextsFile = z.infer<typeof testimonialTextsFileSchema>;
/** GET /content/{lang}/products/testimonial_videos_{lang}.json. */
export const testimonialVideosFileSchema = z.object({
  video_testimonials: z.array(z.object({ id: z.number(), name: z.string(), title: z.string(), url: z.string() })),
});
export type TestimonialVideosFile = z.infer<typeof testimonialVideosFileSchema>;
