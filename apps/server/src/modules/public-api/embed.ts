import {
  type CalendarDay,
  calendarDay,
  calendarNames,
  formatDate,
  type Kin,
  kinEntity,
  type Language,
  localDateOf,
  moonOfDate,
  parseDate,
} from '@hunab/calendar';
import {
  dateTextSchema,
  type EmbedQuery,
  embedMoonQuerySchema,
  embedQuerySchema,
  kinNumberTextSchema,
} from '@hunab/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALENDAR_WORDS, dayOfMoonText } from '../../lib/calendar-words.ts';
import { sealSvg, toneSvg } from '../share/svg.ts';

/**
 * The widget pages' own policy: no scripts at all, styles only inline, images only from here or inline, and framing
 * allowed everywhere, which every other page of the product refuses (lib/security-headers.ts).
 */
export const EMBED_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors *";
/** The referral source of every link in a widget, which the product's pages already read (utm_source). */
export const EMBED_SOURCE = 'utm_source=embed&utm_medium=widget';

/** The widget's frame in CSS pixels, per size, as the oEmbed answer proposes it. */
export const EMBED_SIZES = {
  card: { small: [240, 150], medium: [320, 190], large: [480, 260] },
  moon: { small: [300, 300], medium: [400, 360], large: [600, 480] },
} as const;

/** "Open in Hunab", in the reader's language. */
const OPEN: Record<Language, string> = {
  ru: 'Открыть в Hunab',
  en: 'Open in Hunab',
  es: 'Abrir en Hunab',
  pt: 'Abrir no Hunab',
  de: 'In Hunab öffnen',
  ja: 'Hunabで開く',
  zh: '在 Hunab 中打开',
  ar: 'افتح في Hunab',
};

/** The arrow of a link that leads on, pointing the way the language reads. */
const arrow = (lang: Language) => (lang === 'ar' ? '←' : '→');

const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The product's address of a page in a language (Russian has no prefix), with the widget's referral source. */
function productLink(publicUrl: string, lang: Language, path: string): string {
  return `${publicUrl}${lang === 'ru' ? '' : `/${lang}`}${path}?${EMBED_SOURCE}`;
}

const THEMES = {
  light: { background: '#ffffff', text: '#1b1826', muted: '#5d586b', line: '#e3e0ea', accent: '#6b4fd8' },
  dark: { background: '#14121f', text: '#f4f1ea', muted: '#bdb7cc', line: '#2c2840', accent: '#b7a6ff' },
} as const;
const SCALE = { small: 0.8, medium: 1, large: 1.3 } as const;

function page(query: EmbedQuery, title: string, body: string): string {
  const colors = THEMES[query.theme];
  const rtl = query.lang === 'ar';
  const css =
    `*{box-sizing:border-box}html,body{margin:0;height:100%}body{font:${16 * SCALE[query.size]}px/1.35 system-ui,` +
    `-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC","Noto Sans JP","Noto Sans Arabic",sans-serif;` +
    `background:${colors.background};color:${colors.text};overflow:hidden}` +
    `a{color:inherit;text-decoration:none;display:flex;flex-direction:column;height:100%;padding:.6em .8em;` +
    `border:1px solid ${colors.line};border-radius:.6em}a:focus-visible{outline:2px solid ${colors.accent}}` +
    '.row{display:flex;gap:.7em;align-items:center;flex:1;min-height:0}.glyph{flex:none;display:flex;' +
    'flex-direction:column;align-items:center;gap:.2em}.glyph svg{display:block}' +
    '.name{font-weight:600;font-size:1.15em;margin:0}.muted{color:' +
    colors.muted +
    ';font-size:.85em;margin:0}.open{color:' +
    colors.accent +
    ';font-size:.8em;margin-top:.3em}table{border-collapse:collapse;width:100%;table-layout:fixed;font-size:.78em}' +
    `th{color:${colors.muted};font-weight:500;font-size:.85em;padding:.1em;overflow:hidden;text-overflow:ellipsis}td{text-align:center;padding:.15em 0;` +
    `border-top:1px solid ${colors.line}}td b{display:block;font-size:1.05em}td.today{background:${colors.accent};` +
    `color:${colors.background};border-radius:.3em}`;
  return (
    `<!doctype html><html lang="${query.lang}" dir="${rtl ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">` +
    '<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">' +
    `<title>${escapeHtml(title)}</title><style>${css}</style></head><body>${body}</body></html>`
  );
}

/** The seal tile and the tone above it, `size` px wide, as the share images draw them. */
function glyph(kin: Kin, size: number, ink: string): string {
  return (
    `<span class="glyph" aria-hidden="true"><svg width="${size}" height="${size * 0.6}" viewBox="0 0 100 60">` +
    `${toneSvg(kin.tone.number, 0, 0, 100, ink)}</svg><svg width="${size}" height="${size}" viewBox="0 0 100 100">` +
    `${sealSvg(kin.sign.number, 0, 0, 100)}</svg></span>`
  );
}

function kinCard(query: EmbedQuery, kin: Kin, lines: string[], href: string, title: string): string {
  const words = CALENDAR_WORDS[query.lang];
  const size = Math.round(56 * SCALE[query.size]);
  const text = lines.map((line) => `<p class="muted">${escapeHtml(line)}</p>`).join('');
  return page(
    query,
    title,
    `<a href="${escapeHtml(href)}" target="_blank" rel="noopener"><span class="row">` +
      `${glyph(kin, size, THEMES[query.theme].text)}<span><p class="muted">${escapeHtml(words.kin)} ${kin.number}</p>` +
      `<p class="name">${escapeHtml(kin.name)}</p>${text}</span></span>` +
      `<span class="open">${escapeHtml(OPEN[query.lang])} ${arrow(query.lang)}</span></a>`,
  );
}

