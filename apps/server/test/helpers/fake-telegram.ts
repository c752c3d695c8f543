import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Telegram Bot API (https://core.telegram.org/bots/api), over its HTTP protocol: POST
 * /bot<token>/<method> with a JSON body, answered `{ok:true,result}` or `{ok:false,error_code,description,
 * parameters}`. It holds to the documented limits and refuses what Telegram refuses: text of 1-4096 characters,
 * captions to 1024, callback_data of 1-64 bytes, buttons with exactly one action and a valid link, HTML entities
 * that do not parse, a webhook that is not https or whose secret_token is not 1-256 of A-Z a-z 0-9 _ -. Tests make
 * a chat block the bot (403) or hit the flood limit (429 with retry_after), for one chat or for the bot's sends a
 * second across all chats.
 */
export interface FakeCall {
  method: string;
  payload: Record<string, unknown>;
  at: number;
  ok: boolean;
}

export const FAKE_BOT = { id: 7_000_000_001, username: 'hunab_test_bot', first_name: 'Hunab' };

type Answer = [number, Record<string, unknown>];
const ok = (result: unknown): Answer => [200, { ok: true, result }];
const fail = (code: number, description: string, parameters?: Record<string, unknown>): Answer => [
  code,
  { ok: false, error_code: code, description, ...(parameters ? { parameters } : {}) },
];
const badRequest = (description: string) => fail(400, `Bad Request: ${description}`);

const HTML_TAGS = new Set([
  'b',
  'strong',
  'i',
  'em',
  'u',
  'ins',
  's',
  'strike',
  'del',
  'a',
  'code',
  'pre',
  'tg-spoiler',
  'blockquote',
  'span',
  'tg-emoji',
]);

/** Telegram's HTML parse mode: known tags, balanced, entities escaped; answers the error or null. */
function htmlError(text: string): string | null {
  const open: string[] = [];
  const tag = /<(\/?)([a-z-]+)[^>]*>|&(#\d+|#x[0-9a-f]+|lt|gt|amp|quot);|[<>&]/gi;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    if (match[0] === '<' || match[0] === '>' || match[0] === '&') {
      return `can't parse entities: unexpected character at byte offset ${match.index}`;
    }
    if (!match[2]) continue;
    const name = match[2].toLowerCase();
    if (!HTML_TAGS.has(name))
      return `can't parse entities: unsupported start tag "${name}" at byte offset ${match.index}`;
    if (match[1]) {
      if (open.pop() !== name) return `can't parse entities: can't find end tag corresponding to start tag "${name}"`;
    } else open.push(name);
  }
  return open.length ? `can't parse entities: can't find end tag corresponding to start tag "${open.at(-1)}"` : null;
}

function markupError(markup: unknown): string | null {
  if (markup === undefined) return null;
  const keyboard = (markup as { inline_keyboard?: unknown }).inline_keyboard;
  if (!Array.isArray(keyboard)) return "can't parse reply keyboard markup JSON object";
  for (const row of keyboard) {
    if (!Array.isArray(row)) return 'field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays';
    for (const button of row as Record<string, unknown>[]) {
      if (typeof button.text !== 'string' || button.text === '')
        return 'text buttons are unallowed in the inline keyboard';
      const actions = ['url', 'callback_data', 'web_app', 'login_url', 'switch_inline_query', 'pay'].filter(
        (key) => button[key] !== undefined,
      );
      if (actions.length !== 1) return 'BUTTON_TYPE_INVALID';
      if (button.callback_data !== undefined) {
        const bytes = Buffer.byteLength(String(button.callback_data));
        if (bytes < 1 || bytes > 64) return 'BUTTON_DATA_INVALID';
      }
      if (button.url !== undefined) {
        const url = URL.canParse(String(button.url)) ? new URL(String(button.url)) : null;
        if (!url || !['http:', 'https:', 'tg:'].includes(url.protocol)) return 'BUTTON_URL_INVALID';
        if (/^(localhost|127\.|0\.0\.0\.0|\[::1\])/.test(url.hostname)) return 'BUTTON_URL_INVALID';
      }
    }
  }
  return null;
}

