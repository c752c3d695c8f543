import {
  type AdminTestimonialRow,
  type adminTestimonialUpdateSchema,
  type adminVideoCreateSchema,
  TESTIMONIAL_PENDING_MAX,
  type TestimonialDto,
  type TestimonialSubmit,
  type TestimonialTextsFile,
  type TestimonialVideosFile,
} from '@hunab/contracts';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { testimonials, users } from '../../db/schema.ts';
import { recordAudit } from '../../lib/audit.ts';
import { ApiError } from '../../lib/errors.ts';
import { cleanScreenshot } from './image.ts';

type Row = typeof testimonials.$inferSelect;

const notFound = () => new ApiError(404, 'TESTIMONIAL_NOT_FOUND', 'Testimonial not found');

/** The columns every answer needs: never the screenshot's bytes. */
const listed = {
  id: testimonials.id,
  userId: testimonials.userId,
  kind: testimonials.kind,
  status: testimonials.status,
  firstName: testimonials.firstName,
  lang: testimonials.lang,
  body: testimonials.body,
  translations: testimonials.translations,
  videoUrl: testimonials.videoUrl,
  screenshotType: testimonials.screenshotType,
  screenshotWidth: testimonials.screenshotWidth,
  screenshotHeight: testimonials.screenshotHeight,
  position: testimonials.position,
  createdAt: testimonials.createdAt,
};
type Listed = Pick<Row, keyof typeof listed>;

export const toTestimonialDto = (row: Listed): TestimonialDto => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  first_name: row.firstName,
  lang: row.lang,
  text: row.body,
  translations: row.translations,
  video_url: row.videoUrl,
  has_screenshot: row.screenshotType !== null,
  position: row.position,
  created_at: row.createdAt.toISOString(),
});

/** The text of a testimonial in a language: its own when written in it, else an administrator's translation. */
function textIn(row: Listed, lang: string): string | null {
  if (row.lang === lang && row.body) return row.body;
  return row.translations[lang]?.trim() || null;
}

/**
 * Testimonials people gave: a signed-in reader sends one (with consent to publish it with their first name),
 * administrators approve, correct, translate and order them and link the video testimonials; the published ones are
 * the files the landings and product pages read.
 */
