import { describe, expect, it } from 'vitest';
import { fitTelegramText } from '../src/modules/telegram/bot.ts';

/** Whether a text holds half of a surrogate pair (what makes Telegram refuse a message). */
const hasLoneSurrogate = (text: string) =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe('a bot reply within Telegram’s limit', () => {
  it('leaves a text of 4096 UTF-16 units as it is', () => {
    const text = '🌙'.repeat(2048);
    expect(text.length).toBe(4096);
    expect(fitTelegramText(text)).toBe(text);
  });

  it('cuts 40 emoji-named cards on whole characters, counted in UTF-16 as Telegram counts', () => {
    // A list as the bot writes it, with emoji of one, two and several code points (a family joined by ZWJ).
    const names = ['🌞', '👩‍👩‍👧‍👦', '🇷🇺', '✋🏽', 'Мама 💫'];
    const text = Array.from(
      { length: 40 },
      (_, i) => `${i + 1}. ${names[i % names.length]?.repeat(30)} · 1987-03-14`,
    ).join('\n');
    expect(text.length).toBeGreaterThan(4096);
    for (let shift = 0; shift < 12; shift++) {
      const fitted = fitTelegramText(`${'x'.repeat(shift)}${text}`);
      expect(fitted.length).toBeLessThanOrEqual(4096);
      expect(fitted.endsWith('…')).toBe(true);
      expect(hasLoneSurrogate(fitted)).toBe(false);
      // Nothing of a grapheme is left behind: the kept part is the text's own beginning, cut between graphemes.
      const kept = fitted.slice(0, -1);
      const segments = [
        ...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(`${'x'.repeat(shift)}${text}`),
      ];
      expect(segments.some((segment) => segment.index === kept.length)).toBe(true);
    }
  });

  it('cuts a plain long text one unit short of the limit, with the ellipsis', () => {
    expect(fitTelegramText('a'.repeat(5000))).toBe(`${'a'.repeat(4095)}…`);
  });
});