export async function startFakeTelegram(token: string, port = 0) {
  const calls: FakeCall[] = [];
  const blocked = new Set<number>();
  const floods = new Map<number, number>();
  /** The bot's messages a second across all chats before Telegram answers 429 (about 30); none: not enforced. */
  let perSecond: number | null = null;
  const sentInSecond = new Map<number, number>();
  let webhook: { url: string; secret_token?: string } | null = null;
  let messageId = 0;

  function message(chatId: number, payload: Record<string, unknown>) {
    return {
      message_id: ++messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: chatId > 0 ? 'private' : 'group' },
      from: { ...FAKE_BOT, is_bot: true },
      ...(payload.text !== undefined ? { text: payload.text } : {}),
      ...(payload.caption !== undefined ? { caption: payload.caption } : {}),
    };
  }

  /** The checks every send shares: the chat, the block, the flood limit, the markup and the parse mode. */
  function sendError(payload: Record<string, unknown>, field: 'text' | 'caption'): Answer | null {
    const chatId = payload.chat_id;
    if (typeof chatId !== 'number' && !(typeof chatId === 'string' && /^(-?\d+|@\w{5,32})$/.test(chatId))) {
      return badRequest('chat not found');
    }
    const id = Number(chatId);
    if (blocked.has(id)) return fail(403, 'Forbidden: bot was blocked by the user');
    const wait = floods.get(id);
    if (wait !== undefined) {
      floods.delete(id);
      return fail(429, `Too Many Requests: retry after ${wait}`, { retry_after: wait });
    }
    if (perSecond !== null) {
      const second = Math.floor(Date.now() / 1000);
      const count = (sentInSecond.get(second) ?? 0) + 1;
      sentInSecond.set(second, count);
      if (count > perSecond) return fail(429, 'Too Many Requests: retry after 1', { retry_after: 1 });
    }
    const markup = markupError(payload.reply_markup);
    if (markup) return badRequest(markup);
    const text = payload[field];
    if (payload.parse_mode !== undefined) {
      if (!['HTML', 'MarkdownV2', 'Markdown'].includes(String(payload.parse_mode))) {
        return badRequest(`unsupported parse_mode "${payload.parse_mode}"`);
      }
      if (payload.parse_mode === 'HTML' && typeof text === 'string') {
        const error = htmlError(text);
        if (error) return badRequest(error);
      }
    }
    const preview = payload.link_preview_options as Record<string, unknown> | undefined;
    if (
      preview !== undefined &&
      (typeof preview !== 'object' || (preview.url !== undefined && typeof preview.url !== 'string'))
    ) {
      return badRequest('field "link_preview_options" must be a LinkPreviewOptions object');
    }
    return null;
  }

  const methods: Record<string, (payload: Record<string, unknown>) => Answer> = {
    getMe: () =>
      ok({
        ...FAKE_BOT,
        is_bot: true,
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
      }),
    sendMessage(payload) {
      const error = sendError(payload, 'text');
      if (error) return error;
      const text = payload.text;
      if (typeof text !== 'string' || text.trim() === '') return badRequest('message text is empty');
      if (text.length > 4096) return badRequest('message is too long');
      return ok(message(Number(payload.chat_id), payload));
    },
    sendPhoto(payload) {
      const error = sendError(payload, 'caption');
      if (error) return error;
      if (typeof payload.photo !== 'string' || payload.photo === '')
        return badRequest('there is no photo in the request');
      if (typeof payload.caption === 'string' && payload.caption.length > 1024) {
        return badRequest('message caption is too long');
      }
      return ok({
        ...message(Number(payload.chat_id), payload),
        photo: [{ file_id: 'AgAC', file_unique_id: 'AQAD', width: 1200, height: 630 }],
      });
    },
    setWebhook(payload) {
      const url = typeof payload.url === 'string' && URL.canParse(payload.url) ? new URL(payload.url) : null;
      if (url?.protocol !== 'https:') return badRequest('bad webhook: An HTTPS URL must be provided for webhook');
      if (url.port && !['443', '80', '88', '8443'].includes(url.port)) {
        return badRequest('bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443');
      }
      const secret = payload.secret_token;
      if (secret !== undefined && !(typeof secret === 'string' && /^[A-Za-z0-9_-]{1,256}$/.test(secret))) {
        return badRequest('secret token contains unallowed characters');
      }
      webhook = { url: url.toString(), ...(typeof secret === 'string' ? { secret_token: secret } : {}) };
      return [200, { ok: true, result: true, description: 'Webhook was set' }];
    },
    deleteWebhook() {
      webhook = null;
      return [200, { ok: true, result: true, description: 'Webhook was deleted' }];
    },
    getUpdates() {
      if (webhook)
        return fail(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        );
      return ok([]);
    },
    answerCallbackQuery(payload) {
      if (typeof payload.callback_query_id !== 'string' || payload.callback_query_id === '') {
        return badRequest('query is too old and response timeout expired or query ID is invalid');
      }
      if (typeof payload.text === 'string' && payload.text.length > 200) return badRequest('MESSAGE_TOO_LONG');
      return ok(true);
    },
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(request.url ?? '/', 'http://fake').pathname);
      let answer: Answer;
      let payload: Record<string, unknown> = {};
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        payload = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        payload = {};
      }
      const handle = match ? methods[match[2] ?? ''] : undefined;
      if (!match || match[1] !== token) answer = fail(401, 'Unauthorized');
      else if (!handle) answer = fail(404, 'Not Found');
      else answer = handle(payload);
      if (match) calls.push({ method: match[2] ?? '', payload, at: Date.now(), ok: answer[1].ok === true });
      response.writeHead(answer[0], { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer[1]));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** The calls of a send method to one chat. */
    sent: (chatId: number, method = 'sendMessage') =>
      calls.filter((call) => call.method === method && Number(call.payload.chat_id) === chatId),
    webhook: () => webhook,
    block: (chatId: number) => blocked.add(chatId),
    /** The next send to the chat answers 429 with this retry_after. */
    flood: (chatId: number, retryAfter: number) => floods.set(chatId, retryAfter),
    /** Answers 429 to the sends past `limit` in one second, across all chats, as Telegram does to a flood. */
    limitPerSecond: (limit: number | null) => {
      perSecond = limit;
      sentInSecond.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;
