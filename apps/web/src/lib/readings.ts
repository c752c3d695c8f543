import { calendarNames, formatDate, type Language, today } from '@hunab/calendar';
import { readFrontMatter } from '@hunab/contracts';
import { ApiRequestError, api } from './api.ts';
import { local } from './storage.ts';

/** The folders of the static readings, as the server serves them under /content/{lang}/. */
export type ReadingKind = 'signs' | 'tones' | 'moon' | 'plasmas' | 'castles';

export interface Reading {
  title: string;
  keywords: string[];
  summary: string;
  body: string;
  /** Where it came from: the content API, a static Markdown file, or the built-in text. */
  source: 'api' | 'static' | 'builtin';
  lang: Language;
  /**
   * Why the built-in text stands in (spec 001 section 8): every source failed ('loadFailed'), or every source
   * answered without content ('noContent').
   */
  problem?: 'loadFailed' | 'noContent';
}

/** The content API refused the number of the seal or tone (400): "Invalid context number." */
export class InvalidContextError extends Error {
  constructor(readonly n: number) {
    super('Invalid context number.');
    this.name = 'InvalidContextError';
  }
}

/** What a source gave: a reading, nothing (it answered without content), or a failure (no usable answer). */
type Outcome = Reading | 'empty' | 'failed';

const STATIC_CACHE_MS = 24 * 3_600_000;
const PROCESS_CACHE_MS = 5 * 60_000;

/** A page of HTML where content was expected (a proxy's error page, the app shell) is a failure, not content. */
const looksLikeHtml = (text: string) => /^\s*<(!doctype|html|head|body)/i.test(text);

export function parseFrontMatter(text: string): Omit<Reading, 'source' | 'lang'> {
  return readFrontMatter(text) ?? { title: '', keywords: [], summary: '', body: text.trim() };
}

/** The reader's plan does not open the content of this date; the server said why (spec 000 section 5). */
export class ReadingLockedError extends Error {
  constructor(readonly reason: string) {
    super(`The content of this date is not open on this plan (${reason})`);
    this.name = 'ReadingLockedError';
  }
}

/** What the content API answers for a seal or a tone (GET /api/content/{seal|tone}/{n}). */
export interface ContentReply {
  data?: { title: string; content_text: string; metadata: { keywords: string[]; summary: string } };
}

/** The API's path of a reading, or null for the kinds only the static files hold. */
export function readingApiPath(kind: ReadingKind, n: number, lang: Language): string | null {
  const path = kind === 'signs' ? 'seal' : kind === 'tones' ? 'tone' : null;
  return path ? `/content/${path}/${n}?lang=${lang}` : null;
}

/** A reading from the content API's answer; null when it holds no text, or a page of HTML in place of text. */
export function readingFromReply(reply: ContentReply | null | undefined, lang: Language): Reading | null {
  if (!reply?.data?.content_text || looksLikeHtml(reply.data.content_text)) return null;
  return {
    title: reply.data.title,
    keywords: reply.data.metadata.keywords,
    summary: reply.data.metadata.summary,
    body: reply.data.content_text,
    source: 'api',
    lang,
  };
}

async function fromApi(kind: ReadingKind, n: number, lang: Language, date?: string): Promise<Outcome> {
  const path = readingApiPath(kind, n, lang);
  if (!path) return 'empty';
  const forDate = date ? `&date=${date}&today=${readerToday()}` : '';
  let reply: ContentReply;
  try {
    reply = await api<ContentReply>(`${path}${forDate}`, { timeoutMs: 5_000 });
  } catch (error) {
    // A refusal by plan is an answer, not an outage: it is not papered over with the static text.
    if (error instanceof ApiRequestError && error.status === 403 && error.code === 'ACCESS_DENIED') {
      throw new ReadingLockedError(String((error.body as { error?: { reason?: string } })?.error?.reason ?? ''));
    }
    if (error instanceof ApiRequestError && error.status === 400) throw new InvalidContextError(n);
    if (error instanceof ApiRequestError && error.status === 404) return 'empty';
    return 'failed';
  }
  // A reply of another shape than the API's throws here: "Error loading content."
  return readingFromReply(reply, lang) ?? (reply?.data?.content_text ? 'failed' : 'empty');
}

async function fromStatic(kind: ReadingKind, n: number, lang: Language): Promise<Outcome> {
  const key = `hunab_static_content:${lang}:${kind}:${n}`;
  const cached = local.getJson<{ at: number; text: string }>(key);
  let text = cached && Date.now() - cached.at < STATIC_CACHE_MS ? cached.text : null;
  if (!text) {
    try {
      const response = await fetch(`/content/${lang}/${kind}/${n}.mdx`, { signal: AbortSignal.timeout(5_000) });
      if (response.status === 404) return 'empty';
      if (!response.ok) return 'failed';
      const body = await response.text();
      if (looksLikeHtml(body)) return 'failed';
      text = body;
      local.setJson(key, { at: Date.now(), text });
    } catch {
      return 'failed';
    }
  }
  const parsed = parseFrontMatter(text);
  return parsed.body ? { ...parsed, source: 'static', lang } : 'empty';
}