export function createTestimonialService({ db, now }: { db: Db; now: () => Date }) {
  async function find(id: number): Promise<Listed> {
    const [row] = await db.select(listed).from(testimonials).where(eq(testimonials.id, id));
    if (!row) throw notFound();
    return row;
  }

  return {
    async submit(userId: string, body: TestimonialSubmit): Promise<TestimonialDto> {
      // Cleaned before the transaction: a refused image writes nothing.
      const image = body.screenshot ? cleanScreenshot(Buffer.from(body.screenshot, 'base64')) : null;
      return db.transaction(async (tx) => {
        // The reader's row is locked, so two sends at once cannot both pass the count of pending ones.
        await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
        const [pending] = await tx
          .select({ n: count() })
          .from(testimonials)
          .where(and(eq(testimonials.userId, userId), eq(testimonials.status, 'pending')));
        if ((pending?.n ?? 0) >= TESTIMONIAL_PENDING_MAX) {
          throw new ApiError(
            409,
            'TESTIMONIAL_LIMIT_REACHED',
            `At most ${TESTIMONIAL_PENDING_MAX} testimonials can wait for review at once.`,
          );
        }
        const at = now();
        const [row] = await tx
          .insert(testimonials)
          .values({
            userId,
            kind: 'text',
            firstName: body.first_name,
            lang: body.lang,
            body: body.text,
            screenshot: image?.bytes ?? null,
            screenshotType: image?.type ?? null,
            screenshotWidth: image?.width ?? null,
            screenshotHeight: image?.height ?? null,
            consentAt: at,
            createdAt: at,
            updatedAt: at,
          })
          .returning(listed);
        if (!row) throw new Error('the testimonial was not written');
        return toTestimonialDto(row);
      });
    },

    async mine(userId: string): Promise<TestimonialDto[]> {
      const rows = await db
        .select(listed)
        .from(testimonials)
        .where(eq(testimonials.userId, userId))
        .orderBy(desc(testimonials.id))
        .limit(50);
      return rows.map(toTestimonialDto);
    },

    /** The owner withdraws theirs; an administrator removes any. Others learn nothing (404). */
    async remove(viewer: { id: string; isAdmin: boolean }, id: number): Promise<void> {
      const row = await find(id);
      if (!viewer.isAdmin && row.userId !== viewer.id) throw notFound();
      await db.transaction(async (tx) => {
        await tx.delete(testimonials).where(eq(testimonials.id, id));
        if (viewer.isAdmin && row.userId !== viewer.id) {
          await recordAudit(tx, {
            actorId: viewer.id,
            action: 'testimonial.delete',
            targetType: 'testimonial',
            targetId: id,
            before: { kind: row.kind, status: row.status },
          });
        }
      });
    },

    /** A screenshot: anyone's once published, else its owner's and the administrators' only. */
    async screenshot(viewer: { id: string; isAdmin: boolean } | null, id: number) {
      const [row] = await db
        .select({
          userId: testimonials.userId,
          status: testimonials.status,
          bytes: testimonials.screenshot,
          type: testimonials.screenshotType,
        })
        .from(testimonials)
        .where(eq(testimonials.id, id));
      if (!row?.bytes || !row.type) throw notFound();
      const published = row.status === 'approved';
      if (!published && !viewer?.isAdmin && row.userId !== viewer?.id) throw notFound();
      return { bytes: row.bytes, type: row.type, published };
    },

    async adminList(query: { page: number; limit: number; status?: Row['status']; kind?: Row['kind'] }) {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(testimonials.status, query.status));
      if (query.kind) conditions.push(eq(testimonials.kind, query.kind));
      const where = conditions.length ? and(...conditions) : undefined;
      const [total] = await db.select({ n: count() }).from(testimonials).where(where);
      const rows = await db
        .select({ ...listed, email: users.email })
        .from(testimonials)
        .leftJoin(users, eq(users.id, testimonials.userId))
        .where(where)
        .orderBy(
          sql`case ${testimonials.status} when 'pending' then 0 when 'approved' then 1 else 2 end`,
          asc(testimonials.position),
          desc(testimonials.id),
        )
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const data: AdminTestimonialRow[] = rows.map((row) => ({ ...toTestimonialDto(row), user_email: row.email }));
      return { data, total: total?.n ?? 0 };
    },

    async adminUpdate(
      adminId: string,
      id: number,
      change: z.infer<typeof adminTestimonialUpdateSchema>,
    ): Promise<TestimonialDto> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select(listed).from(testimonials).where(eq(testimonials.id, id)).for('update');
        if (!before) throw notFound();
        if (change.video_url !== undefined && before.kind !== 'video') {
          throw new ApiError(400, 'VALIDATION_ERROR', 'Only a video testimonial has a link.');
        }
        const translations =
          change.translations === undefined
            ? undefined
            : Object.fromEntries(Object.entries(change.translations).filter(([, text]) => text));
        const at = now();
        const [after] = await tx
          .update(testimonials)
          .set({
            ...(change.status === undefined ? {} : { status: change.status, reviewedAt: at, reviewedBy: adminId }),
            ...(change.first_name === undefined ? {} : { firstName: change.first_name }),
            ...(change.text === undefined ? {} : { body: change.text }),
            ...(translations === undefined ? {} : { translations }),
            ...(change.position === undefined ? {} : { position: change.position }),
            ...(change.video_url === undefined ? {} : { videoUrl: change.video_url }),
            updatedAt: at,
          })
          .where(eq(testimonials.id, id))
          .returning(listed);
        if (!after) throw notFound();
        await recordAudit(tx, {
          actorId: adminId,
          action: 'testimonial.update',
          targetType: 'testimonial',
          targetId: id,
          // What changed, never the words or the name: the audit trail outlives an erased account.
          before: { status: before.status, position: before.position },
          after: { status: after.status, position: after.position, fields: Object.keys(change) },
        });
        return toTestimonialDto(after);
      });
    },

    async adminAddVideo(adminId: string, video: z.infer<typeof adminVideoCreateSchema>): Promise<TestimonialDto> {
      return db.transaction(async (tx) => {
        const at = now();
        const [row] = await tx
          .insert(testimonials)
          .values({
            kind: 'video',
            status: 'approved',
            firstName: video.first_name,
            lang: video.lang,
            body: video.text,
            videoUrl: video.video_url,
            position: video.position,
            reviewedAt: at,
            reviewedBy: adminId,
            createdAt: at,
            updatedAt: at,
          })
          .returning(listed);
        if (!row) throw new Error('the video testimonial was not written');
        await recordAudit(tx, {
          actorId: adminId,
          action: 'testimonial.video',
          targetType: 'testimonial',
          targetId: row.id,
          after: { kind: row.kind, status: row.status, position: row.position },
        });
        return toTestimonialDto(row);
      });
    },

    /** The published texts of a language: people's words, and the screenshots with their caption. */
    async textsFile(lang: string): Promise<TestimonialTextsFile> {
      const rows = await published(db, 'text');
      const file: TestimonialTextsFile = { people_testimonials: [], screenshots_testimonials: [] };
      for (const row of rows) {
        const text = textIn(row, lang);
        if (row.screenshotType && row.screenshotWidth && row.screenshotHeight) {
          file.screenshots_testimonials.push({
            id: row.id,
            name: row.firstName,
            text: text ?? '',
            image: `/api/testimonials/${row.id}/screenshot`,
            width: row.screenshotWidth,
            height: row.screenshotHeight,
          });
        } else if (text) {
          file.people_testimonials.push({ id: row.id, name: row.firstName, text });
        }
      }
      return file;
    },

    async videosFile(lang: string): Promise<TestimonialVideosFile> {
      const rows = await published(db, 'video');
      return {
        video_testimonials: rows
          .filter((row) => row.videoUrl)
          .map((row) => ({ id: row.id, name: row.firstName, title: textIn(row, lang) ?? '', url: row.videoUrl ?? '' })),
      };
    },
  };
}

const published = (db: Db, kind: Row['kind']) =>
  db
    .select(listed)
    .from(testimonials)
    .where(and(eq(testimonials.status, 'approved'), eq(testimonials.kind, kind)))
    .orderBy(asc(testimonials.position), desc(testimonials.id))
    .limit(100);

export type TestimonialService = ReturnType<typeof createTestimonialService>;
