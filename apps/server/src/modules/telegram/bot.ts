import { calendarDay, isLanguage, LANGUAGES, type Language, parseDate } from '@hunab/calendar';
import type { Bot, Context } from 'grammy';
import { InlineKeyboard } from 'grammy';
import type { UserRow } from '../auth/repository.ts';
import type { AuthService } from '../auth/service.ts';
import type { CardService } from '../cards/service.ts';
import { localClock } from '../reminders/clock.ts';
import { reminderContent } from '../reminders/message.ts';
import type { ReminderService } from '../reminders/service.ts';
import { dateDenial } from '../subscriptions/access.ts';
import type { SubscriptionService } from '../subscriptions/service.ts';
import { type BotContext, buttonsAllowed, type ChatRow, type ChatState } from './chat.ts';
import type { TelegramService } from './service.ts';
import { botWords } from './words.ts';

const NATIVE: Record<Language, string> = {
  ru: 'Русский',
  en: 'English',
  es: 'Español',
  pt: 'Português',
  de: 'Deutsch',
  ja: '日本語',
  zh: '中文',
  ar: 'العربية',
};

/** Telegram's IETF tag ("pt-br", "zh-hans") as one of the product's languages, or null. */
const languageOfTag = (tag: string | null | undefined): Language | null => {
  const base = (tag ?? '').slice(0, 2).toLowerCase();
  return isLanguage(base) ? base : null;
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The token of a "Connect Telegram" link (32 random bytes in base64url); other start payloads name a source. */
const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const TEXT_LIMIT = 4096;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A reply within Telegram's limit, which it counts in UTF-16 code units: a longer text is cut after the last whole
 * character (a grapheme: an emoji with its modifiers and joiners, a letter with its marks) that leaves room for "…",
 * so a surrogate pair or an emoji sequence is never split.
 */
export function fitTelegramText(text: string, limit = TEXT_LIMIT): string {
  if (text.length <= limit) return text;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    if (index + segment.length > limit - 1) break;
    end = index + segment.length;
  }
  return `${text.slice(0, end)}…`;
}

const validDate = (text: string): boolean => {
  if (!DATE.test(text)) return false;
  try {
    calendarDay(parseDate(text));
    return true;
  } catch {
    return false;
  }
};

/**
 * The bot's commands. Everything personal (the birth kin, cards, the daily message, readings a plan opens) is
 * answered only in a private chat linked to an account; the plan is read on the server as the site reads it.
 */