/** Where the day stands in the 13-moon year: "Moon 6 · day 9", or the name of a day outside the moons. */
function dayPlace(day: CalendarDay, lang: Language): string {
  const names = calendarNames(lang);
  if (day.isDayOutOfTime) return names.dayOutOfTime;
  if (day.isHunabKu) return names.hunabKu;
  return `${day.moonName ?? ''} · ${dayOfMoonText(lang, day.day ?? 0)}`;
}

function longDate(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

export function todayEmbed(query: EmbedQuery, date: string, publicUrl: string): string {
  const day = calendarDay(parseDate(date), query.lang);
  return kinCard(
    query,
    day.kin,
    [longDate(date, query.lang), dayPlace(day, query.lang)],
    productLink(publicUrl, query.lang, `/context/${date}`),
    `${CALENDAR_WORDS[query.lang].calendarName}: ${day.kin.name}`,
  );
}

export function kinEmbed(query: EmbedQuery, n: number, publicUrl: string): string {
  const kin = kinEntity(n, query.lang);
  return kinCard(
    query,
    kin,
    [kin.waveSpell.name],
    productLink(publicUrl, query.lang, `/kin/${n}`),
    `${CALENDAR_WORDS[query.lang].kin} ${n}: ${kin.name}`,
  );
}

export function moonEmbed(query: EmbedQuery, date: string, publicUrl: string): string {
  const moon = moonOfDate(parseDate(date), query.lang);
  const plasmas = calendarNames(query.lang).radialPlasmas;
  const head = plasmas.map((name) => `<th scope="col">${escapeHtml(name)}</th>`).join('');
  const rows = [0, 1, 2, 3]
    .map((week) => {
      const cells = moon.days.slice(week * 7, week * 7 + 7).map((day, i) => {
        const today = day.date === date ? ' class="today" aria-current="date"' : '';
        return `<td${today} title="${escapeHtml(`${day.date} · ${day.kin.name}`)}">${week * 7 + i + 1}<b>${day.kin.number}</b></td>`;
      });
      return `<tr>${cells.join('')}</tr>`;
    })
    .join('');
  const title = `${moon.moon.name} · ${moon.yearStart}-${moon.yearStart + 1}`;
  return page(
    query,
    title,
    `<a href="${escapeHtml(productLink(publicUrl, query.lang, `/context/${date}`))}" target="_blank" rel="noopener">` +
      `<p class="name">${escapeHtml(moon.moon.name)}</p><p class="muted">${escapeHtml(`${moon.totem} · ${longDate(date, query.lang)}`)}</p>` +
      `<span class="row"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></span>` +
      `<span class="open">${escapeHtml(OPEN[query.lang])} ${arrow(query.lang)}</span></a>`,
  );
}

function sendEmbed(reply: FastifyReply, html: string, maxAge: number): FastifyReply {
  return reply
    .header('content-security-policy', EMBED_POLICY)
    .header('cache-control', `public, max-age=${maxAge}`)
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Seconds to the next midnight of the server's day, when "today" turns. */
function untilMidnight(now: Date): number {
  const next = new Date(now);
  next.setHours(24, 0, 0, 0);
  return Math.max(60, Math.ceil((next.getTime() - now.getTime()) / 1000));
}

/**
 * The widgets other sites put in an <iframe>: /embed/today, /embed/day/{date}, /embed/kin/{n}, /embed/moon. Plain HTML with no script,
 * no cookie and nothing loaded from elsewhere; the only page of the product that may be framed.
 */
export const embedRoutes: FastifyPluginAsyncZod<{ publicUrl: string; now: () => Date }> = async (
  app,
  { publicUrl, now },
) => {
  // After the site-wide headers: a widget is made to be framed, so the refusal of framing is taken off here alone.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.removeHeader('x-frame-options');
    reply.removeHeader('cross-origin-opener-policy');
    done(null, payload);
  });
  const hide = true;

  app.get(
    '/embed/today',
    { schema: { hide, summary: "The widget of today's kin", querystring: embedQuerySchema } },
    (request, reply) => {
      const at = now();
      sendEmbed(
        reply,
        todayEmbed(request.query, formatDate(localDateOf(at)), publicUrl),
        Math.min(3600, untilMidnight(at)),
      );
    },
  );

  app.get(
    '/embed/day/:date',
    {
      schema: {
        hide,
        summary: 'The widget of a day',
        params: z.strictObject({ date: dateTextSchema }),
        querystring: embedQuerySchema,
      },
    },
    (request, reply) => {
      sendEmbed(reply, todayEmbed(request.query, request.params.date, publicUrl), 86_400);
    },
  );

  app.get(
    '/embed/kin/:n',
    {
      schema: {
        hide,
        summary: 'The widget of a kin',
        params: z.strictObject({ n: kinNumberTextSchema }),
        querystring: embedQuerySchema,
      },
    },
    (request, reply) => {
      sendEmbed(reply, kinEmbed(request.query, request.params.n, publicUrl), 86_400);
    },
  );

  app.get(
    '/embed/moon',
    { schema: { hide, summary: 'The widget of the 28-day moon', querystring: embedMoonQuerySchema } },
    (request, reply) => {
      const at = now();
      const { date, ...query } = request.query;
      const shown = date ?? formatDate(localDateOf(at));
      sendEmbed(reply, moonEmbed(query, shown, publicUrl), date ? 86_400 : Math.min(3600, untilMidnight(at)));
    },
  );
};
