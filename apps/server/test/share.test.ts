import { statSync } from 'node:fs';
import { kinOfDate, LANGUAGES, parseDate } from '@hunab/calendar';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

async function png(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  return { image: PNG.sync.read(response.rawPayload), headers: response.headers, bytes: response.rawPayload };
}

/** Pixels in a box bright enough to be text or a glyph on the dark background. */
function brightPixels(image: PNG, box: { x0: number; x1: number; y0: number; y1: number }): number {
  let count = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = (y * image.width + x) * 4;
      const [r = 0, g = 0, b = 0] = [image.data[i], image.data[i + 1], image.data[i + 2]];
      if (r + g + b > 3 * 150) count++;
    }
  }
  return count;
}

/** The text side of a card: right of the glyph, or left of it in Arabic. */
const textBox = (lang: string) =>
  lang === 'ar' ? { x0: 60, x1: 760, y0: 100, y1: 560 } : { x0: 440, x1: 1140, y0: 100, y1: 560 };

describe('share images', () => {
  it('draws the day in every language, Arabic and Chinese included, at 1200 x 630 with text on it', async () => {
    const seen = new Set<string>();
    for (const lang of LANGUAGES) {
      const { image, bytes } = await png(`/api/share/day/2026-11-24.png?lang=${lang}`);
      expect([image.width, image.height]).toEqual([1200, 630]);
      const text = brightPixels(image, textBox(lang));
      // A title and three lines of text light up several thousand pixels; an empty panel none.
      expect(text, lang).toBeGreaterThan(8000);
      // The glyph side: the seal's tile and the tone's dots and bars.
      const glyph = lang === 'ar' ? { x0: 800, x1: 1120, y0: 60, y1: 540 } : { x0: 80, x1: 400, y0: 60, y1: 540 };
      expect(brightPixels(image, glyph), lang).toBeGreaterThan(20_000);
      seen.add(bytes.toString('base64'));
    }
    expect(seen.size).toBe(LANGUAGES.length);
  }, 60_000);

  it('draws a kin and a birth card, whose kin must be the birth date’s', async () => {
    const { image } = await png('/api/share/kin/12.png?lang=zh');
    expect(brightPixels(image, textBox('zh'))).toBeGreaterThan(5000);
    const birth = '1987-07-26';
    const kin = kinOfDate(parseDate(birth));
    const card = await png(`/api/share/kin/${kin}.png?lang=ja&birth=${birth}`);
    expect(brightPixels(card.image, textBox('ja'))).toBeGreaterThan(5000);
    const wrong = await http.get(`/api/share/kin/${(kin % 260) + 1}.png?lang=ja&birth=${birth}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, error: { code: 'VALIDATION_ERROR' } });
  });

  it('draws two people and their composite kin', async () => {
    const { image } = await png('/api/share/compat.png?a=1987-07-26&b=1990-03-15&lang=ar');
    expect([image.width, image.height]).toEqual([1200, 630]);
    expect(brightPixels(image, { x0: 100, x1: 1100, y0: 440, y1: 540 })).toBeGreaterThan(3000);
  });

  it('keeps an image once drawn, and answers 304 to the same ETag', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/share/kin/200.png?lang=de' });
    expect(first.headers['x-image-cache']).toBe('miss');
    const again = await ctx.app.inject({ method: 'GET', url: '/api/share/kin/200.png?lang=de' });
    expect(again.headers['x-image-cache']).toBe('hit');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers['cache-control']).toContain('public');
    const held = await ctx.app.inject({
      method: 'GET',
      url: '/api/share/kin/200.png?lang=de',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(held.statusCode).toBe(304);
  });

  it('refuses what is not a kin, a date or a language, in the envelope', async () => {
    for (const url of [
      '/api/share/kin/0.png',
      '/api/share/kin/261.png',
      '/api/share/kin/12.jpg',
      '/api/share/kin/abc.png',
      '/api/share/day/2026-02-30.png',
      '/api/share/day/2026-11-24',
      '/api/share/day/2026-11-24.png?lang=xx',
      '/api/share/kin/12.png?birth=yesterday',
      '/api/share/compat.png?a=1987-07-26',
    ]) {
      const reply = await http.get(url);
      expect(reply.status, url).toBe(400);
      expect(reply.body, url).toMatchObject({ success: false, error: { code: expect.any(String) } });
    }
  });
});

describe('the words on the image', () => {
  it('writes Arabic images in the Arabic pages’ Western digits and Arabic commas', async () => {
    const { dayImageSvg, compatImageSvg, kinImageSvg } = await import('../src/modules/share/svg.ts');
    const { kinEntity } = await import('@hunab/calendar');
    const textOf = (svg: string) => [...svg.matchAll(/>([^<]+)</g)].map((match) => match[1]).join(' ');
    const arabic = [
      dayImageSvg('2026-11-24', 'ar'),
      kinImageSvg(90, 'ar', '1990-01-01'),
      compatImageSvg(
        { kin: kinEntity(1, 'ar'), date: '1990-01-01' },
        { kin: kinEntity(2, 'ar'), date: '1991-01-01' },
        kinEntity(3, 'ar'),
        'ar',
      ),
    ].map(textOf);
    // The product writes Arabic in Western digits everywhere (pages, letters), and its images do too.
    for (const text of arabic) {
      expect(text).toMatch(/[0-9]/);
      expect(text).not.toMatch(/[٠-٩]/);
    }
    expect(arabic[0]).toContain('24');
    expect(arabic[0]).toContain('، ');
    expect(textOf(dayImageSvg('2026-11-24', 'en'))).toContain('24');
  });
});

describe('the Chinese font cut down to the images’ characters', () => {
  it('holds every character a Chinese or Japanese image can contain', async () => {
    const { CJK_LANGUAGES, shareCharacters } = await import('../src/modules/share/characters.ts');
    const { SHARE_CHARACTERS } = await import('../src/modules/share/characters.generated.ts');
    // When this fails, a name or word of the images changed: npx tsx scripts/share-characters.ts writes the list anew.
    expect(SHARE_CHARACTERS).toBe(shareCharacters(CJK_LANGUAGES));
  }, 60_000);

  it('draws Chinese and Japanese images byte for byte as the whole font draws them', async () => {
    const { fontFilesFor, wholeFontFilesFor } = await import('../src/modules/share/fonts.ts');
    const { dayImageSvg, kinImageSvg } = await import('../src/modules/share/svg.ts');
    // The drawings are given the cut files: a fraction of the whole 10 MB a weight.
    const sizes = (files: string[]) => files.reduce((total, file) => total + statSync(file).size, 0);
    expect(sizes(await fontFilesFor('zh'))).toBeLessThan(sizes(wholeFontFilesFor('zh')) / 10);
    const cases = [
      { url: '/api/share/day/2024-02-29.png?lang=zh', svg: dayImageSvg('2024-02-29', 'zh'), lang: 'zh' as const },
      { url: '/api/share/kin/77.png?lang=ja', svg: kinImageSvg(77, 'ja'), lang: 'ja' as const },
    ];
    for (const { url, svg, lang } of cases) {
      const { bytes } = await png(url);
      const whole = await ctx.app.drawingPool.draw({
        svg,
        width: 1200,
        fontFiles: wholeFontFilesFor(lang),
        defaultFontFamily: 'Noto Sans',
      });
      expect(bytes.equals(whole), url).toBe(true);
    }
  }, 60_000);
});

describe('drawing on threads', () => {
  it('draws one image once for simultaneous requests, and answers 503 with Retry-After when the queue is full', async () => {
    // One thread and a queue of two: a burst of new images cannot all wait.
    const small = await buildApp({
      database: ctx.database,
      config: { ...ctx.config, shareDrawing: { threads: 1, queueMax: 2 } },
    });
    try {
      const same = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          small.inject({
            method: 'GET',
            url: '/api/share/compat.png?a=1990-01-01&b=1991-02-02&lang=zh',
            remoteAddress: `10.9.0.${i + 1}`,
          }),
        ),
      );
      expect(same.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(same.map((reply) => reply.headers.etag)).size).toBe(1);
      expect(small.drawingPool.load()).toMatchObject({ queued: 0, drawing: 0, threads: 1 });

      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          small.inject({
            method: 'GET',
            url: `/api/share/compat.png?a=1980-03-${String(i + 1).padStart(2, '0')}&b=1999-09-09&lang=zh`,
            remoteAddress: `10.9.1.${i + 1}`,
          }),
        ),
      );
      const refused = burst.filter((reply) => reply.statusCode === 503);
      const drawn = burst.filter((reply) => reply.statusCode === 200);
      expect(refused.length).toBeGreaterThan(0);
      expect(drawn.length).toBeGreaterThanOrEqual(3);
      expect(refused.length + drawn.length).toBe(12);
      for (const reply of refused) {
        expect(reply.headers['retry-after']).toBe('5');
        expect(reply.json()).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
      }
      for (const reply of drawn) expect(PNG.sync.read(reply.rawPayload).width).toBe(1200);
    } finally {
      await small.close();
    }
  });
});
