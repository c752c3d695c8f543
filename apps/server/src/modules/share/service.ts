import { createHash } from 'node:crypto';
import { kinEntity, kinOfDate, type Language, parseDate } from '@hunab/calendar';
import { ApiError } from '../../lib/errors.ts';
import { compareSignatures } from '../compat/service.ts';
import { fontFilesFor } from './fonts.ts';
import type { DrawingPool } from './pool.ts';
import { compatImageSvg, dayImageSvg, IMAGE_WIDTH, kinImageSvg } from './svg.ts';

export interface ShareImage {
  png: Buffer;
  etag: string;
}

/** Images kept in memory, the most recently used last; about 60 KB each. */
const KEPT_IMAGES = 600;

/**
 * Share images of a kin, a day, a birth card and two people. The same address always draws the same image, so each
 * is drawn once and kept (least recently used first out); the drawing itself happens on the pool's threads, and
 * requests for an image already being drawn wait for that one drawing.
 */
export function createShareService(pool: DrawingPool) {
  const kept = new Map<string, ShareImage>();
  const drawing = new Map<string, Promise<ShareImage>>();

  async function drawn(key: string, lang: Language, draw: () => string): Promise<ShareImage> {
    const png = await pool.draw({
      svg: draw(),
      width: IMAGE_WIDTH,
      fontFiles: await fontFilesFor(lang),
      defaultFontFamily: 'Noto Sans',
    });
    const made = { png, etag: `"${createHash('sha1').update(png).digest('base64url')}"` };
    kept.set(key, made);
    if (kept.size > KEPT_IMAGES) kept.delete(kept.keys().next().value as string);
    return made;
  }

  async function image(
    key: string,
    lang: Language,
    draw: () => string,
  ): Promise<{ image: ShareImage; cached: boolean }> {
    const known = kept.get(key);
    if (known) {
      kept.delete(key);
      kept.set(key, known);
      return { image: known, cached: true };
    }
    let pending = drawing.get(key);
    if (!pending) {
      pending = drawn(key, lang, draw).finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    return { image: await pending, cached: false };
  }

  return {
    /** Whether the image of `key` is kept or being drawn: answering it costs no new drawing. */
    has: (key: string) => kept.has(key) || drawing.has(key),

    kin(n: number, lang: Language, birth?: string) {
      if (birth !== undefined && kinOfDate(parseDate(birth)) !== n) {
        throw new ApiError(400, 'VALIDATION_ERROR', `The kin of ${birth} is ${kinOfDate(parseDate(birth))}, not ${n}.`);
      }
      return image(`kin ${n} ${lang} ${birth ?? ''}`, lang, () => kinImageSvg(n, lang, birth));
    },

    day(date: string, lang: Language) {
      return image(`day ${date} ${lang}`, lang, () => dayImageSvg(date, lang));
    },

    compat(a: string, b: string, lang: Language) {
      return image(`compat ${a} ${b} ${lang}`, lang, () => {
        const pair = compareSignatures(a, b, lang);
        const side = (signature: { date: string; kin: { number: number } }) => ({
          date: signature.date,
          kin: kinEntity(signature.kin.number, lang),
        });
        return compatImageSvg(side(pair.a), side(pair.b), kinEntity(pair.composite.number, lang), lang);
      });
    },
  };
}

export type ShareService = ReturnType<typeof createShareService>;