export function registerCommands(
  bot: Bot<BotContext>,
  deps: {
    telegram: TelegramService;
    auth: Pick<AuthService, 'userById'>;
    subscriptions: Pick<SubscriptionService, 'accessOf'>;
    cards: Pick<CardService, 'list'>;
    reminders: Pick<ReminderService, 'setTelegram' | 'telegramChoice'>;
    publicUrl: string;
    now: () => Date;
  },
) {
  const { telegram, publicUrl } = deps;
  const buttons = buttonsAllowed(publicUrl);
  const site = (lang: Language, path = '/') => `${publicUrl}${lang === 'ru' ? '' : `/${lang}`}${path}`;

  async function stateOf(ctx: Context, chat: ChatRow): Promise<ChatState> {
    const found = ctx.chat?.type === 'private' && chat.userId ? await deps.auth.userById(chat.userId) : undefined;
    const user = found && !found.blockedAt && !found.closedAt ? found : null;
    const lang =
      (isLanguage(chat.lang ?? '') ? (chat.lang as Language) : null) ??
      languageOfTag(chat.telegramLang) ??
      (user && isLanguage(user.lang) ? user.lang : null) ??
      'ru';
    return { chat, user, lang, words: botWords(lang) };
  }

  /** The reader's today: in their reminders' time zone when linked, else in UTC. */
  async function todayOf(state: ChatState): Promise<string> {
    if (!state.user) return deps.now().toISOString().slice(0, 10);
    return localClock(deps.now(), (await deps.reminders.telegramChoice(state.user.id)).timeZone).date;
  }

  /** Text and a button: a link button where Telegram takes one, else the address written out. */
  function withButton(text: string, label: string, url: string) {
    if (buttons) return { text, other: { reply_markup: new InlineKeyboard().url(label, url) } };
    return { text: `${text}\n\n${label}: ${url}`, other: {} };
  }

  /** A day: kin, tone, seal, moon, wavespell and (when open to the reader) the reading; its share image as preview. */
  function dayText(date: string, lang: Language, withReading: boolean): string {
    const day = calendarDay(parseDate(date), lang);
    const content = reminderContent(date, lang, null, [], { daily: true, returns: false });
    const words = botWords(lang);
    const lines = [
      words.dayTitle(date, day.kin.number, day.kin.name),
      content.lines[1] ?? '',
      `${words.wavespell}: ${day.kin.waveSpell.number}. ${day.kin.waveSpell.name}`,
    ];
    if (withReading && content.lines[2]) lines.push(content.lines[2]);
    return lines.join('\n');
  }

  const preview = (date: string, lang: Language) => ({
    url: `${publicUrl}/api/share/kin/${calendarDay(parseDate(date)).kin.number}.png?lang=${lang}`,
    prefer_large_media: true,
    show_above_text: true,
  });

  const reply = (ctx: BotContext, text: string, other: object = {}) => ctx.reply(fitTelegramText(text), other);

  bot.use(async (ctx, next) => {
    if (!ctx.chat) return;
    const chat = await telegram.touchChat(ctx.chat.id, ctx.from?.language_code);
    ctx.hunab = await stateOf(ctx, chat);
    await next();
  });

  bot.command('start', async (ctx) => {
    let state = ctx.hunab;
    const payload = ctx.match.trim();
    let opening = '';
    if (payload && isLanguage(payload)) {
      // The site's chat-bot link of a language: the chat starts in it unless it chose another.
      if (!state.chat.lang) {
        await telegram.setChatLanguage(state.chat.chatId, payload);
        state = { ...state, lang: payload, words: botWords(payload) };
      }
    } else if (LINK_TOKEN.test(payload)) {
      const linkedTo = ctx.chat.type === 'private' ? await telegram.link(state.chat.chatId, payload) : null;
      if (!linkedTo) return void (await reply(ctx, state.words.linkInvalid));
      state = await stateOf(ctx, { ...state.chat, userId: linkedTo });
      opening = `${state.words.linked}\n\n`;
    }
    const today = await todayOf(state);
    const { text, other } = withButton(
      `${opening}${state.words.welcome}\n\n${dayText(today, state.lang, true)}\n\n${state.words.help}`,
      state.words.openSite,
      site(state.lang),
    );
    await reply(ctx, text, { ...other, link_preview_options: preview(today, state.lang) });
  });

  bot.command('today', async (ctx) => {
    const { lang } = ctx.hunab;
    const today = await todayOf(ctx.hunab);
    await reply(ctx, dayText(today, lang, true), { link_preview_options: preview(today, lang) });
  });

  bot.command('kin', async (ctx) => {
    const state = ctx.hunab;
    const { words, lang, user } = state;
    const asked = ctx.match.trim();
    if (asked && !validDate(asked)) return void (await reply(ctx, words.dateUsage));
    const today = await todayOf(state);
    const date = asked || today;
    const open =
      date === today || (user !== null && dateDenial(await deps.subscriptions.accessOf(user), date, today) === null);
    if (open) {
      return void (await reply(ctx, dayText(date, lang, true), { link_preview_options: preview(date, lang) }));
    }
    const locked = `${dayText(date, lang, false)}\n\n${user ? words.readingLocked : words.readingLockedGuest}`;
    const { text, other } = user
      ? withButton(locked, words.subscribe, await telegram.loginUrl(user.id, lang, '/subscription'))
      : withButton(locked, words.connectButton, site(lang, '/account'));
    await reply(ctx, text, { ...other, link_preview_options: preview(date, lang) });
  });

  /** The commands that speak of the account: an unlinked chat is told how to connect, and nothing else. */
  const personal = (handle: (ctx: BotContext, user: UserRow) => Promise<unknown>) => async (ctx: BotContext) => {
    const { user, words, lang } = ctx.hunab;
    if (user) return void (await handle(ctx, user));
    const { text, other } = withButton(words.connectFirst, words.connectButton, site(lang, '/account'));
    await reply(ctx, text, other);
  };

  bot.command(
    'me',
    personal(async (ctx, user) => {
      const { words, lang } = ctx.hunab;
      if (!user.birthDate) return reply(ctx, words.noBirthDate);
      const kin = calendarDay(parseDate(user.birthDate), lang).kin;
      return reply(ctx, words.birthKin(kin.number, kin.name, user.birthDate), {
        link_preview_options: preview(user.birthDate, lang),
      });
    }),
  );

  bot.command(
    'cards',
    personal(async (ctx, user) => {
      const { words, lang } = ctx.hunab;
      const { cards } = await deps.cards.list({ id: user.id, isAdmin: user.isAdmin });
      if (cards.length === 0) return reply(ctx, words.noCards);
      const lines = cards.map((card) => {
        const date = card.birth_date.slice(0, 10);
        const kin = calendarDay(parseDate(date), lang).kin;
        return words.cardLine(card.name, date, kin.number, kin.name);
      });
      return reply(ctx, [words.cardsTitle, ...lines].join('\n'), { link_preview_options: { is_disabled: true } });
    }),
  );

  bot.command(
    'remind',
    personal(async (ctx, user) => {
      const { words } = ctx.hunab;
      const time = typeof ctx.match === 'string' ? ctx.match.trim() : '';
      if (!TIME.test(time)) return reply(ctx, words.remindUsage);
      const chosen = await deps.reminders.setTelegram(user.id, true, time);
      return reply(ctx, words.remindOn(chosen.localTime, chosen.timeZone));
    }),
  );

  bot.command('stop', async (ctx) => {
    const { user, words } = ctx.hunab;
    if (!user || !(await deps.reminders.telegramChoice(user.id)).on)
      return void (await reply(ctx, words.nothingToStop));
    await deps.reminders.setTelegram(user.id, false);
    await reply(ctx, words.stopped);
  });

  bot.command('language', async (ctx) => {
    const keyboard = new InlineKeyboard();
    LANGUAGES.forEach((lang, index) => {
      keyboard.text(NATIVE[lang], `lang:${lang}`);
      if (index % 2 === 1) keyboard.row();
    });
    await reply(ctx, ctx.hunab.words.chooseLanguage, { reply_markup: keyboard });
  });

  bot.callbackQuery(/^lang:([a-z]{2})$/, async (ctx) => {
    const lang = ctx.match[1] ?? '';
    if (!isLanguage(lang)) return void (await ctx.answerCallbackQuery());
    await telegram.setChatLanguage(ctx.hunab.chat.chatId, lang);
    await ctx.answerCallbackQuery({ text: NATIVE[lang] });
    await reply(ctx, botWords(lang).languageSet);
  });

  bot.on('callback_query', (ctx) => ctx.answerCallbackQuery());

  bot.command('help', (ctx) => reply(ctx, ctx.hunab.words.help));

  bot.on('message', async (ctx) => {
    // Only private chats are answered for anything else; a group's other talk is not for the bot.
    if (ctx.chat.type === 'private') await reply(ctx, ctx.hunab.words.unknown);
  });
}
