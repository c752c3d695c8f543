import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testimonials } from '../../db/schema.ts';

/** For the reader's data export: the testimonials they gave, saying whether each has a screenshot, not the image. */
export async function testimonialsForExport(db: Db, userId: string) {
  return db
    .select({
      id: testimonials.id,
      status: testimonials.status,
      first_name: testimonials.firstName,
      language: testimonials.lang,
      text: testimonials.body,
      translations: testimonials.translations,
      has_screenshot: sql<boolean>`${testimonials.screenshot} is not null`,
      consent_at: testimonials.consentAt,
      created_at: testimonials.createdAt,
    })
    .from(testimonials)
    .where(eq(testimonials.userId, userId))
    .orderBy(asc(testimonials.id));
}
