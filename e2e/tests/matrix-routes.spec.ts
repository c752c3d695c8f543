import { readFileSync } from 'node:fs';
import {
  addDreamspellDays,
  calendarDay,
  calendarNames,
  castleTable,
  kinEntity,
  LANGUAGES,
  type Language,
  parseDate,
  waveSpellOfDate,
} from '@hunab/calendar';
import { expect } from '@playwright/test';
import { swipeLeft, test } from './fixtures.ts';

/** 21 December 2012: kin 207, the Yellow Warrior wavespell (16), the Yellow Southern Castle (4). */
const DAY = parseDate('2012-12-21');
const at = (lang: Language, path: string) => (lang === 'ru' ? path : `/${lang}${path}`);

/** The first day of wavespell `n` nearest 21 December 2012, as the page picks it. */
function startOfWavespellNear(n: number): string {
  let offset = (n - 1) * 13 + 1 - 207;
  if (offset > 130) offset -= 260;
  if (offset < -130) offset += 260;
  return waveSpellOfDate(addDreamspellDays(DAY, offset)).days[0]?.date as string;
}

const tone = (lang: Language, n: number) => calendarNames(lang).tones[n - 1] as string;
const yearKinName = (year: number, lang: Language) =>
  kinEntity(calendarDay(parseDate(`${year}-07-26`)).kin.number, lang).name;

test.describe('every matrix route shows what its parameter names', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.setFixedTime(new Date(2012, 11, 21, 12));
  });

  for (const [lang, n] of [
    ['en', 3],
    ['ru', 15],
    ['ar', 3],
  ] as const) {
    test(`/trecena/${n} in ${lang}: that wavespell's title and 13 kins, whatever the day`, async ({ page }) => {
      await page.goto(at(lang, `/trecena/${n}`));
      await expect(page.getByTestId('matrix-title')).toHaveText(calendarNames(lang).wavespells[n - 1] as string);
      const days = page.getByTestId('trecena-grid').locator('button');
      await expect(days).toHaveCount(13);
      const kins = await days.getByTestId('kin-card').evaluateAll((cards) => cards.map((card) => card.dataset.kin));
      expect(kins).toEqual(Array.from({ length: 13 }, (_, i) => String((n - 1) * 13 + i + 1)));
      await expect(days.first()).toHaveAttribute('data-date', startOfWavespellNear(n));
      await expect(page).toHaveTitle(`${calendarNames(lang).wavespells[n - 1]} · Hunab`);
    });
  }

  test('a swipe on /trecena/3 moves on to wavespell 4 and the 13 days after those shown', async ({ page }) => {
    await page.goto('/en/trecena/3');
    await swipeLeft(page);
    await expect(page).toHaveURL(/\/en\/trecena\/4$/);
    await expect(page.getByTestId('matrix-title')).toHaveText(calendarNames('en').wavespells[3] as string);
    const first = page.getByTestId('trecena-grid').locator('button').first();
    await expect(first).toHaveAttribute('data-date', startOfWavespellNear(4));
    expect(startOfWavespellNear(4)).toBe(
      waveSpellOfDate(addDreamspellDays(parseDate(startOfWavespellNear(3)), 13)).days[0]?.date,
    );
  });

  test('/year, /plasma, /process, /kin and /context each show their own parameter', async ({ page }) => {
    for (const year of [1987, 2012]) {
      await page.goto(`/en/year/${year}`);
      await expect(page.getByTestId('matrix-title')).toHaveText(
        `Year ${year}–${year + 1} · ${yearKinName(year, 'en')}`,
      );
      await expect(page.locator('.year-moon').first().locator('.year-day').first()).toHaveAttribute(
        'href',
        `/en/context/${year}-07-26`,
      );
    }
    for (const plasma of [2, 6]) {
      await page.goto(`/de/plasma/${plasma}`);
      await expect(page.getByTestId('matrix-title')).toHaveText(
        calendarNames('de').radialPlasmas[plasma - 1] as string,
      );
    }
    for (const n of [2, 12]) {
      await page.goto(`/en/process/${n}`);
      await expect(page.getByTestId('matrix-title')).toHaveText(`Tone ${n} · ${tone('en', n)}`);
      await expect(page).toHaveTitle(`Tone ${n} · ${tone('en', n)} · Hunab`);
    }
    for (const kin of [34, 120]) {
      await page.goto(`/es/kin/${kin}`);
      await expect(page.getByTestId('kin-number')).toHaveText(String(kin));
      await expect(page.getByTestId('kin-name')).toHaveText(kinEntity(kin, 'es').name);
      await expect(page).toHaveTitle(`Kin ${kin} · ${kinEntity(kin, 'es').name} · Hunab`);
    }
    for (const [date, kin] of [
      ['1987-07-26', 34],
      ['2013-01-01', 218],
    ] as const) {
      await page.goto(`/en/context/${date}`);
      await expect(page.getByTestId('kin-number')).toHaveText(String(kin));
      await expect(page.getByTestId('matrix-title')).toContainText(date.slice(0, 4));
      await expect(page).toHaveTitle(new RegExp(`^Seal of the day · ${kinEntity(kin, 'en').sign.name} · `));
    }
  });
});

/** The <title> of a page's HTML, without its " · Hunab" and with the entities React writes read back. */
function titleOf(html: string): string {
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return raw
    .replace(/ · Hunab$/, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

const castleWords = (lang: Language) =>
  JSON.parse(readFileSync(new URL(`../../apps/web/public/locales/${lang}/castles.json`, import.meta.url), 'utf8')) as {
    items: Record<string, { court: string }>;
  };

test.describe('the server renders each parameter, in every language, before any script runs', () => {
  for (const lang of LANGUAGES) {
    test(`wavespell, castle, year, plasma, tone, kin and date pages in ${lang}`, async ({ request }) => {
      const names = calendarNames(lang);
      const expectations: [string, string, string?][] = [
        ['/trecena/3', names.wavespells[2] as string, 'data-wavespell="3"'],
        ['/trecena/15', names.wavespells[14] as string, 'data-wavespell="15"'],
        ['/castle/3', castleTable(lang)[2]?.name as string, castleWords(lang).items['3']?.court],
        ['/castle/5', castleTable(lang)[4]?.name as string, castleWords(lang).items['5']?.court],
        ['/year/1987', yearKinName(1987, lang)],
        ['/plasma/5', names.radialPlasmas[4] as string],
        ['/process/2', tone(lang, 2)],
        ['/kin/34', kinEntity(34, lang).name, 'data-testid="kin-number">34<'],
        ['/context/1987-07-26', kinEntity(34, lang).sign.name, 'data-testid="kin-number">34<'],
      ];
      for (const [path, inTitle, inPage] of expectations) {
        const html = await (await request.get(at(lang, path))).text();
        expect(html, path).toContain('<div id="root" data-ssr="1">');
        expect(titleOf(html), path).toContain(inTitle);
        // The description names the page as its title does, in the page's language.
        const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
        expect(description, path).toContain(inTitle);
        if (inPage) expect(html, path).toContain(inPage);
      }
    });
  }
});