/** The built-in text: names and keywords from the calendar engine, in the reader's language. */
const BUILTIN_NOTE: Record<Language, string> = {
  ru: 'Полный текст сейчас недоступен. Вернитесь чуть позже.',
  en: 'The full reading is not available right now. Please come back a little later.',
  es: 'La lectura completa no está disponible ahora. Vuelve un poco más tarde.',
  pt: 'A leitura completa não está disponível agora. Volte um pouco mais tarde.',
  de: 'Der vollständige Text ist gerade nicht verfügbar. Schau etwas später wieder vorbei.',
  ja: '全文は現在表示できません。しばらくしてからもう一度ご覧ください。',
  zh: '完整解读暂时无法显示，请稍后再来。',
  ar: 'النص الكامل غير متاح الآن. عُد بعد قليل.',
};

export function builtinReading(kind: ReadingKind, n: number, lang: Language): Reading {
  const names = calendarNames(lang);
  const title =
    kind === 'signs'
      ? names.seals[n - 1]
      : kind === 'tones'
        ? names.tones[n - 1]
        : kind === 'moon'
          ? names.moons[n - 1]
          : kind === 'plasmas'
            ? names.radialPlasmas[n - 1]
            : names.castles[n - 1];
  const words =
    kind === 'signs'
      ? names.sealKeywords[n - 1]
      : kind === 'tones' || kind === 'moon'
        ? names.toneKeywords[n - 1]
        : undefined;
  const keywords = words ? [words.power, words.action, words.essence] : [];
  return {
    title: title ?? '',
    keywords,
    summary: keywords.join(' · '),
    body: BUILTIN_NOTE[lang],
    source: 'builtin',
    lang,
  };
}

/**
 * A reading, by the loading order of spec 001 section 4: the content API, then the static Markdown file in the
 * language and then in English, then the built-in text.
 */
/**
 * The loader resets after 10 s (spec 001 section 9): each source may take 5 s, but a reading that has found nothing
 * in 10 s stops waiting and shows the built-in text as a failed load.
 */
export const LOADER_RESET_MS = 10_000;

export async function loadReading(kind: ReadingKind, n: number, lang: Language, date?: string): Promise<Reading> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reset = new Promise<Reading>((resolve) => {
    timer = setTimeout(() => resolve({ ...builtinReading(kind, n, lang), problem: 'loadFailed' }), LOADER_RESET_MS);
  });
  return Promise.race([loadFromSources(kind, n, lang, date), reset]).finally(() => clearTimeout(timer));
}

async function loadFromSources(kind: ReadingKind, n: number, lang: Language, date?: string): Promise<Reading> {
  const outcomes: Outcome[] = [];
  const sources = [
    () => fromApi(kind, n, lang, date),
    () => fromStatic(kind, n, lang),
    ...(lang !== 'en' ? [() => fromStatic(kind, n, 'en')] : []),
  ];
  for (const source of sources) {
    const outcome = await source();
    if (typeof outcome === 'object') return outcome;
    outcomes.push(outcome);
  }
  // A source that could not be asked leaves the answer open: a failure; all of them answering without text: none.
  const problem = outcomes.includes('failed') ? 'loadFailed' : 'noContent';
  return { ...builtinReading(kind, n, lang), problem };
}

export interface ProcessItem {
  content_id: string;
  type_app: 'question' | 'poll' | 'other';
  text: string;
  options: string[] | null;
  position: number;
}

export interface ProcessAccess {
  status: 'allowed' | 'waiting_activation' | 'cycle_ended' | 'free_user_tone_restriction' | 'no_access';
  openTones: number[];
  activationDate: string | null;
  targetDate: string | null;
}

export interface ProcessDay {
  items: ProcessItem[];
  access: ProcessAccess;
}

const processCache = new Map<string, { at: number; day: ProcessDay }>();

/** The reader's own date, which the server checks access against. */
export const readerToday = (): string => formatDate(today());

/**
 * The items of a tone day of the 13-day process and whether this reader may open it (the server decides), kept in
 * memory for 5 minutes per reader.
 */
export async function loadProcess(tone: number, lang: Language, reader: string | null): Promise<ProcessDay> {
  const day = readerToday();
  const key = `${tone}:${lang}:${reader ?? 'guest'}:${day}`;
  const cached = processCache.get(key);
  if (cached && Date.now() - cached.at < PROCESS_CACHE_MS) return cached.day;
  const reply = await api<{ content: ProcessItem[]; access: ProcessAccess }>(
    `/content/process?cycleType=13days&cycleValue=${tone}&lang=${lang}&today=${day}`,
    { timeoutMs: 5_000 },
  );
  const result = { items: reply.content, access: reply.access };
  processCache.set(key, { at: Date.now(), day: result });
  return result;
}

/** Live values for [shortcodes]; when the server cannot help, fixed ones (the people count reads '10,000+'). */
export async function processShortcodes(content: string, lang: Language): Promise<string> {
  if (typeof content !== 'string') throw new TypeError('Content must be a string');
  if (!/\[[a-z_]+\]/.test(content)) return content;
  try {
    const reply = await api<{ processedContent: { processedContent: string } }>('/bot-stats/process-shortcodes', {
      method: 'POST',
      body: { content, language: lang },
      auth: false,
      timeoutMs: 3_000,
    });
    return reply.processedContent.processedContent;
  } catch {
    return content.replace(/\[(users_count|people_count)\]/g, '10,000+');
  }
}
