import { createHash } from 'node:crypto';
import { kinEntity, kinOfDate, type Language, parseDate } from '@hunab/calendar';
import { Resvg } from '@resvg/resvg-js';
import { ApiError } from '../../lib/errors.ts';
import { compareSignatures } from '../compat/service.ts';
import { fontFilesFor } from './fonts.ts';
import { compatImageSvg, dayImageSvg, IMAGE_WIDTH, kinImageSvg } from './svg.ts';

export interface ShareImage {
  png: Buffer;
  etag: string;
}

/** Images kept in memory, the most recently used last; about 60 KB each. */
const KEPT_IMAGES = 600;

/** Draws an SVG of the product's glyphs and text into a PNG with the fonts shipped with the server. */
export function renderPng(svg: string, lang: Language): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: IMAGE_WIDTH },
    font: { fontFiles: fontFilesFor(lang), loadSystemFonts: false, defaultFontFamily: 'Noto Sans' },
  });
  return resvg.render().asPng();
}

/**
 * Share images of a kin, a day, a birth card and two people. The same address always draws the same image, so each
 * is drawn once and kept (least recently used first out).
 */
export function createShareService() {
  const kept = new Map<string, ShareImage>();

  function image(key: string, lang: Language, draw: () => string): { image: ShareImage; cached: boolean } {
    const known = kept.get(key);
    if (known) {
      kept.delete(key);
      kept.set(key, known);
      return { image: known, cached: true };
    }
    const png = renderPng(draw(), lang);
    const made = { png, etag: `"${createHash('sha1').update(png).digest('base64url')}"` };
    kept.set(key, made);
    if (kept.size > KEPT_IMAGES) kept.delete(kept.keys().next().value as string);
    return { image: made, cached: false };
  }

  return {
    /** Whether the image of `key` is kept: answering it costs no drawing. */
    has: (key: string) => kept.has(key),

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
