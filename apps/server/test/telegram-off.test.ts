import { describe, expect, it } from 'vitest';
import { newAccount } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

describe('without a bot token', () => {
  it('says the bot is off, shuts the webhook and makes no links', async () => {
    expect((await http.get('/api/telegram/bot')).body).toEqual({ success: true, enabled: false, username: null });
    const update = {
      update_id: 1,
      message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, text: '/today' },
    };
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': 'anything' },
      payload: update,
    });
    expect(hook.statusCode).toBe(401);
    const account = await newAccount(http);
    const link = await http.post('/api/telegram/link-token', {}, { token: account.token });
    expect(link.status).toBe(409);
    expect(link.body.error.code).toBe('TELEGRAM_NOT_CONFIGURED');
  });
});
