import { calendarDay, isLanguage, isValidDateText, kinEntity, type Language, parseDate } from '@hunab/calendar';
import { type OembedAnswer, oembedQuerySchema, oembedResponseSchema } from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiError, errorResponses } from '../../lib/errors.ts';
import { EMBED_SIZES } from './embed.ts';

/** A page of the product that has a widget: a kin (/kin/{n}) or a day (/context/{date}), in any language. */
export interface EmbeddablePage {
  lang: Language;
  kind: 'kin' | 'day';
  /** The kin number or the date. */
  key: string;
}

const PAGE_PATH = /^(?:\/([a-z]{2}))?\/(kin|context)\/([^/]+)\/?$/;

/** The widget a path of the product's pages stands for, or null. */
export function embeddablePath(path: string): EmbeddablePage | null {
  const match = PAGE_PATH.exec(path);
  if (!match) return null;
  const [, prefix, kind, key = ''] = match;
  const lang = prefix ?? 'ru';
  if (!isLanguage(lang) || prefix === 'ru') return null;
  if (kind === 'kin') {
    return /^\d{1,3}$/.test(key) && Number(key) >= 1 && Number(key) <= 260
      ? { lang, kind, key: String(Number(key)) }
      : null;
  }
  return isValidDateText(key) ? { lang, kind: 'day', key } : null;
}

/** The product's page an address names, when it is on the product's origin. */
function embeddableUrl(url: string, publicUrl: string): EmbeddablePage | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(publicUrl).origin) return null;
  return embeddablePath(parsed.pathname);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The oEmbed discovery link of a page of the product (https://oembed.com/ section 4), or '' when the page has no
 * widget: a consumer that is given the page's address finds the endpoint in its head.
 */
export function oembedDiscovery(path: string, publicUrl: string): string {
  if (!embeddablePath(path)) return '';
  const href = `${publicUrl}/api/oembed?url=${encodeURIComponent(publicUrl + path)}&format=json`;
  return `<link rel="alternate" type="application/json+oembed" href="${escapeAttribute(href)}" title="Hunab">`;
}

/** The widget's medium size, or with bounds the largest that fits them, else the smallest cut down to them. */
function fitted(sizes: Record<'small' | 'medium' | 'large', readonly [number, number]>, maxW?: number, maxH?: number) {
  if (maxW === undefined && maxH === undefined)
    return { size: 'medium' as const, width: sizes.medium[0], height: sizes.medium[1] };
  for (const size of ['large', 'medium', 'small'] as const) {
    const [width, height] = sizes[size];
    if ((maxW ?? width) >= width && (maxH ?? height) >= height) return { size, width, height };
  }
  const [width, height] = sizes.small;
  return { size: 'small' as const, width: Math.min(width, maxW ?? width), height: Math.min(height, maxH ?? height) };
}

/** The oEmbed answer for a page of the product, fitted to the consumer's bounds. */
export function oembedFor(page: EmbeddablePage, publicUrl: string, maxW?: number, maxH?: number): OembedAnswer {
  const { size, width, height } = fitted(EMBED_SIZES.card, maxW, maxH);
  const path = page.kind === 'kin' ? `/embed/kin/${page.key}` : `/embed/day/${page.key}`;
  const title =
    page.kind === 'kin'
      ? kinEntity(Number(page.key), page.lang).name
      : `${page.key}: ${calendarDay(parseDate(page.key), page.lang).kin.name}`;
  const src = `${publicUrl}${path}?lang=${page.lang}&size=${size}`;
  const html =
    `<iframe src="${escapeAttribute(src)}" width="${width}" height="${height}" title="${escapeAttribute(title)}" ` +
    'style="border:0;max-width:100%" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>';
  return {
    type: 'rich',
    version: '1.0',
    title,
    provider_name: 'Hunab',
    provider_url: `${publicUrl}/`,
    cache_age: 86_400,
    html,
    width,
    height,
  };
}

/** GET /api/oembed?url=...: oEmbed 1.0 for the product's kin and day pages. */
export const oembedRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get(
    '/oembed',
    {
      schema: {
        summary: 'oEmbed 1.0 for a kin or day page of the product',
        description:
          'The rich oEmbed answer (https://oembed.com/) for an address of a kin page (/kin/{n}) or a day page ' +
          '(/context/{date}), in any of the languages: an <iframe> of the widget, fitted to maxwidth and maxheight. ' +
          '404 for any other address; 501 for a format other than json.',
        tags: ['public API v1'],
        querystring: oembedQuerySchema,
        response: {
          200: oembedResponseSchema.meta({
            example: oembedFor({ lang: 'en', kind: 'kin', key: '207' }, 'https://hunab.example'),
          }),
          ...errorResponses(400, 404, 501),
        },
      },
    },
    (request, reply) => {
      const { url, maxwidth, maxheight, format } = request.query;
      if (format !== undefined && format !== 'json') {
        throw new ApiError(501, 'NOT_IMPLEMENTED', 'Only the json format is answered.');
      }
      const page = embeddableUrl(url, publicUrl);
      if (!page) throw new ApiError(404, 'NOT_FOUND', 'The address is not a kin or day page of this site.');
      reply.header('access-control-allow-origin', '*').header('cache-control', 'public, max-age=86400');
      reply.send(oembedFor(page, publicUrl, maxwidth, maxheight));
    },
  );
};
